import { Badge, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ComingSoonProps {
  tab: 'marketplaceListing';
  icon: Icon;
}

/** A tab whose screens are still to come: says what it will hold instead of showing nothing. */
function ComingSoon({ tab, icon: TabIcon }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby={`${tab}-title`}>
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <TabIcon size={34} />
        </ThemeIcon>
        <Badge variant="light" color="gray">
          {t('developerApps.comingSoon.badge')}
        </Badge>
        <Title order={2} size="h3" id={`${tab}-title`}>
          {t(`developerApps.tabs.${tab}`)}
        </Title>
        <Text c="dimmed" maw={520}>
          {t(`developerApps.comingSoon.${tab}`)}
        </Text>
      </Stack>
    </Card>
  );
}

export function MarketplaceListingTab() {
  return <ComingSoon tab="marketplaceListing" icon={IconBuildingStore} />;
}
