import type { DeveloperApp } from '@lintel/shared';
import {
  ActionIcon,
  Anchor,
  Card,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../copyToClipboard';

/**
 * The installation keys card (spec 2 §2 Configurations tab): the app version keys of the newest sandbox
 * and production versions, each copied with a toast, and the link to the sandbox.
 */
export function InstallationKeysCard({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const keys = [
    { id: 'sandbox', label: t('manifests.builder.keys.sandbox'), version: app.manifests.latest_sandbox },
    {
      id: 'production',
      label: t('manifests.builder.keys.production'),
      version: app.manifests.latest_production,
    },
  ] as const;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="installation-keys-title">
      <Title order={2} size="h4" id="installation-keys-title">
        {t('manifests.builder.keys.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {t('manifests.builder.keys.description')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {keys.map((entry) => (
          <Stack gap={4} key={entry.id}>
            <Text size="sm" fw={600} id={`${entry.id}-key-label`}>
              {entry.label}
            </Text>
            {entry.version ? (
              <Group gap={4} wrap="nowrap">
                <Code aria-labelledby={`${entry.id}-key-label`} style={{ wordBreak: 'break-all' }}>
                  {entry.version.app_version_key}
                </Code>
                <Tooltip label={t('manifests.builder.keys.copy', { label: entry.label })}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('manifests.builder.keys.copy', { label: entry.label })}
                    onClick={() =>
                      void copyWithToast(entry.version?.app_version_key ?? '', {
                        copied: t('manifests.builder.keys.copied'),
                        failed: t('manifests.builder.keys.copyFailed'),
                      })
                    }
                  >
                    <IconCopy size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {entry.id === 'sandbox'
                  ? t('manifests.builder.keys.noSandbox')
                  : t('manifests.builder.keys.noProduction')}
              </Text>
            )}
            {entry.version ? (
              <Text size="xs" c="dimmed">
                {t('manifests.builder.keys.version', { version: entry.version.semantic_version })}
              </Text>
            ) : null}
          </Stack>
        ))}
      </SimpleGrid>
      {app.sandbox?.url ? (
        <Anchor
          href={app.sandbox.url}
          target="_blank"
          rel="noreferrer"
          size="sm"
          mt="md"
          display="inline-flex"
        >
          <Group gap={4} component="span">
            {t('manifests.builder.keys.openSandbox')}
            <IconExternalLink size={14} aria-hidden />
            <VisuallyHidden>{t('common.opensInNewTab')}</VisuallyHidden>
          </Group>
        </Anchor>
      ) : null}
    </Card>
  );
}
