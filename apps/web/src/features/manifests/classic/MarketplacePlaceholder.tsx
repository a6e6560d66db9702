import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The marketplace listing's place on the older layout until the listing screens exist (spec 3). */
export function MarketplacePlaceholder() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md">
      <Text c="dimmed" size="sm">
        {t('developerApps.comingSoon.marketplaceListing')}
      </Text>
    </Card>
  );
}
