import type { InvitationRole } from '@lintel/shared';
import { Alert, Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { errorMessage } from '../../../api/formErrors';
import { useInviteCollaborator } from '../queries';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AddUserModalProps {
  appId: number;
  opened: boolean;
  onClose: () => void;
  onInvited: (email: string) => void;
}

/** Invite someone by e-mail as a developer or an admin (spec 2 §2, §5). */
export function AddUserModal({ appId, opened, onClose, onInvited }: AddUserModalProps) {
  const { t } = useTranslation();
  const invite = useInviteCollaborator(appId);
  const form = useForm<{ email: string; role: InvitationRole }>({
    initialValues: { email: '', role: 'developer' },
    validate: {
      email: (value) => {
        if (!value.trim()) return t('validation.required');
        return EMAIL.test(value.trim()) ? null : t('validation.email');
      },
    },
  });
  const emailError = isApiError(invite.error) ? invite.error.detailFor('email') : undefined;

  const close = () => {
    if (invite.isPending) return;
    form.reset();
    invite.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('developerApps.collaborators.add.title')} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const email = values.email.trim();
          invite.mutate(
            { email, role: values.role },
            {
              onSuccess: () => {
                form.reset();
                invite.reset();
                onInvited(email);
              },
              onError: (error) => {
                const message = isApiError(error) ? error.detailFor('email') : undefined;
                if (message) form.setFieldError('email', message);
              },
            },
          );
        })}
      >
        <Stack>
          {invite.isError && !emailError ? (
            <Alert
              color="red"
              role="alert"
              icon={<IconAlertCircle aria-hidden />}
              title={t('developerApps.errorOccurred')}
            >
              {errorMessage(invite.error, t('errors.generic'))}
            </Alert>
          ) : null}
          <TextInput
            label={t('developerApps.collaborators.add.email')}
            type="email"
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <Radio.Group
            label={t('developerApps.collaborators.add.role')}
            required
            {...form.getInputProps('role')}
          >
            <Group mt="xs">
              <Radio value="developer" label={t('developerApps.roles.developer')} />
              <Radio value="admin" label={t('developerApps.roles.admin')} />
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('developerApps.collaborators.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
