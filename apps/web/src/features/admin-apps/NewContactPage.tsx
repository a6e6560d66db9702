import { createIntegrationContactRequest } from '@lintel/shared';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { SectionCard } from '../../components/SectionCard';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { useAdminAppOutlet } from './adminAppOutlet';
import { adminAppPath, useCreateContact } from './queries';

/** /admin/developer_apps/:id/contacts/new: a new integration contact (name, e-mail). */
export default function NewContactPage() {
  const { t } = useTranslation();
  const { app } = useAdminAppOutlet();
  const navigate = useNavigate();
  const create = useCreateContact(app.id);
  const form = useForm({
    initialValues: { contact: { name: '', email: '' } },
    validate: zodResolver(createIntegrationContactRequest, t),
  });
  const onSubmit = form.onSubmit((values) =>
    create.mutate(values.contact, {
      onSuccess: () => {
        notifySaved(t('adminApps.contact.created'));
        void navigate(adminAppPath(app.id));
      },
      onError: (error) => applyServerErrors(form, error, t),
    }),
  );
  return (
    <SectionCard id="admin-new-contact" title={t('adminApps.contact.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <MutationErrorAlert error={create.error} form={form} title={t('adminApps.couldNotSave')} />
          <TextInput label={t('adminApps.contact.name')} required {...form.getInputProps('contact.name')} />
          <TextInput
            type="email"
            label={t('adminApps.contact.email')}
            required
            {...form.getInputProps('contact.email')}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('adminApps.contact.submit')}
            </Button>
            <Button component={Link} to={adminAppPath(app.id)} variant="default">
              {t('adminApps.contact.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
