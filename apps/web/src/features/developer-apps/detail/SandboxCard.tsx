import type { DeveloperApp } from '@lintel/shared';
import { Alert, Anchor, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFlask } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { SectionCard } from '../../../components/SectionCard';
import { SandboxStatusBadge } from '../AppBadges';
import { SandboxCredentials } from '../credentials/SandboxCredentials';
import { TryItSlot } from '../credentials/TryItSlot';
import { useSupportEmail } from '../supportEmail';

export interface SandboxCardProps {
  app: DeveloperApp;
  /** Present where a fake sandbox may be generated from (the app page frame). */
  onGenerateFake?: () => void;
  generating?: boolean;
  generateError?: unknown;
}

/** A sentence that names the API support address as a mailto link. */
function SupportText({
  i18nKey,
}: {
  i18nKey: 'developerApps.sandbox.failed.contact' | 'developerApps.sandbox.pending.support';
}) {
  const email = useSupportEmail();
  return (
    <Trans
      i18nKey={i18nKey}
      values={{ email }}
      // Underlined: a link inside a sentence must not rely on colour alone (axe link-in-text-block).
      components={{ support: <Anchor href={`mailto:${email}`} underline="always" /> }}
    />
  );
}

/** The sandbox account: being built, failed, or live with its credentials (spec 2 §2, §4). */
export function SandboxCard({ app, onGenerateFake, generating = false, generateError }: SandboxCardProps) {
  const { t } = useTranslation();
  const sandbox = app.sandbox;
  const status = sandbox?.status ?? null;

  let body: ReactNode;
  if (sandbox && status === 'live') {
    body = (
      <Stack gap="lg">
        <SandboxCredentials app={app} sandbox={sandbox} />
        <Divider />
        <TryItSlot app={app} sandbox={sandbox} />
      </Stack>
    );
  } else if (status === 'failed') {
    body = (
      <Alert
        color="red"
        icon={<IconAlertCircle aria-hidden />}
        title={t('developerApps.sandbox.failed.title')}
      >
        <Text size="sm">{t('developerApps.sandbox.failed.notified')}</Text>
        <Text size="sm" mt="xs">
          <SupportText i18nKey="developerApps.sandbox.failed.contact" />
        </Text>
      </Alert>
    );
  } else if (status === 'pending') {
    body = (
      <Group align="flex-start" wrap="nowrap" role="status">
        <Loader size="sm" mt={2} aria-hidden />
        <Stack gap={4}>
          <Text fw={600}>{t('developerApps.sandbox.pending.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('developerApps.sandbox.pending.wait')}
          </Text>
          <Text size="sm" c="dimmed">
            <SupportText i18nKey="developerApps.sandbox.pending.support" />
          </Text>
        </Stack>
      </Group>
    );
  } else {
    body = <Text c="dimmed">{t('developerApps.sandbox.none')}</Text>;
  }

  const canFake = Boolean(onGenerateFake) && app.permissions.canGenerateFakeSandbox && status !== 'live';

  return (
    <SectionCard
      id="sandbox-card"
      title={t('developerApps.sandbox.title')}
      aside={<SandboxStatusBadge status={status} />}
    >
      {body}
      {canFake ? (
        <Stack gap="xs" mt="md">
          <MutationErrorAlert error={generateError} title={t('developerApps.errorOccurred')} />
          <Group>
            <Button
              variant="light"
              leftSection={<IconFlask size={16} aria-hidden />}
              onClick={onGenerateFake}
              loading={generating}
            >
              {t('developerApps.sandbox.generateFake')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </SectionCard>
  );
}
