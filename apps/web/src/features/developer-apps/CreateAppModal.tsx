import { createDeveloperAppRequest, DEVELOPER_APP_LIMITS, type DeveloperApp } from '@lintel/shared';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { appPath, CREATE_POLL_MS, CREATE_REDIRECT_MS, TERMS_PATH } from './constants';
import { developerAppKeys, fetchDeveloperApp, useCreateDeveloperApp } from './queries';

/**
 * Goes to a just-created app once it has a sandbox: polled every second, and the redirect happens
 * after ten seconds anyway (spec 2 §2, §9).
 */
function useRedirectOnceSandboxed() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const [waiting, setWaiting] = useState(false);

  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );

  return {
    waiting,
    start(app: DeveloperApp) {
      const go = () => {
        for (const timer of timers.current) clearTimeout(timer);
        timers.current = [];
        navigate(appPath(app.id));
      };
      if (app.sandbox) return go();
      setWaiting(true);
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        go();
      };
      const poll = () => {
        timers.current.push(
          setTimeout(async () => {
            try {
              const fresh = await fetchDeveloperApp(app.id);
              if (done) return;
              queryClient.setQueryData(developerAppKeys.detail(app.id), fresh);
              if (fresh.sandbox) return finish();
            } catch {
              // A failed poll is retried on the next tick; the deadline still applies.
            }
            if (!done) poll();
          }, CREATE_POLL_MS),
        );
      };
      poll();
      timers.current.push(setTimeout(finish, CREATE_REDIRECT_MS));
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
    <Modal opened={opened} onClose={close} title={t('developerApps.create.title')} centered>
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
              components={{ terms: <Anchor component={Link} to={TERMS_PATH} /> }}
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
