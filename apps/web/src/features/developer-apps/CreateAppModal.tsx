import { createDeveloperAppRequest, DEVELOPER_APP_LIMITS, type DeveloperApp } from '@lintel/shared';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { appPath, CREATE_POLL_MS, CREATE_REDIRECT_MS, TERMS_PATH } from './constants';
import { developerAppKeys, fetchDeveloperApp, useCreateDeveloperApp } from './queries';

/**
 * Goes to a just-created app once it has a sandbox: polled every second (TanStack Query's
 * refetchInterval), and the redirect happens after ten seconds anyway (spec 2 §2, §9).
 */
function useRedirectOnceSandboxed() {
  const navigate = useNavigate();
  const [created, setCreated] = useState<DeveloperApp | null>(null);
  const waiting = created !== null;
  const poll = useQuery({
    queryKey: developerAppKeys.detail(created?.id ?? 0),
    queryFn: ({ signal }) => fetchDeveloperApp(created?.id ?? 0, signal),
    enabled: waiting,
    // The create answer is in the cache already: the first poll is one interval later, not at once.
    staleTime: CREATE_POLL_MS,
    refetchInterval: (query) => (query.state.data?.sandbox ? false : CREATE_POLL_MS),
    refetchIntervalInBackground: true,
    // A failed poll is retried on the next tick; the deadline still applies.
    retry: false,
  });
  const sandboxed = Boolean(poll.data?.sandbox);

  useEffect(() => {
    if (created && sandboxed) navigate(appPath(created.id));
  }, [created, sandboxed, navigate]);

  useEffect(() => {
    if (!created) return;
    const deadline = setTimeout(() => navigate(appPath(created.id)), CREATE_REDIRECT_MS);
    return () => clearTimeout(deadline);
  }, [created, navigate]);

  return {
    waiting,
    start(app: DeveloperApp) {
      if (app.sandbox) navigate(appPath(app.id));
      else setCreated(app);
    },
  };
}

export interface CreateAppModalProps {
  opened: boolean;
  onClose: () => void;
}

/** "Create a New App": a required App Name, sent as internal_name (spec 2 §2). */
export function CreateAppModal({ opened, onClose }: CreateAppModalProps) {
  const { t } = useTranslation();
  const create = useCreateDeveloperApp();
  const redirect = useRedirectOnceSandboxed();
  const form = useForm({
    initialValues: { internal_name: '' },
    validate: zodResolver(createDeveloperAppRequest, t, { required: t('developerApps.create.nameRequired') }),
  });
  const busy = create.isPending || redirect.waiting;

  const close = () => {
    if (busy) return;
    form.reset();
    create.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('developerApps.create.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          create.mutate(values.internal_name.trim(), {
            onSuccess: (app) => redirect.start(app),
            onError: (error) => applyServerErrors(form, error, t),
          }),
        )}
      >
        <Stack>
          <MutationErrorAlert error={create.error} form={form} title={t('developerApps.create.failed')} />
          <TextInput
            label={t('developerApps.create.name')}
            required
            data-autofocus
            maxLength={DEVELOPER_APP_LIMITS.internalName}
            disabled={busy}
            {...form.getInputProps('internal_name')}
          />
          <Text size="sm" c="dimmed">
            <Trans
              i18nKey="developerApps.create.policy"
              components={{ terms: <Anchor component={Link} to={TERMS_PATH} underline="always" /> }}
            />
          </Text>
          {redirect.waiting ? (
            <Text size="sm" role="status">
              {t('developerApps.create.preparing')}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('developerApps.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
