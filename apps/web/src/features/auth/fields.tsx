import { LIMITS } from '@lintel/shared';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordInput, type PasswordInputProps } from '../../components/PasswordInput';

// The account fields every auth and account form asks for, labelled and autocompleted one way.
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

/** A password being chosen, with the length rule under it. */
export function NewPasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('auth.fields.newPassword')}
      description={t('auth.fields.passwordHint', { min: LIMITS.passwordMin })}
      autoComplete="new-password"
      required
      {...props}
    />
  );
}

export function ConfirmPasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput label={t('auth.fields.confirmPassword')} autoComplete="new-password" required {...props} />
  );
}
