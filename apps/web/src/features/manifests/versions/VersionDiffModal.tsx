import {
  diffManifests,
  type Manifest,
  type ManifestSummary,
  type PermissionScope,
} from '@lintel/shared/manifests';
import {
  Alert,
  Badge,
  Code,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useManifest, usePermissionCatalogue, useViewKeys } from '../queries';
import { toolName } from '../toolNames';
import { type DiffSection, diffVersions, type ManifestChange } from './diff';

export interface VersionDiffModalProps {
  opened: boolean;
  /** Every version of the app (sandbox and production), newest first. */
  versions: readonly ManifestSummary[];
  /** The versions to start with: older (left) and newer (right). */
  initial: { before: number | null; after: number | null };
  onClose: () => void;
}

const SECTIONS: readonly DiffSection[] = [
  'authentication',
  'components',
  'views',
  'parameters',
  'permissions',
  'instructions',
];

export function versionOptionLabel(t: TFunction, version: ManifestSummary): string {
  return t('manifests.diff.option', {
    version: version.semantic_version,
    environment: t(`manifests.versions.environments.${version.environment_type}`),
  });
}

/**
 * Compares two versions of an app side by side (issue 9, beyond the reference): what changed in
 * authentication, components, views, parameters, permissions and instructions, older on the left.
 */
