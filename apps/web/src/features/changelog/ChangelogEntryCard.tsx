import { type ChangelogEntry, changelogMonth, splitChangelogEndpoint } from '@lintel/shared';
import { Anchor, Badge, Code, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/Markdown';
import { TYPE_COLORS } from './types';

/** One change: title, month, version, badges, method and path, and the description (reference/changelog.md). */
export function ChangelogEntryCard({ entry }: { entry: ChangelogEntry }) {
  const { t } = useTranslation();
  const endpoint = splitChangelogEndpoint(entry.endpoint);
  const headingId = `changelog-entry-${entry.id}`;
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={headingId}>
            {entry.summary}
          </Title>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={entry.datestamp}>{changelogMonth(entry.datestamp)}</time>
          </Text>
        </Group>
        <Group gap="xs">
          <Badge color={TYPE_COLORS[entry.type]} variant="light">
            {t(`changelog.types.${entry.type}`)}
          </Badge>
          {entry.breaking && entry.type !== 'breaking' ? (
            <Badge color="red" variant="outline">
              {t('changelog.entry.breaking')}
            </Badge>
          ) : null}
          {entry.public ? null : (
            <Badge color="dark" variant="outline">
              {t('changelog.entry.nonPublic')}
            </Badge>
          )}
          {entry.versions ? (
            <Text size="sm" c="dimmed">
              {t('changelog.entry.version', { versions: entry.versions })}
            </Text>
          ) : null}
        </Group>
        {endpoint ? (
          <Group gap="xs" wrap="nowrap">
            <VisuallyHidden>{t('changelog.entry.endpoint')}:</VisuallyHidden>
            {endpoint.method ? (
              <Badge variant="filled" color="dark" radius="sm">
                {endpoint.method}
              </Badge>
            ) : null}
            <Code style={{ overflowWrap: 'anywhere' }}>{endpoint.path}</Code>
          </Group>
        ) : null}
        {entry.description ? <Markdown>{entry.description}</Markdown> : null}
        {entry.link ? (
          <Anchor href={entry.link} target="_blank" rel="noopener noreferrer" size="sm">
            {t('changelog.entry.readMore')}{' '}
            <IconExternalLink size={12} aria-label={t('common.opensInNewTab')} />
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
