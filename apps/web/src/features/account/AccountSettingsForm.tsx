import { accountUpdateRequest, type User } from '@lintel/shared';
import { Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { SectionCard } from '../../components/SectionCard';
import { SubmitRow } from '../../components/SubmitRow';
import { applyServerErrors } from '../../forms/serverErrors';
import { changedFields, isUnchanged, zodResolver } from '../../forms/zodResolver';
import { CompanyNameInput, NameInput } from '../auth/fields';
import { useUpdateAccount } from './queries';

/** Profile settings; Save stays disabled until a field changes (spec 1 §2 change tracking). */
export function AccountSettingsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const form = useForm({
    initialValues: {
      name: user.name,
      company_name: user.company_name,
      critical_emails: user.critical_emails,
    },
    validate: zodResolver(accountUpdateRequest, t),
  });

  return (
    <SectionCard
      id="account-profile"
      size="h3"
      title={t('account.profile.title')}
      description={t('account.profile.description', { email: user.email })}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const trimmed = { ...values, name: values.name.trim(), company_name: values.company_name.trim() };
          // Only what the user changed is sent (spec 2 §5 "saved only when modified").
          const body = changedFields(form.getInitialValues(), trimmed);
          if (isUnchanged(body)) {
            form.setValues(form.getInitialValues());
            form.resetDirty();
            return;
          }
          update.mutate(body, {
            onSuccess: (saved) => {
              const next = {
                name: saved.name,
                company_name: saved.company_name,
                critical_emails: saved.critical_emails,
              };
              form.setInitialValues(next);
              form.setValues(next);
              form.resetDirty(next);
              notifySaved(t('account.profile.saved'));
            },
            onError: (error) => applyServerErrors(form, error, t),
          });
        })}
      >
        <Stack>
          <MutationErrorAlert error={update.error} form={form} title={t('account.saveFailed')} />
          <NameInput {...form.getInputProps('name')} />
          <CompanyNameInput {...form.getInputProps('company_name')} />
          <Switch
            label={t('account.profile.criticalEmails')}
            description={t('account.profile.criticalEmailsHint')}
            {...form.getInputProps('critical_emails', { type: 'checkbox' })}
          />
          <SubmitRow disabled={!form.isDirty()} loading={update.isPending}>
            {t('common.save')}
          </SubmitRow>
        </Stack>
      </form>
    </SectionCard>
  );
}
