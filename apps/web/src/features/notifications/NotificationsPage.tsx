import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/ListPage';
import { useListState } from '../../components/useListState';
import { NotificationCard } from './NotificationCard';
import { NOTIFICATIONS_PER_PAGE, useNotifications } from './queries';
import { useNow } from './useNow';

const listOptions = { perPage: NOTIFICATIONS_PER_PAGE };

/** /notifications: the signed-in developer's announcements, newest first (spec 1 §2). */
export function NotificationsPage() {
  const { t } = useTranslation();
  const list = useListState(listOptions);
  const query = useNotifications({ page: list.page, perPage: list.perPage });
  const now = useNow();

  return (
    <ListPage
      title={t('notifications.title')}
      size="md"
      list={list}
      query={query}
      loading={
        <Text role="status" c="dimmed">
          {t('notifications.loading')}
        </Text>
      }
      empty={
        <Center py="xl">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
              <IconBellOff size={26} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              {t('notifications.empty.title')}
            </Text>
            <Text c="dimmed">{t('notifications.empty.description')}</Text>
          </Stack>
        </Center>
      }
      renderItems={(items) => (
        <Stack gap="md">
          {items.map((item) => (
            <NotificationCard
              key={item.id}
              title={item.title}
              summary={item.summary}
              createdAt={item.created_at}
              read={item.read_at !== null}
              now={now}
              to={`/notifications/${item.id}`}
            />
          ))}
        </Stack>
      )}
    />
  );
}

export default NotificationsPage;
