import { LIMITS } from '@lintel/shared';
import { useTranslation } from 'react-i18next';
import { PasswordInput, type PasswordInputProps } from '../../components/PasswordInput';

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
