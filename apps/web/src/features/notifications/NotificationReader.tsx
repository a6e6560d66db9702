import { notificationTime } from '@lintel/shared';
import { Alert, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { guardAccess } from '../../components/AccessGuard';
import { Markdown } from '../../components/Markdown';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { useNotificationLocale } from './locale';
import { useMarkNotificationRead, useNotification } from './queries';
import { useNow } from './useNow';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/notifications" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('notifications.back')}
      </Group>
    </Anchor>
  );
}

/** /notifications/:id: one notification; opening an unread one marks it read (spec 1 §4). */
export function NotificationReader() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const validId = Number.isInteger(id) && id > 0;
  const query = useNotification(id);
  const markRead = useMarkNotificationRead();
  const locale = useNotificationLocale();
  const now = useNow();
  // Ids already sent: StrictMode runs effects twice, and the refetch after reading must not resend.
  const requested = useRef(new Set<number>());
  const { mutate } = markRead;
  const notification = query.data;

  useEffect(() => {
    if (!notification || notification.read_at !== null) return;
    if (requested.current.has(notification.id)) return;
    requested.current.add(notification.id);
    mutate(notification.id);
  }, [notification, mutate]);

  const denied = guardAccess(query.error, {
    invalidId: !validId,
    notFound: {
      title: t('notifications.notFound.title'),
      description: t('notifications.notFound.description'),
      action: <BackLink />,
    },
  });
  if (denied) return denied;
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;

  const item = query.data;
  return (
    <Container size="md" py="md">
      <Stack gap="sm">
        <div>
          <BackLink />
        </div>
        {markRead.isError ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('notifications.markReadFailed')}
            role="status"
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => markRead.reset()}
          >
            {errorText(t, markRead.error)}
          </Alert>
        ) : null}
        <article aria-labelledby="notification-title">
          <Title order={1} id="notification-title" style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Title>
          <Text
            size="sm"
            c="dimmed"
            component="time"
            dateTime={item.created_at}
            mt={4}
            mb="lg"
            display="block"
          >
            {notificationTime(item.created_at, now, locale)}
          </Text>
          <Markdown>{item.body}</Markdown>
        </article>
      </Stack>
    </Container>
  );
}

export default NotificationReader;
