import { notificationTime, truncateSummary } from '@lintel/shared';
import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Markdown } from '../../components/Markdown';
import { useNotificationLocale } from './locale';
import classes from './NotificationCard.module.css';

export interface NotificationCardProps {
  title: string;
  /** Markdown; cut to 160 characters (spec 1 §9). */
  summary: string;
  createdAt: string;
  read: boolean;
  now: Date;
  /** Where "Read More" leads; a preview card has none and shows the link inert. */
  to?: string;
  headingOrder?: 2 | 3 | 4;
}

/** One notification in the list (and, identical, in the admin form's preview). */
export function NotificationCard({
  title,
  summary,
  createdAt,
  read,
  now,
  to,
  headingOrder = 2,
}: NotificationCardProps) {
  const { t } = useTranslation();
  const locale = useNotificationLocale();
  const titleId = useId();
  const readMore = (
    <>
      {t('notifications.readMore')}
      <VisuallyHidden>: {title}</VisuallyHidden>
    </>
  );
  return (
    <Card
      component="article"
      withBorder
      padding="lg"
      radius="md"
      aria-labelledby={titleId}
      className={`${classes.card} ${read ? '' : classes.unread}`}
      data-unread={read ? undefined : true}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={headingOrder} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {read ? null : (
            <Badge variant="filled" size="sm" style={{ flexShrink: 0 }}>
              {t('notifications.unread')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" component="time" dateTime={createdAt}>
          {notificationTime(createdAt, now, locale)}
        </Text>
        <Markdown>{truncateSummary(summary)}</Markdown>
        <div>
          {to ? (
            <Anchor component={Link} to={to} fw={500}>
              {readMore}
            </Anchor>
          ) : (
            <Anchor component="span" fw={500} aria-disabled>
              {readMore}
            </Anchor>
          )}
        </div>
      </Stack>
    </Card>
  );
}
