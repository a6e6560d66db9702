import { LIMITS } from '@lintel/shared';
import type { TFunction } from 'i18next';

// Client-side checks mirror the server's rules (packages/shared auth schemas) with translated
// messages; the server still validates and its 422 details are shown on the fields.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requiredText(t: TFunction, max: number) {
  return (value: string) => {
    if (!value.trim()) return t('validation.required');
    if (value.trim().length > max) return t('validation.tooLong', { max });
    return null;
  };
}

export function emailField(t: TFunction) {
  return (value: string) => {
    if (!value.trim()) return t('validation.required');
    if (value.trim().length > LIMITS.email || !EMAIL_PATTERN.test(value.trim())) return t('validation.email');
    return null;
  };
}

export function newPasswordField(t: TFunction) {
  return (value: string) => {
    if (value.length < LIMITS.passwordMin)
      return t('validation.passwordTooShort', { min: LIMITS.passwordMin });
    if (value.length > LIMITS.passwordMax) return t('validation.tooLong', { max: LIMITS.passwordMax });
    return null;
  };
}

export function matchesField(t: TFunction, field: string) {
  return (value: string, values: Record<string, unknown>) =>
    value === values[field] ? null : t('validation.passwordMismatch');
}
