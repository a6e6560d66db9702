import { changeOwnerRequest } from '@lintel/shared';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { useChangeOwner } from './queries';

interface ChangeOwnerModalProps {
  appId: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * Hands the app to another developer, found by e-mail (spec 1 §2, §6: flagged as dangerous). The
 * server refuses an unknown or unconfirmed developer on the field; the old owner becomes admin.
 */
export function ChangeOwnerModal({ appId, opened, onClose }: ChangeOwnerModalProps) {
  const { t } = useTranslation();
  const change = useChangeOwner(appId);
  const form = useForm({
    initialValues: { owner: { email: '' } },
    validate: zodResolver(changeOwnerRequest, t),
  });
  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };
  const onSubmit = form.onSubmit((values) => {
    change.mutate(values.owner.email, {
      onSuccess: (app) => {
        notifySaved(t('adminApps.changeOwner.changed', { email: app.owner.email }));
        close();
      },
      onError: (error) => {
        applyServerErrors(form, error, t);
        // The server's refusal of the e-mail (unknown, unconfirmed, already the owner), in plain words.
        if (isApiError(error) && error.details.some((detail) => detail.path === 'owner.email'))
          form.setFieldError('owner.email', t('adminApps.changeOwner.unknownDeveloper'));
      },
    });
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('adminApps.changeOwner.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
            {t('adminApps.changeOwner.danger')}
          </Alert>
          <TextInput
            type="email"
            label={t('adminApps.changeOwner.email')}
            description={t('adminApps.changeOwner.emailHint')}
            required
            data-autofocus
            {...form.getInputProps('owner.email')}
          />
          <MutationErrorAlert error={change.error} form={form} title={t('adminApps.couldNotSave')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={change.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={change.isPending}>
              {t('adminApps.changeOwner.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
