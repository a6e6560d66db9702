import {
  allowedLevels,
  type ManifestPermissionLevel,
  PERMISSION_LEVELS,
  type PermissionLevelName,
  type PermissionScope,
  type PermissionTool,
} from '@lintel/shared/manifests';
import {
  Button,
  Checkbox,
  Drawer,
  Group,
  Radio,
  Stack,
  Table,
  Tabs,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { usePermissionCatalogue } from '../queries';
import { toolName } from '../toolNames';
import { DRAWER_WIDTH } from './ComponentDrawer';

type Levels = Record<string, ManifestPermissionLevel>;

/** What the Edit Permissions drawer edits of the configuration. */
export interface AuthenticationValue {
  auth_code_enabled: boolean;
  service_account_enabled: boolean;
  permissions: { company: Levels; project: Levels };
}

export interface PermissionsDrawerProps {
  opened: boolean;
  value: AuthenticationValue;
  onSave: (value: AuthenticationValue) => void;
  onClose: () => void;
}

/**
 * The Edit Permissions drawer (spec 2 §2, §5 "Edit permissions"): User Level Authentication (the auth-code
 * checkbox, locked on while a service account is asked for: a service account always comes on top of it)
 * and Service Account Authentication, whose grid — Company and Project tabs, None / Read-only / Standard /
 * Admin per tool, the levels a tool disallows not selectable — shows only when it is checked.
 */
export function PermissionsDrawer({ opened, value, onSave, onClose }: PermissionsDrawerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuthenticationValue>(value);
  const catalogue = usePermissionCatalogue();

  // A fresh copy each time the drawer opens; Cancel forgets it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (opened) setDraft(value);
  }, [opened]);

  const locked = draft.service_account_enabled;

  const setLevel = (scope: PermissionScope, tool: string, level: PermissionLevelName) =>
    setDraft((current) => {
      const levels = { ...current.permissions[scope] };
      if (level === 'none') delete levels[tool];
      else levels[tool] = level;
      return { ...current, permissions: { ...current.permissions, [scope]: levels } };
    });

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    onSave(
      draft.service_account_enabled
        ? { ...draft, auth_code_enabled: true }
        : { ...draft, permissions: { company: {}, project: {} } },
    );
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={DRAWER_WIDTH}
      title={t('manifests.builder.permissions.drawerTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Checkbox
            label={t('manifests.builder.permissions.userLevel')}
            description={
              locked
                ? t('manifests.builder.permissions.userLevelLocked')
                : t('manifests.builder.permissions.userLevelDescription')
            }
            checked={draft.auth_code_enabled || locked}
            disabled={locked}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setDraft((current) => ({ ...current, auth_code_enabled: checked }));
            }}
            data-autofocus
          />
          <Checkbox
            label={t('manifests.builder.permissions.serviceAccount')}
            description={t('manifests.builder.permissions.serviceAccountDescription')}
            checked={draft.service_account_enabled}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setDraft((current) => ({
                ...current,
                service_account_enabled: checked,
                auth_code_enabled: checked ? true : current.auth_code_enabled,
              }));
            }}
          />
          {draft.service_account_enabled ? (
            catalogue.isPending ? (
              <PageLoader />
            ) : catalogue.isError ? (
              <QueryErrorAlert error={catalogue.error} onRetry={() => void catalogue.refetch()} />
            ) : (
              <Tabs defaultValue="company" keepMounted={false}>
                <Tabs.List>
                  <Tabs.Tab value="company">{t('manifests.builder.permissions.company')}</Tabs.Tab>
                  <Tabs.Tab value="project">{t('manifests.builder.permissions.project')}</Tabs.Tab>
                </Tabs.List>
                {(['company', 'project'] as const).map((scope) => (
                  <Tabs.Panel value={scope} key={scope} pt="sm">
                    <PermissionGrid
                      scope={scope}
                      tools={catalogue.data[scope]}
                      levels={draft.permissions[scope]}
                      onChange={(tool, level) => setLevel(scope, tool, level)}
                    />
                  </Tabs.Panel>
                ))}
              </Tabs>
            )
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('manifests.builder.permissions.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}

interface PermissionGridProps {
  scope: PermissionScope;
  tools: PermissionTool[];
  levels: Levels;
  onChange: (tool: string, level: PermissionLevelName) => void;
}

/** One scope's tools, each a labelled radio group of the four levels. */
function PermissionGrid({ scope, tools, levels, onChange }: PermissionGridProps) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing={6} aria-label={t(`manifests.builder.permissions.${scope}Tools`)}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('manifests.builder.permissions.tool')}</Table.Th>
          <Table.Th>{t('manifests.builder.permissions.level')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tools.map((tool) => {
          const allowed = allowedLevels(tool);
          return (
            <Table.Tr key={tool.name}>
              <Table.Td>
                <Text size="sm" fw={500} aria-hidden>
                  {toolName(t, scope, tool)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Radio.Group
                  label={<VisuallyHidden>{toolName(t, scope, tool)}</VisuallyHidden>}
                  value={levels[tool.name] ?? 'none'}
                  onChange={(level) => onChange(tool.name, level as PermissionLevelName)}
                  name={`${scope}-${tool.name}`}
                >
                  <Group gap="md" wrap="nowrap">
                    {PERMISSION_LEVELS.map((level) => (
                      <Radio
                        key={level.name}
                        value={level.name}
                        label={t(`manifests.builder.permissions.levels.${level.name}`)}
                        disabled={!allowed.includes(level.name)}
                        size="xs"
                      />
                    ))}
                  </Group>
                </Radio.Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
