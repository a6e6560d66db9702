import type { WebhookHook, WebhookResource } from '@lintel/shared';
import { ActionIcon, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { useAddTrigger, useRemoveTrigger } from './queries';

export interface TriggerListProps {
  appId: number;
  hook: WebhookHook;
  resources: WebhookResource[];
  canManage: boolean;
}

/** `RFIs create` as the catalogue's value of the add-trigger choice. */
const choiceOf = (resource: string, event: string) => `${resource}\u0000${event}`;

/** A hook's triggers (resource and event type), each removable, and the catalogue's others to add. */
export function TriggerList({ appId, hook, resources, canManage }: TriggerListProps) {
  const { t } = useTranslation();
  const add = useAddTrigger(appId);
  const remove = useRemoveTrigger(appId);
  const [choice, setChoice] = useState<string | null>(null);
  const taken = new Set(hook.triggers.map((trigger) => choiceOf(trigger.resource_name, trigger.event_type)));
  const groups = resources
    .map((resource) => ({
      group: resource.resource_name,
      items: resource.event_types
        .filter((event) => !taken.has(choiceOf(resource.resource_name, event)))
        .map((event) => ({
          value: choiceOf(resource.resource_name, event),
          label: t('webhooks.triggers.choice', {
            resource: resource.resource_name,
            event: eventName(t, event),
          }),
        })),
    }))
    .filter((group) => group.items.length > 0);
  const labelId = `webhook-${hook.id}-triggers`;

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text size="sm" fw={600} id={labelId}>
        {t('webhooks.triggers.title')}
      </Text>
      {hook.triggers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('webhooks.triggers.empty')}
        </Text>
      ) : (
        <Group gap="xs" wrap="wrap" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {hook.triggers.map((trigger) => {
            const label = t('webhooks.triggers.choice', {
              resource: trigger.resource_name,
              event: eventName(t, trigger.event_type),
            });
            return (
              <li key={trigger.id}>
                <Badge
                  variant="light"
                  size="lg"
                  tt="none"
                  rightSection={
                    canManage ? (
                      <ActionIcon
                        size="xs"
                        variant="transparent"
                        aria-label={t('webhooks.triggers.remove', { trigger: label })}
                        loading={remove.isPending && remove.variables?.triggerId === trigger.id}
                        onClick={() => remove.mutate({ hookId: hook.id, triggerId: trigger.id })}
                      >
                        <IconX size={12} aria-hidden />
                      </ActionIcon>
                    ) : null
                  }
                >
                  {label}
                </Badge>
              </li>
            );
          })}
        </Group>
      )}
      {canManage && groups.length > 0 ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t('webhooks.triggers.add')}
            placeholder={t('webhooks.triggers.addPlaceholder')}
            data={groups}
            value={choice}
            onChange={setChoice}
            searchable
            w={260}
            size="xs"
          />
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={choice === null}
            loading={add.isPending}
            onClick={() => {
              if (!choice) return;
              const [resourceName = '', eventType = ''] = choice.split('\u0000');
              add.mutate({ hookId: hook.id, resourceName, eventType }, { onSuccess: () => setChoice(null) });
            }}
          >
            {t('webhooks.triggers.addButton')}
          </Button>
        </Group>
      ) : null}
      <MutationErrorAlert error={add.error ?? remove.error} title={t('webhooks.triggers.failed')} />
    </Stack>
  );
}

/** An event type in words (create → "created"); an unknown one as it is. */
export function eventName(t: TFunction, event: string | null): string {
  switch (event) {
    case 'create':
      return t('webhooks.events.create');
    case 'update':
      return t('webhooks.events.update');
    case 'delete':
      return t('webhooks.events.delete');
    default:
      return event ?? t('webhooks.events.test');
  }
}
