import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { applyServerErrors } from '../../forms/serverErrors';
import { useInstallApp } from './queries';

/** "Install": the company name, the installer's e-mail and whether it is a demo company. */
export function InstallModal({
  appId,
  appName,
  opened,
  onClose,
}: {
  appId: number;
  appName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const install = useInstallApp(appId);
  const form = useForm({
    initialValues: { company_name: '', email: '', company_is_demo: false },
    // The server checks the rest (422 details on the fields); the form checks what is obviously missing.
    validate: {
      company_name: (value) => (value.trim() ? null : t('validation.required')),
      email: (value) => (/^[^\s@]+@[^\s@]+$/.test(value.trim()) ? null : t('validation.email')),
    },
  });
  const close = () => {
    form.reset();
    install.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('metrics.marketplace.install.title', { name: appName })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          install.mutate(values, {
            onSuccess: (installation) => {
              notifySaved(
                t('metrics.marketplace.detail.installed', {
                  company: installation.company_name,
                  name: appName,
                }),
              );
              close();
            },
            onError: (error) => applyServerErrors(form, error, t),
          }),
        )}
      >
        <Stack>
          <MutationErrorAlert error={install.error} form={form} />
          <TextInput
            label={t('metrics.marketplace.install.companyName')}
            required
            data-autofocus
            {...form.getInputProps('company_name')}
          />
          <TextInput
            label={t('metrics.marketplace.install.email')}
            type="email"
            required
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <Checkbox
            label={t('metrics.marketplace.install.demo')}
            {...form.getInputProps('company_is_demo', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('metrics.marketplace.install.cancel')}
            </Button>
            <Button type="submit" loading={install.isPending}>
              {t('metrics.marketplace.install.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
