import type { DeveloperApp } from '@lintel/shared';
import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Sandbox and Production manifest tables of the older layout (spec 2 §2). */
export function ManifestsSection({ app: _app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md">
      <Text c="dimmed">{t('classicManifests.tables.none')}</Text>
    </Card>
  );
}
