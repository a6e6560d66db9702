import { Badge, Code, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SchemaField } from './openapi';

/** A field's or parameter's name, marked when it is required. */
export function FieldName({ name, required }: { name: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      {/* Wraps instead of scrolling: a scrolling name would need to be focusable (axe
          scrollable-region-focusable). */}
      <Code style={{ overflowWrap: 'anywhere' }}>{name}</Code>
      {required ? (
        <Badge size="xs" color="red" variant="light">
          {t('reference.required')}
        </Badge>
      ) : null}
    </Group>
  );
}

export function SchemaFieldsTable({ fields, label }: { fields: SchemaField[]; label: string }) {
  const { t } = useTranslation();
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('reference.noFields')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label={label} withTableBorder verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('reference.field')}</Table.Th>
            <Table.Th scope="col">{t('reference.type')}</Table.Th>
            <Table.Th scope="col">{t('reference.description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => (
            <Table.Tr key={field.name}>
              <Table.Td style={{ paddingLeft: `calc(var(--mantine-spacing-xs) + ${field.depth * 12}px)` }}>
                <FieldName name={field.name} required={field.required} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {field.type}
                </Text>
              </Table.Td>
              <Table.Td>
                {field.description ? <Text size="sm">{field.description}</Text> : null}
                {field.constraints.length ? (
                  <Text size="xs" c="dimmed">
                    {field.constraints.join(' · ')}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
