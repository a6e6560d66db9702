// A lazy part of the shell: it brings the Mantine styles the first page did not load.
import '../../styles/more.css';
import { BELL_PREVIEW_COUNT, bellDate } from '@lintel/shared';
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Markdown } from '../../components/Markdown';
import { useBellNotifications } from './queries';

/** The top-nav bell: unread count and a preview of the latest notifications (spec 1 §2). */
export function NotificationBell() {
  const { t } = useTranslation();
  const headingId = useId();
  const [opened, popover] = useDisclosure(false);
  const query = useBellNotifications();
  const unread = query.data?.unreadCount ?? 0;
  const items = query.data?.items.slice(0, BELL_PREVIEW_COUNT) ?? [];

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Text size="sm" c="dimmed" role="status">
        {t('notifications.loading')}
      </Text>
    );
  } else if (query.isError && !query.data) {
    content = (
      <Text size="sm" c="red" role="alert">
        {t('notifications.bell.loadFailed')}
      </Text>
    );
  } else if (items.length === 0) {
    content = (
      <Stack gap={2} py="xs" ta="center">
        <Text size="sm" fw={600}>
          {t('notifications.empty.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('notifications.empty.description')}
        </Text>
      </Stack>
    );
  } else {
    content = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item, index) => (
          <li key={item.id}>
            {index > 0 ? <Divider mb="sm" /> : null}
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text fw={item.read_at ? 500 : 700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Text>
              <Text
                size="xs"
                c="dimmed"
                component="time"
                dateTime={item.created_at}
                style={{ flexShrink: 0 }}
              >
                {bellDate(item.created_at)}
              </Text>
            </Group>
            <Text size="sm" component="div">
              <Markdown>{item.summary}</Markdown>
            </Text>
            <Anchor component={Link} to={`/notifications/${item.id}`} size="sm" onClick={popover.close}>
              {t('notifications.bell.learnMore')}
            </Anchor>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Indicator
      label={<span aria-hidden>{unread > 99 ? '99+' : unread}</span>}
      disabled={unread === 0}
      size={18}
      offset={6}
      color="red"
      inline
    >
      <Popover
        opened={opened}
        onChange={(next) => (next ? popover.open() : popover.close())}
        position="bottom-end"
        width={340}
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={popover.toggle}
            aria-label={t('notifications.bell.label', { unread })}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-labelledby={headingId}>
          <Text id={headingId} fw={700} mb="sm">
            {t('notifications.title')}
          </Text>
          <ScrollArea.Autosize mah={420} type="auto">
            {content}
          </ScrollArea.Autosize>
          <Divider my="sm" />
          <Button component={Link} to="/notifications" variant="light" fullWidth onClick={popover.close}>
            {t('notifications.bell.seeAll')}
          </Button>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

export default NotificationBell;
