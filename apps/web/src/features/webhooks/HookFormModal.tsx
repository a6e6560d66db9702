import {
  WEBHOOK_API_VERSIONS,
  WEBHOOK_LIMITS,
  type WebhookApiVersion,
  type WebhookHook,
  webhookHookInput,
} from '@lintel/shared';
import { Button, Checkbox, Group, Modal, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { useSaveHook } from './queries';

interface HookFormValues {
  destination_url: string;
  namespace: string;
  api_version: WebhookApiVersion;
  authorization: string;
  /** Editing a hook with a header: send none from now on. */
  remove_authorization: boolean;
}

export interface HookFormModalProps {
  appId: number;
  /** The hook edited; null: a new one. */
  hook: WebhookHook | null;
  opened: boolean;
  onClose: () => void;
}

const valuesOf = (hook: WebhookHook | null): HookFormValues => ({
  destination_url: hook?.destination_url ?? '',
  namespace: hook?.namespace ?? '',
  api_version: hook?.api_version ?? 'v2.0',
  authorization: '',
  remove_authorization: false,
});

/**
 * Add or edit a hook: destination URL, namespace, payload version and the Authorization header the
 * receiver checks. The header's value is never shown back: left empty on an edit it stays as it is.
 */
export function HookFormModal({ appId, hook, opened, onClose }: HookFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveHook(appId);
  const form = useForm<HookFormValues>({
    initialValues: valuesOf(hook),
    // The namespace is the one field with a pattern: its own words rather than "has the wrong format".
    validate: zodResolver(webhookHookInput, t, { invalid_format: t('webhooks.form.namespaceFormat') }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is refilled when another hook opens
  useEffect(() => {
    if (opened) {
      form.setValues(valuesOf(hook));
      form.resetDirty(valuesOf(hook));
      form.clearErrors();
      save.reset();
    }
  }, [opened, hook?.id]);

  const close = () => {
    if (!save.isPending) onClose();
  };

  const submit = (values: HookFormValues) => {
    const authorization = values.authorization.trim();
    save.mutate(
      {
        hookId: hook?.id ?? null,
        hook: {
          destination_url: values.destination_url.trim(),
          namespace: values.namespace.trim(),
          api_version: values.api_version,
          // An edit keeps the header unless a new one is typed.
          ...(authorization
            ? { authorization }
            : !hook || values.remove_authorization
              ? { authorization: null }
              : {}),
        },
      },
      {
        onSuccess: () => {
          notifySaved(hook ? t('webhooks.form.updated') : t('webhooks.form.created'));
          onClose();
        },
        onError: (error) => applyServerErrors(form, error, t),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={hook ? t('webhooks.form.editTitle') : t('webhooks.form.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <MutationErrorAlert error={save.error} form={form} title={t('webhooks.form.failed')} />
          <TextInput
            label={t('webhooks.form.destinationUrl')}
            description={t('webhooks.form.destinationUrlHint')}
            placeholder="https://example.com/webhooks"
            required
            data-autofocus
            maxLength={WEBHOOK_LIMITS.url}
            disabled={save.isPending}
            {...form.getInputProps('destination_url')}
          />
          <TextInput
            label={t('webhooks.form.namespace')}
            description={t('webhooks.form.namespaceHint')}
            placeholder="my-integration"
            required
            maxLength={WEBHOOK_LIMITS.namespace}
            disabled={save.isPending}
            {...form.getInputProps('namespace')}
          />
          <Select
            label={t('webhooks.form.apiVersion')}
            description={t('webhooks.form.apiVersionHint')}
            data={WEBHOOK_API_VERSIONS.map((value) => ({ value, label: t(`webhooks.versions.${value}`) }))}
            allowDeselect={false}
            disabled={save.isPending}
            {...form.getInputProps('api_version')}
          />
          <PasswordInput
            label={t('webhooks.form.authorization')}
            description={
              hook?.has_authorization
                ? t('webhooks.form.authorizationKept')
                : t('webhooks.form.authorizationHint')
            }
            placeholder="Bearer …"
            autoComplete="off"
            maxLength={WEBHOOK_LIMITS.authorization}
            disabled={save.isPending || form.getValues().remove_authorization}
            {...form.getInputProps('authorization')}
          />
          {hook?.has_authorization ? (
            <Checkbox
              label={t('webhooks.form.removeAuthorization')}
              disabled={save.isPending}
              {...form.getInputProps('remove_authorization', { type: 'checkbox' })}
            />
          ) : null}
          <Text size="xs" c="dimmed">
            {t('webhooks.form.signingNote')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {hook ? t('webhooks.form.save') : t('webhooks.form.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
