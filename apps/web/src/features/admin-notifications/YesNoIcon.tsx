import { ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A check or a cross mark, read as "Yes" or "No" (spec 1 §2 admin table). */
export function YesNoIcon({ value }: { value: boolean }) {
  const { t } = useTranslation();
  const label = value ? t('adminNotifications.yes') : t('adminNotifications.no');
  return (
    <ThemeIcon
      variant="light"
      color={value ? 'green' : 'gray'}
      size="sm"
      radius="xl"
      role="img"
      aria-label={label}
      title={label}
    >
      {value ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
    </ThemeIcon>
  );
}
