import {
  availableComponentTypes,
  type ComponentType,
  expandViews,
  parametersOf,
} from '@lintel/shared/manifests';
import { ActionIcon, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CollapsibleCard } from './CollapsibleCard';
import type { FormComponent } from './formTypes';

export interface ComponentsCardProps {
  components: Partial<Record<ComponentType, FormComponent | null | undefined>>;
  editable: boolean;
  governmentCloud: boolean;
  onAdd: () => void;
  onEdit: (type: ComponentType) => void;
  onRemove: (type: ComponentType) => void;
}

const ORDER: readonly ComponentType[] = ['sidepanel', 'fullscreen'];

/** Embedded Components (spec 2 §2 Configurations tab): the side panel and full-screen components. */
export function ComponentsCard({
  components,
  editable,
  governmentCloud,
  onAdd,
  onEdit,
  onRemove,
}: ComponentsCardProps) {
  const { t } = useTranslation();
  const present = ORDER.filter((type) => components[type]);
  const canAdd = editable && availableComponentTypes(present, { governmentCloud }).length > 0;
  const title = t('manifests.builder.components.title');
  return (
    <CollapsibleCard
      id="embedded-components"
      title={title}
      description={t('manifests.builder.components.description')}
      actions={
        canAdd ? (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
            {t('manifests.builder.components.add')}
          </Button>
        ) : null
      }
    >
      {present.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('manifests.builder.components.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('manifests.builder.components.columns.type')}</Table.Th>
                <Table.Th>{t('manifests.builder.components.columns.sourceUrl')}</Table.Th>
                <Table.Th>{t('manifests.builder.components.columns.views')}</Table.Th>
                <Table.Th>{t('manifests.builder.components.columns.parameters')}</Table.Th>
                {editable ? (
                  <Table.Th>
                    <VisuallyHidden>{t('manifests.builder.actions')}</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {present.map((type) => {
                const component = components[type] as FormComponent;
                const label = t(`manifests.builder.components.types.${type}`);
                return (
                  <Table.Tr key={type}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{component.source_url}</Table.Td>
                    <Table.Td>
                      {type === 'sidepanel'
                        ? expandViews(component.views ?? []).length
                        : t('common.notAvailable')}
                    </Table.Td>
                    <Table.Td>{parametersOf(component.user_configuration?.schema).length}</Table.Td>
                    {editable ? (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            onClick={() => onEdit(type)}
                            aria-label={t('manifests.builder.components.edit', { type: label })}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => onRemove(type)}
                            aria-label={t('manifests.builder.components.remove', { type: label })}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </CollapsibleCard>
  );
}
