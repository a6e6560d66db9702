import { totalPages } from '@lintel/shared';
import { Center, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePicker } from '../../components/PagePicker';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { NotificationCard } from './NotificationCard';
import { NOTIFICATIONS_PER_PAGE, useNotifications } from './queries';
import { useNow } from './useNow';

/** /notifications: the signed-in developer's announcements, newest first (spec 1 §2). */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useNotifications({ page, perPage: NOTIFICATIONS_PER_PAGE });
  const now = useNow();
  const pages = query.data ? totalPages(query.data.total, query.data.perPage) : 1;

  // A page that emptied since (e.g. notifications withdrawn) falls back to the last one.
  useEffect(() => {
    if (query.data && page > pages) setPage(pages);
  }, [query.data, page, pages]);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Text role="status" c="dimmed">
        {t('notifications.loading')}
      </Text>
    );
  } else if (query.isError) {
    content = <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.items.length === 0) {
    content = (
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
    );
  } else {
    content = (
      <Stack gap="md" aria-busy={query.isFetching || undefined}>
        {query.data.items.map((item) => (
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
        {pages > 1 ? (
          <Center mt="md">
            <PagePicker page={page} pages={pages} onChange={setPage} />
          </Center>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container size="md" py="md">
      <Title order={1} mb="lg">
        {t('notifications.title')}
      </Title>
      {content}
    </Container>
  );
}

export default NotificationsPage;
