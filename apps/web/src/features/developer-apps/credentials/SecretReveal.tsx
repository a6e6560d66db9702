import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';

export interface SecretRevealProps {
  secret: string;
  clientId?: string | null;
  onDone: () => void;
}

/** A secret the server sends only once: shown with a copy button and a clear warning (spec 2 §4). */
export function SecretReveal({ secret, clientId, onDone }: SecretRevealProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack>
      <Alert
        color="yellow"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('developerApps.secret.onceTitle')}
      >
        {t('developerApps.secret.once')}
      </Alert>
      {clientId ? (
        <div>
          <Text size="sm" fw={500}>
            {t('developerApps.credentials.clientId')}
          </Text>
          <Code>{clientId}</Code>
        </div>
      ) : null}
      <div>
        <Text size="sm" fw={500} id={labelId}>
          {t('developerApps.credentials.clientSecret')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code
            block
            aria-labelledby={labelId}
            data-testid="revealed-secret"
            style={{ wordBreak: 'break-all', flex: 1 }}
          >
            {secret}
          </Code>
          <CopyButton value={secret} label={t('developerApps.credentials.clientSecret')} />
        </Group>
      </div>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('developerApps.secret.done')}
        </Button>
      </Group>
    </Stack>
  );
}