export function VersionDiffModal({ opened, versions, initial, onClose }: VersionDiffModalProps) {
  const { t } = useTranslation();
  const [before, setBefore] = useState<number | null>(initial.before);
  const [after, setAfter] = useState<number | null>(initial.after);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (opened) {
      setBefore(initial.before);
      setAfter(initial.after);
    }
  }, [opened]);

  const options = versions.map((version) => ({
    value: String(version.id),
    label: versionOptionLabel(t, version),
  }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={1100}
      title={t('manifests.diff.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('manifests.diff.before')}
            data={options}
            value={before === null ? null : String(before)}
            onChange={(value) => setBefore(value ? Number(value) : null)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('manifests.diff.after')}
            data={options}
            value={after === null ? null : String(after)}
            onChange={(value) => setAfter(value ? Number(value) : null)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {before !== null && after !== null ? (
          <DiffBody beforeId={before} afterId={after} />
        ) : (
          <Text c="dimmed">{t('manifests.diff.pick')}</Text>
        )}
      </Stack>
    </Modal>
  );
}

function DiffBody({ beforeId, afterId }: { beforeId: number; afterId: number }) {
  const { t } = useTranslation();
  const a = useManifest(beforeId);
  const b = useManifest(afterId);
  const views = useViewKeys();
  const diff = useMemo(
    () => (a.data && b.data ? diffVersions(a.data, b.data, views.data?.views) : null),
    [a.data, b.data, views.data],
  );

  if (a.isError || b.isError)
    return (
      <QueryErrorAlert
        error={a.error ?? b.error}
        onRetry={() => {
          void a.refetch();
          void b.refetch();
        }}
      />
    );
  if (!a.data || !b.data || !diff) return <PageLoader />;
  if (beforeId === afterId) return <Text c="dimmed">{t('manifests.diff.same')}</Text>;

  if (!diff.comparable) return <DocumentDiff before={a.data} after={b.data} />;

  if (diff.changes.length === 0) return <Text>{t('manifests.diff.none')}</Text>;

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" role="status">
        {t('manifests.diff.count', { number: diff.changes.length })}
      </Text>
      {SECTIONS.map((section) => {
        const changes = diff.changes.filter((change) => change.section === section);
        if (changes.length === 0) return null;
        const titleId = `diff-${section}`;
        return (
          <section key={section} aria-labelledby={titleId}>
            <Title order={3} size="h5" id={titleId} mb="xs">
              {t(`manifests.diff.sections.${section}`)}
            </Title>
            <Table withTableBorder withColumnBorders layout="fixed" aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="28%">{t('manifests.diff.columns.what')}</Table.Th>
                  <Table.Th>
                    {t('manifests.diff.columns.before', { version: a.data.semantic_version })}
                  </Table.Th>
                  <Table.Th>
                    {t('manifests.diff.columns.after', { version: b.data.semantic_version })}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((change) => (
                  <ChangeRow
                    key={`${change.component ?? change.scope ?? ''}:${change.subject}:${change.field ?? ''}`}
                    change={change}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </section>
        );
      })}
    </Stack>
  );
}

const KIND_COLOURS = { added: 'green', removed: 'red', changed: 'blue' } as const;

function ChangeRow({ change }: { change: ManifestChange }) {
  const { t } = useTranslation();
  const catalogue = usePermissionCatalogue().data;
  const nameOf = (scope: PermissionScope, name: string) =>
    toolName(t, scope, catalogue?.[scope].find((tool) => tool.name === name) ?? { name });

  const component = change.component ? t(`manifests.builder.components.types.${change.component}`) : '';
  let what: string;
  switch (change.section) {
    case 'authentication':
      what =
        change.subject === 'auth_code_enabled'
          ? t('manifests.builder.permissions.userLevel')
          : t('manifests.builder.permissions.serviceAccount');
      break;
    case 'components':
      what =
        change.subject === ''
          ? component
          : t('manifests.diff.componentField', {
              component,
              field:
                change.subject === 'source_url'
                  ? t('manifests.builder.component.sourceUrl')
                  : t('manifests.builder.component.description'),
            });
      break;
    case 'views':
      what = change.subject;
      break;
    case 'parameters':
      what = change.field
        ? t('manifests.diff.parameterField', {
            component,
            key: change.subject,
            field: t(`manifests.builder.parameter.${change.field}`),
          })
        : t('manifests.diff.parameter', { component, key: change.subject });
      break;
    case 'permissions':
      what = t('manifests.diff.permission', {
        scope: t(`manifests.builder.permissions.${change.scope ?? 'company'}`),
        tool: nameOf(change.scope ?? 'company', change.subject),
      });
      break;
    default:
      what =
        change.subject === 'notes'
          ? t('manifests.builder.instructions.notes')
          : change.subject === 'page.label'
            ? t('manifests.builder.instructions.label')
            : t('manifests.builder.instructions.url');
  }

  const show = (value: string | null) => {
    if (value === null)
      return (
        <Text size="sm" c="dimmed">
          {t('manifests.diff.absent')}
        </Text>
      );
    if (change.section === 'authentication' || change.field === 'required')
      return (
        <Text size="sm">{value === 'true' ? t('manifests.builder.yes') : t('manifests.builder.no')}</Text>
      );
    if (change.section === 'permissions')
      return (
        <Text size="sm">
          {t(`manifests.builder.permissions.levels.${value as 'readonly' | 'standard' | 'admin'}`)}
        </Text>
      );
    return (
      <Text size="sm" style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
        {value}
      </Text>
    );
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Badge size="xs" variant="light" color={KIND_COLOURS[change.kind]}>
            {t(`manifests.diff.kinds.${change.kind}`)}
          </Badge>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {what}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td bg={change.kind !== 'added' ? 'var(--mantine-color-red-light)' : undefined}>
        {show(change.before)}
      </Table.Td>
      <Table.Td bg={change.kind !== 'removed' ? 'var(--mantine-color-green-light)' : undefined}>
        {show(change.after)}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Versions the builder cannot read (a 3.x manifest with two side panels …) are compared leaf by leaf with
 * the shared diffManifests: each JSON pointer that differs, with its values.
 */
function DocumentDiff({ before, after }: { before: Manifest; after: Manifest }) {
  const { t } = useTranslation();
  const changes = useMemo(
    () =>
      diffManifests(before.content, after.content, {
        before: before.auth_code_enabled,
        after: after.auth_code_enabled,
      }),
    [before, after],
  );
  return (
    <Stack gap="sm">
      <Alert color="blue">{t('manifests.diff.notComparable')}</Alert>
      {changes.length === 0 ? (
        <Text>{t('manifests.diff.none')}</Text>
      ) : (
        <Table
          withTableBorder
          withColumnBorders
          layout="fixed"
          aria-label={t('manifests.diff.sections.document')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="34%">{t('manifests.diff.columns.where')}</Table.Th>
              <Table.Th>{t('manifests.diff.columns.before', { version: before.semantic_version })}</Table.Th>
              <Table.Th>{t('manifests.diff.columns.after', { version: after.semantic_version })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={change.path}>
                <Table.Td>
                  <Code style={{ wordBreak: 'break-all' }}>{change.path}</Code>
                </Table.Td>
                {[change.before, change.after].map((value, index) => (
                  <Table.Td
                    // biome-ignore lint/suspicious/noArrayIndexKey: the two sides, always in this order
                    key={index}
                    bg={
                      value === null
                        ? undefined
                        : index === 0
                          ? 'var(--mantine-color-red-light)'
                          : 'var(--mantine-color-green-light)'
                    }
                  >
                    {value === null ? (
                      <Text size="sm" c="dimmed">
                        {t('manifests.diff.absent')}
                      </Text>
                    ) : (
                      <Text size="sm" style={{ wordBreak: 'break-word' }}>
                        {value}
                      </Text>
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
