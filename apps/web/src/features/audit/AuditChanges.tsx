import type { AuditEvent } from '@lintel/shared';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const MAX_VALUE = 120;

function shown(value: unknown, none: string): string {
  if (value === null || value === undefined || value === '') return none;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** The changed fields of an event, one line each: `field: before → after`. */
export function AuditChanges({ changes }: { changes: AuditEvent['changes'] }) {
  const { t } = useTranslation();
  const fields = [...new Set([...Object.keys(changes.before), ...Object.keys(changes.after)])];
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('audit.noChanges')}
      </Text>
    );
  }
  const none = t('audit.empty_value');
  return (
    <Stack gap={2}>
      {fields.map((field) => (
        <Text size="sm" key={field} style={{ overflowWrap: 'anywhere' }}>
          {t('audit.change', {
            field,
            before: shown(changes.before[field], none),
            after: shown(changes.after[field], none),
          })}
        </Text>
      ))}
    </Stack>
  );
}
