import type { AuditEvent } from '@lintel/shared';
import { Anchor, Code, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDateTime } from '../../components/format';
import { AuditChanges } from './AuditChanges';

/** The columns of an audit list: time, actor, action, subject and the before → after of each field. */
export function auditColumns(
  t: TFunction,
  options: { withApp: boolean },
): DataTableColumn<AuditEvent, 'created_at'>[] {
  return [
    {
      id: 'time',
      header: t('audit.columns.time'),
      sortKey: 'created_at',
      render: (event) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(event.created_at)}
          </Text>
          {event.client_address ? (
            <Text size="xs" c="dimmed">
              {t('audit.from', { address: event.client_address })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'actor',
      header: t('audit.columns.actor'),
      render: (event) =>
        event.actor ? (
          <Stack gap={0}>
            <Text size="sm">{event.actor.name}</Text>
            <Text size="xs" c="dimmed">
              {event.actor.email}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('audit.deletedActor')}
          </Text>
        ),
    },
    { id: 'action', header: t('audit.columns.action'), render: (event) => <Code>{event.action}</Code> },
    {
      id: 'subject',
      header: t('audit.columns.subject'),
      render: (event) => (
        <Stack gap={0}>
          <Text size="sm">{t('audit.subject', { type: event.subject_type, id: event.subject_id })}</Text>
          {options.withApp && event.developer_app_id !== null ? (
            <Anchor component={Link} to={`/admin/developer_apps/${event.developer_app_id}`} size="xs">
              {t('audit.app', { id: event.developer_app_id })}
            </Anchor>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'changes',
      header: t('audit.columns.changes'),
      render: (event) => <AuditChanges changes={event.changes} />,
    },
  ];
}
