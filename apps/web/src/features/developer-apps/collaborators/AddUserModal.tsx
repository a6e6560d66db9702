import { createInvitationRequest, INVITATION_ROLES, type InvitationRole } from '@lintel/shared';
import { Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { applyServerErrors } from '../../../forms/serverErrors';
import { zodResolver } from '../../../forms/zodResolver';
import { useInviteCollaborator } from '../queries';

// The server's own schema for an invitation, less the app id (the page supplies it).
const inviteForm = createInvitationRequest.omit({ developer_app_id: true });

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
    validate: zodResolver(inviteForm, t),
  });

  const close = () => {
    if (invite.isPending) return;
    form.reset();
    invite.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('developerApps.collaborators.add.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
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
              onError: (error) => applyServerErrors(form, error, t),
            },
          );
        })}
      >
        <Stack>
          <MutationErrorAlert error={invite.error} form={form} title={t('developerApps.errorOccurred')} />
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
              {INVITATION_ROLES.map((role) => (
                <Radio key={role} value={role} label={t(`developerApps.roles.${role}`)} />
              ))}
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
