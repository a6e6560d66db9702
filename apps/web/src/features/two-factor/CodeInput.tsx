import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A six-digit code from the authenticator app: numeric keyboard, the browser's one-time-code autofill. */
export function CodeInput(props: Omit<TextInputProps, 'label'> & { label?: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('account.twoFactor.fields.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      required
      {...props}
    />
  );
}
