import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown instead of the tabs until the sandbox is live (spec 2 §2). */
export function SandboxMissing() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" color="yellow" aria-hidden>
          <IconClockHour4 size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('developerApps.sandboxMissing.title')}
        </Title>
        <Text c="dimmed" maw={520}>
          {t('developerApps.sandboxMissing.highVolume')}
        </Text>
        <Text c="dimmed" maw={520}>
          {t('developerApps.sandboxMissing.email')}
        </Text>
      </Stack>
    </Card>
  );
}
