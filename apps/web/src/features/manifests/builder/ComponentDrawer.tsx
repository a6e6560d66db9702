import {
  availableComponentTypes,
  type ComponentType,
  componentProblems,
  type Parameter,
  parametersOf,
  schemaOfParameters,
} from '@lintel/shared/manifests';
import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Fieldset,
  Group,
  Input,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useViewKeys } from '../queries';
import type { FormComponent } from './formTypes';
import { ParameterModal } from './ParameterModal';
import { problemAt } from './ruleText';
import { ViewsTree } from './ViewsTree';

/** The component and permissions drawers' width (spec 2 §9). */
export const DRAWER_WIDTH = 804;

export interface ComponentDrawerProps {
  opened: boolean;
  /** The component being edited; null adds one. */
  component: FormComponent | null;
  /** The types the configuration already has (an added component cannot take one of them). */
  presentTypes: readonly ComponentType[];
  governmentCloud: boolean;
  onSave: (component: FormComponent) => void;
  onClose: () => void;
}

interface Draft {
  type: ComponentType | null;
  source_url: string;
  description: string;
  views: string[];
  parameters: Parameter[];
}

function draftOf(component: FormComponent | null): Draft {
  return {
    type: component?.type ?? null,
    source_url: component?.source_url ?? '',
    description: component?.description ?? '',
    views: [...(component?.views ?? [])],
    parameters: parametersOf(component?.user_configuration?.schema),
  };
}

/** The component a draft saves as: a full-screen component drops its views (spec 2 §5). */
function componentOf(draft: Draft, uuid: string | undefined): Record<string, unknown> {
  return {
    type: draft.type ?? undefined,
    source_url: draft.source_url.trim(),
    ...(draft.description.trim() ? { description: draft.description.trim() } : {}),
    ...(uuid ? { uuid } : {}),
    ...(draft.type === 'sidepanel' ? { views: draft.views } : {}),
    ...(draft.parameters.length > 0
      ? { user_configuration: { schema: schemaOfParameters(draft.parameters) } }
      : {}),
  };
}

/**
 * The add or edit component drawer (spec 2 §2 Dialogs, §4 "Add component", §5 "Component form"): type
 * (types already present and, in government cloud, the side panel are not offered), source URL, the views
 * tree for a side panel, and the user-configuration parameters with their modal.
 */
