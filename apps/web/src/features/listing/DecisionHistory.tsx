import type { ListingDecision } from '@lintel/shared/listing';
import { Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDateTime } from '../../components/format';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { useListingDecisions } from './queries';
import { SafeHtml } from './SafeHtml';

/** One decision: what, which listing version, when and by whom, its message, reasons and notes. */
function DecisionItem({ decision }: { decision: ListingDecision }) {
  const { t, i18n } = useTranslation();
  const approved = decision.decision === 'approved';
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text fw={600}>
          {approved
            ? t('listing.history.approved', { version: decision.submission_version })
            : t('listing.history.rejected', { version: decision.submission_version })}
        </Text>
        {decision.silent ? (
          <Badge size="sm" variant="light" color="gray">
            {t('listing.history.silent')}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t('listing.history.when', {
          time: formatLongDateTime(decision.created_at, i18n.resolvedLanguage),
          name: decision.reviewer_name ?? t('listing.history.formerReviewer'),
        })}
      </Text>
      {decision.message ? (
        <div className="listing-admin-message">
          <SafeHtml html={decision.message} />
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          {t('listing.history.noMessage')}
        </Text>
      )}
      {decision.rejection_reasons.length > 0 ? (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('listing.banners.reasons')}
          </Text>
          <List size="sm" spacing={2}>
            {decision.rejection_reasons.map((reason) => (
              <List.Item key={reason.code}>
                {t(`listing.rejectionReasons.${reason.code}`)}
                {reason.note ? ` — ${reason.note}` : ''}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      {decision.reviewer_notes ? (
        <Paper bg="var(--mantine-color-gray-0)" p="xs" radius="sm">
          <Text size="xs" fw={600}>
            {t('listing.history.reviewerNotes')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {decision.reviewer_notes}
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * The history of review decisions of every submission of the app's listing, newest first (issue 20):
 * shown to the app's developers on the listing tab and to administrators on the admin listing tab. The
 * reviewer notes come only in an administrator's answer. Folded until asked for, with the count: the
 * standing decision's words are already in the banner above the form.
 */
export function DecisionHistory({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const decisions = useListingDecisions(appId);
  const [open, setOpen] = useState(false);
  const count = decisions.data?.length ?? 0;
  let body: React.ReactNode = null;
  if (decisions.isError) {
    body = <QueryErrorAlert error={decisions.error} onRetry={() => void decisions.refetch()} />;
  } else if (!decisions.data) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('listing.history.loading')}>
        <Skeleton height={14} width="30%" />
        <Skeleton height={12} width="60%" />
      </Stack>
    );
  } else if (count === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('listing.history.empty')}
      </Text>
    );
  } else if (open) {
    body = (
      <Timeline
        id="listing-history-list"
        // Every entry "active", so each bullet takes its decision's colour.
        active={count - 1}
        bulletSize={22}
        lineWidth={2}
        role="list"
        aria-labelledby="listing-history-title"
      >
        {decisions.data.map((decision) => (
          <Timeline.Item
            key={decision.id}
            role="listitem"
            color={decision.decision === 'approved' ? 'green' : 'red'}
            bullet={
              decision.decision === 'approved' ? (
                <IconCheck size={14} aria-hidden />
              ) : (
                <IconX size={14} aria-hidden />
              )
            }
          >
            <DecisionItem decision={decision} />
          </Timeline.Item>
        ))}
      </Timeline>
    );
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="listing-history-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4" id="listing-history-title">
            {t('listing.history.title')}
          </Title>
          {count > 0 ? (
            <Button
              variant="subtle"
              size="xs"
              aria-expanded={open}
              aria-controls={open ? 'listing-history-list' : undefined}
              onClick={() => setOpen((current) => !current)}
            >
              {open ? t('listing.history.hide') : t('listing.history.show', { count })}
            </Button>
          ) : null}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
