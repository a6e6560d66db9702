import { Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconApps, IconBell, IconBook, IconMail, IconSpeakerphone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/queries';
import {
  ADMIN_NOTIFICATIONS_PATH,
  DEVELOPER_APPS_PATH,
  OUTBOUND_EMAILS_PATH,
  REST_API_OVERVIEW_PATH,
} from '../shell/navigation';
import classes from './HomePage.module.css';

interface Tile {
  id: string;
  icon: Icon;
  title: string;
  description: string;
  /** Where the tile leads; areas still to come have none. */
  to?: string;
  badge?: ReactNode;
}

export function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();

  const tiles: Tile[] = [
    {
      id: 'notifications',
      icon: IconBell,
      title: t('home.notifications.title'),
      description: t('home.notifications.description'),
      to: '/notifications',
    },
    {
      id: 'apps',
      icon: IconApps,
      title: t('home.apps.title'),
      description: t('home.apps.description'),
      to: DEVELOPER_APPS_PATH,
    },
    {
      id: 'reference',
      icon: IconBook,
      title: t('home.reference.title'),
      description: t('home.reference.description'),
      to: REST_API_OVERVIEW_PATH,
    },
  ];
  if (user?.is_admin) {
    tiles.push({
      id: 'admin-notifications',
      icon: IconSpeakerphone,
      title: t('adminNotifications.title'),
      description: t('adminNotifications.description'),
      to: ADMIN_NOTIFICATIONS_PATH,
    });
    tiles.push({
      id: 'outbound',
      icon: IconMail,
      title: t('home.outboundEmails.title'),
      description: t('home.outboundEmails.description'),
      to: OUTBOUND_EMAILS_PATH,
    });
  }

  return (
    <Container size="lg" py="md">
      <Title order={1}>{user ? t('home.welcome', { name: user.name }) : t('home.title')}</Title>
      <Text c="dimmed" mt="xs" mb="xl">
        {t('home.subtitle')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {tiles.map((tile) => {
          const body = (
            <>
              <Group justify="space-between" mb="sm">
                <ThemeIcon size="lg" variant="light" aria-hidden>
                  <tile.icon size={20} />
                </ThemeIcon>
                {tile.badge}
              </Group>
              <Text fw={600} size="lg">
                {tile.title}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {tile.description}
              </Text>
            </>
          );
          return tile.to ? (
            <Card
              key={tile.id}
              withBorder
              padding="lg"
              component={Link}
              to={tile.to}
              className={classes.linkCard}
            >
              {body}
            </Card>
          ) : (
            <Card key={tile.id} withBorder padding="lg" aria-disabled>
              {body}
            </Card>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}

export default HomePage;