export function ComponentDrawer({
  opened,
  component,
  presentTypes,
  governmentCloud,
  onSave,
  onClose,
}: ComponentDrawerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(component));
  const [submitted, setSubmitted] = useState(false);
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const views = useViewKeys();

  // A fresh copy each time the drawer opens; Cancel forgets it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (opened) {
      setDraft(draftOf(component));
      setSubmitted(false);
      setEditing(null);
    }
  }, [opened]);

  const types: ComponentType[] = component
    ? [component.type]
    : availableComponentTypes(presentTypes, { governmentCloud });
  const candidate = componentOf(draft, component?.uuid);
  const problems = componentProblems(candidate, '', { governmentCloud });
  const error = (pointer: string) => (submitted ? problemAt(t, problems, pointer) : undefined);

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.length > 0) return;
    onSave(candidate as FormComponent);
  };

  const saveParameter = (parameter: Parameter) => {
    setDraft((current) => {
      const parameters = [...current.parameters];
      if (editing?.index === null || editing?.index === undefined) parameters.push(parameter);
      else parameters[editing.index] = parameter;
      return { ...current, parameters };
    });
    setEditing(null);
  };

  const editedParameter =
    editing && editing.index !== null ? (draft.parameters[editing.index] ?? null) : null;
  const otherKeys = draft.parameters.filter((_, index) => index !== editing?.index).map((p) => p.key);
  const typeLabel = (type: ComponentType) => t(`manifests.builder.components.types.${type}`);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={DRAWER_WIDTH}
      title={
        component ? t('manifests.builder.component.editTitle') : t('manifests.builder.component.addTitle')
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnEscape={editing === null}
    >
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Select
            label={t('manifests.builder.component.type')}
            placeholder={t('manifests.builder.component.typePlaceholder')}
            required
            data={types.map((type) => ({ value: type, label: typeLabel(type) }))}
            value={draft.type}
            onChange={(value) =>
              setDraft((current) => ({ ...current, type: (value as ComponentType) ?? null }))
            }
            disabled={component !== null}
            error={error('/type')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
            data-autofocus
          />
          {types.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('manifests.builder.component.noTypes')}
            </Text>
          ) : null}
          <TextInput
            label={t('manifests.builder.component.sourceUrl')}
            description={t('manifests.builder.component.sourceUrlDescription')}
            placeholder="https://"
            required
            type="url"
            value={draft.source_url}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((current) => ({ ...current, source_url: value }));
            }}
            error={error('/source_url')}
            spellCheck={false}
          />
          <Textarea
            label={t('manifests.builder.component.description')}
            autosize
            minRows={2}
            value={draft.description}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((current) => ({ ...current, description: value }));
            }}
          />
          {draft.type === 'sidepanel' ? (
            <Fieldset legend={t('manifests.builder.component.views')} variant="filled">
              <Text size="sm" c="dimmed" mb="xs">
                {t('manifests.builder.component.viewsDescription')}
              </Text>
              {views.isPending ? (
                <PageLoader />
              ) : views.isError ? (
                <QueryErrorAlert error={views.error} onRetry={() => void views.refetch()} />
              ) : (
                <ViewsTree
                  keys={views.data.views}
                  value={draft.views}
                  onChange={(next) => setDraft((current) => ({ ...current, views: next }))}
                />
              )}
              {error('/views') ? (
                <Input.Error mt="xs" role="alert">
                  {error('/views')}
                </Input.Error>
              ) : null}
            </Fieldset>
          ) : null}
          <Fieldset legend={t('manifests.builder.component.parameters')} variant="filled">
            <Text size="sm" c="dimmed" mb="xs">
              {t('manifests.builder.component.parametersDescription')}
            </Text>
            {draft.parameters.length === 0 ? (
              <Text size="sm" mb="xs">
                {t('manifests.builder.component.noParameters')}
              </Text>
            ) : (
              <Table mb="xs" aria-label={t('manifests.builder.component.parameters')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('manifests.builder.parameter.name')}</Table.Th>
                    <Table.Th>{t('manifests.builder.parameter.key')}</Table.Th>
                    <Table.Th>{t('manifests.builder.parameter.required')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('manifests.builder.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {draft.parameters.map((parameter, index) => (
                    <Table.Tr key={parameter.key}>
                      <Table.Td>{parameter.name}</Table.Td>
                      <Table.Td>
                        <code>{parameter.key}</code>
                      </Table.Td>
                      <Table.Td>
                        {parameter.required ? t('manifests.builder.yes') : t('manifests.builder.no')}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            onClick={() => setEditing({ index })}
                            aria-label={t('manifests.builder.parameter.editNamed', { name: parameter.name })}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() =>
                              setDraft((current) => ({
                                ...current,
                                parameters: current.parameters.filter((_, i) => i !== index),
                              }))
                            }
                            aria-label={t('manifests.builder.parameter.removeNamed', {
                              name: parameter.name,
                            })}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setEditing({ index: null })}
            >
              {t('manifests.builder.parameter.addTitle')}
            </Button>
          </Fieldset>
          {submitted && problems.length > 0 ? (
            <Alert color="red" role="alert">
              {t('manifests.builder.component.fixProblems')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('manifests.builder.component.save')}</Button>
          </Group>
        </Stack>
      </form>
      <ParameterModal
        opened={editing !== null}
        parameter={editedParameter}
        otherKeys={otherKeys}
        onSave={saveParameter}
        onClose={() => setEditing(null)}
      />
    </Drawer>
  );
}
