import type { WebhookHook, WebhookPermissions, WebhookResource } from '@lintel/shared';
import { Badge, Button, Card, Divider, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconListDetails, IconPencil, IconRepeat, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { HookHealth } from './HookHealth';
import { useSendTestEvent } from './queries';
import { SigningSecret } from './SigningSecret';
import { TriggerList } from './TriggerList';

export interface HookCardProps {
  appId: number;
  admin: boolean;
  hook: WebhookHook;
  resources: WebhookResource[];
  permissions: WebhookPermissions;
  onEdit: () => void;
  onDelete: () => void;
  onRedeliverFailed: () => void;
  onShowDeliveries: () => void;
}

/** One hook: where it sends, its health, its triggers, its actions and its signing secret. */
export function HookCard({
  appId,
  admin,
  hook,
  resources,
  permissions,
  onEdit,
  onDelete,
  onRedeliverFailed,
  onShowDeliveries,
}: HookCardProps) {
  const { t } = useTranslation();
  const test = useSendTestEvent(appId, admin);
  const titleId = `webhook-${hook.id}-title`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} miw={0}>
            <Title order={3} size="h5" id={titleId} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {hook.destination_url}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Badge variant="outline" color="gray" tt="none">
                {t('webhooks.hook.namespace', { namespace: hook.namespace })}
              </Badge>
              <Badge variant="outline" color="gray" tt="none">
                {t(`webhooks.versions.${hook.api_version}`)}
              </Badge>
              {hook.has_authorization ? (
                <Badge variant="outline" color="gray" tt="none">
                  {t('webhooks.hook.authorization')}
                </Badge>
              ) : null}
              {hook.project_id !== null ? (
                <Badge variant="outline" color="gray" tt="none">
                  {t('webhooks.hook.project', { id: hook.project_id })}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {permissions.can_redeliver ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconSend size={14} aria-hidden />}
                loading={test.isPending}
                onClick={() =>
                  test.mutate(hook.id, { onSuccess: () => notifySaved(t('webhooks.hook.testSent')) })
                }
              >
                {t('webhooks.hook.sendTest')}
              </Button>
            ) : null}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('webhooks.hook.actions', { url: hook.destination_url })}
                  px={8}
                >
                  <IconDots size={16} aria-hidden />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconListDetails size={14} aria-hidden />} onClick={onShowDeliveries}>
                  {t('webhooks.hook.showDeliveries')}
                </Menu.Item>
                {permissions.can_redeliver ? (
                  <Menu.Item leftSection={<IconRepeat size={14} aria-hidden />} onClick={onRedeliverFailed}>
                    {t('webhooks.hook.redeliverFailed')}
                  </Menu.Item>
                ) : null}
                {permissions.can_manage ? (
                  <>
                    <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>
                      {t('webhooks.hook.edit')}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={onDelete}
                    >
                      {t('webhooks.hook.delete')}
                    </Menu.Item>
                  </>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <MutationErrorAlert error={test.error} title={t('webhooks.hook.testFailed')} />
        <HookHealth health={hook.health} />
        <Divider />
        <TriggerList appId={appId} hook={hook} resources={resources} canManage={permissions.can_manage} />
        {permissions.can_view_secret || permissions.can_rotate_secret ? (
          <>
            <Divider />
            <SigningSecret
              appId={appId}
              hookId={hook.id}
              canView={permissions.can_view_secret}
              canRotate={permissions.can_rotate_secret}
            />
          </>
        ) : (
          <Text size="xs" c="dimmed">
            {t('webhooks.secret.notShown')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
