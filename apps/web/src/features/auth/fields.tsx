import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The account fields every auth and account form asks for, labelled and autocompleted one way.
// (The password fields are in passwordFields.tsx, apart: the sign-in page needs none of them.)
// Each takes the form's input props (`{...form.getInputProps('email')}`) and may override any prop.

export function EmailInput(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" required {...props} />;
}

export function NameInput(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('auth.fields.name')} autoComplete="name" required {...props} />;
}

export function CompanyNameInput(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('auth.fields.companyName')} autoComplete="organization" required {...props} />;
}
