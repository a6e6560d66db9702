import { Code, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';

export interface CredentialFieldProps {
  label: string;
  value: string | null;
  /** Shown instead of the value when there is none. */
  empty?: ReactNode;
  copyable?: boolean;
}

/** One read-only credential (client id, URL) with its label and, when useful, a copy button. */
export function CredentialField({ label, value, empty, copyable = true }: CredentialFieldProps) {
  const id = useId();
  return (
    <div>
      <Text size="sm" fw={500} id={id} mb={4}>
        {label}
      </Text>
      {value ? (
        <Group gap="xs" wrap="nowrap">
          <Code aria-labelledby={id} style={{ wordBreak: 'break-all' }}>
            {value}
          </Code>
          {copyable ? <CopyButton value={value} label={label} /> : null}
        </Group>
      ) : (
        <Text size="sm" c="dimmed" aria-labelledby={id}>
          {empty}
        </Text>
      )}
    </div>
  );
}

/** The client secret's place: the secret is never shown again after it is issued. */
export function HiddenSecret() {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={500}>
        {t('developerApps.credentials.clientSecret')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('developerApps.secret.hidden')}
      </Text>
    </div>
  );
}
