import type { DeveloperApp } from '@lintel/shared';
import {
  LISTING_LIMITS,
  REJECTION_REASONS,
  type RejectionReasonCode,
  type Submission,
} from '@lintel/shared/listing';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconGitCompare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { notifySaved } from '../../../components/notifySaved';
import classes from '../Listing.module.css';
import { useSetMarketplaceEnabled } from '../queries';

/** The admin message reaches the form 200 ms after the last keystroke (spec 3 §9). */
export const ADMIN_MESSAGE_DEBOUNCE_MS = 200;

/** What an administrator decides from the footer (spec 3 §4, §7). */
export type AdminDecision =
  | {
      kind: 'approve';
      body: {
        approval_state: 'approved';
        admin_message: string | null;
        silent: boolean;
        reviewer_notes: string | null;
      };
    }
  | {
      kind: 'reject';
      body: {
        approval_state: 'rejected';
        admin_message: string | null;
        rejection_reasons: { code: RejectionReasonCode; note: string | null }[];
        reviewer_notes: string | null;
      };
    }
  | { kind: 'concierge'; body: { is_concierge_app: boolean } };

export interface AdminFooterProps {
  app: DeveloperApp;
  submission: Submission | null;
  dirty: boolean;
  saving: boolean;
  adminMessage: string;
  onAdminMessage: (message: string) => void;
  listingApplicationEnabled: boolean;
  onSave: () => void;
  onPreview: () => void;
  /** Opens the diff against the published listing; null when there is none to compare with. */
  onCompare: (() => void) | null;
  /** Sends a verdict or a switch; answers whether it was saved. */
  onDecide: (decision: AdminDecision) => Promise<boolean>;
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text);

/**
 * The admin footer (spec 3 §2, §4, §6): the admin message (debounced), the concierge and
 * marketplace_enabled switches, save, preview, the comparison, reject (reasons checklist and free text)
 * and approve ("publish silently"). Each verdict carries its own message and reviewer notes, typed in its
 * dialog, which starts empty (issue 20): an approval never repeats the rejection it answers. The footer's
 * message field amends the standing decision's message, so it is not offered while a listing awaits one.
 */
export function AdminFooter({
  app,
  submission,
  dirty,
  saving,
  adminMessage,
  onAdminMessage,
  listingApplicationEnabled,
  onSave,
  onPreview,
  onCompare,
  onDecide,
}: AdminFooterProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(adminMessage);
  const [lastOuter, setLastOuter] = useState(adminMessage);
  // A verdict's answer replaces the message (the server's): show it.
  if (adminMessage !== lastOuter) {
    setLastOuter(adminMessage);
    setMessage(adminMessage);
  }
  const pushMessage = useDebouncedCallback((text: string) => {
    setLastOuter(text);
    onAdminMessage(text);
  }, ADMIN_MESSAGE_DEBOUNCE_MS);
  const [approving, setApproving] = useState(false);
  const [silent, setSilent] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  // The verdict's own message and reviewer notes: empty whenever a dialog opens.
  const [verdictMessage, setVerdictMessage] = useState('');
  const [reviewerNotes, setReviewerNotes] = useState('');
  const openVerdict = (open: (value: boolean) => void) => {
    setVerdictMessage('');
    setReviewerNotes('');
    open(true);
  };
  const [reasons, setReasons] = useState<Partial<Record<RejectionReasonCode, string>>>({});
  const marketplace = useSetMarketplaceEnabled(app.id);

  const state = submission?.state ?? 'draft';
  const inReview = state === 'in_review';
  // Approve: disabled while edits are unsaved or when already published (spec 3 §4); both verdicts
  // need a listing in review.
  const canDecide = inReview && !dirty && !saving;
  const hint = !submission
    ? t('listing.admin.hintNothing')
    : state === 'published'
      ? t('listing.admin.hintPublished')
      : !inReview
        ? t('listing.admin.hintNotInReview')
        : dirty
          ? t('listing.admin.hintUnsaved')
          : null;
  const picked = Object.keys(reasons) as RejectionReasonCode[];

  const approve = async () => {
    const done = await onDecide({
      kind: 'approve',
      body: {
        approval_state: 'approved',
        admin_message: textOrNull(verdictMessage),
        silent,
        reviewer_notes: textOrNull(reviewerNotes),
      },
    });
    if (done) {
      setApproving(false);
      setSilent(false);
    }
  };
  const reject = async () => {
    const done = await onDecide({
      kind: 'reject',
      body: {
        approval_state: 'rejected',
        admin_message: textOrNull(verdictMessage),
        rejection_reasons: picked.map((code) => ({ code, note: textOrNull(reasons[code] ?? '') })),
        reviewer_notes: textOrNull(reviewerNotes),
      },
    });
    if (done) {
      setRejecting(false);
      setReasons({});
    }
  };

  const messageField = (id: string) => (
    <Textarea
      id={id}
      label={t('listing.admin.message')}
      description={t('listing.admin.messageHelp')}
      autosize
      minRows={2}
      maxRows={8}
      maxLength={LISTING_LIMITS.adminMessage}
      value={message}
      onChange={(event) => {
        setMessage(event.currentTarget.value);
        pushMessage(event.currentTarget.value);
      }}
    />
  );
  /** A dialog's own fields: the message sent with this verdict only, and the reviewers' notes. */
  const verdictFields = (id: string) => (
    <>
      <Textarea
        id={`${id}-message`}
        label={t('listing.admin.message')}
        description={t('listing.admin.decisionMessageHelp')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={LISTING_LIMITS.adminMessage}
        value={verdictMessage}
        onChange={(event) => setVerdictMessage(event.currentTarget.value)}
      />
      <Textarea
        id={`${id}-notes`}
        label={t('listing.admin.reviewerNotes')}
        description={t('listing.admin.reviewerNotesHelp')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={LISTING_LIMITS.adminMessage}
        value={reviewerNotes}
        onChange={(event) => setReviewerNotes(event.currentTarget.value)}
      />
    </>
  );

  return (
    <>
      <Paper className={classes.footer} p="sm" component="footer" aria-label={t('listing.footer.label')}>
        <Stack gap="sm">
          {approving || rejecting || inReview ? null : messageField('listing-admin-message')}
          <Group gap="xl">
            <Switch
              label={t('listing.admin.concierge')}
              checked={submission?.is_concierge_app ?? false}
              disabled={!submission || saving}
              onChange={(event) =>
                void onDecide({ kind: 'concierge', body: { is_concierge_app: event.currentTarget.checked } })
              }
            />
            {listingApplicationEnabled ? (
              <Switch
                label={t('listing.admin.marketplaceEnabled')}
                checked={marketplace.isPending ? (marketplace.variables ?? false) : app.marketplace_enabled}
                disabled={marketplace.isPending}
                onChange={(event) => {
                  const enabled = event.currentTarget.checked;
                  marketplace.mutate(enabled, {
                    onSuccess: () =>
                      notifySaved(
                        enabled ? t('listing.admin.marketplaceOn') : t('listing.admin.marketplaceOff'),
                      ),
                  });
                }}
              />
            ) : null}
          </Group>
          <MutationErrorAlert error={marketplace.error} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {hint ?? (dirty ? t('listing.footer.unsaved') : t('listing.footer.allSaved'))}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  // The message typed in the last 200 ms goes with the save.
                  pushMessage.flush();
                  onSave();
                }}
                loading={saving}
                disabled={!dirty}
              >
                {t('listing.admin.save')}
              </Button>
              <Button variant="light" onClick={onPreview}>
                {t('listing.actions.preview')}
              </Button>
              {onCompare ? (
                <Button
                  variant="subtle"
                  leftSection={<IconGitCompare size={16} aria-hidden />}
                  onClick={onCompare}
                >
                  {t('listing.diff.open')}
                </Button>
              ) : null}
              <Button
                color="red"
                variant="light"
                disabled={!canDecide}
                onClick={() => openVerdict(setRejecting)}
              >
                {t('listing.admin.reject')}
              </Button>
              <Button color="green" disabled={!canDecide} onClick={() => openVerdict(setApproving)}>
                {t('listing.admin.approve')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>

      <Modal
        opened={approving}
        onClose={() => setApproving(false)}
        title={t('listing.admin.approveTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>{t('listing.admin.approveBody')}</Text>
          {verdictFields('listing-admin-approve')}
          <Checkbox
            label={t('listing.admin.publishSilently')}
            description={t('listing.admin.publishSilentlyHelp')}
            checked={silent}
            onChange={(event) => setSilent(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setApproving(false)} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button color="green" onClick={() => void approve()} loading={saving}>
              {t('listing.admin.approve')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={t('listing.admin.rejectTitle')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>{t('listing.admin.rejectBody')}</Text>
          <Fieldset legend={t('listing.admin.reasons')} variant="unstyled">
            <Stack gap="xs" mt="xs">
              {REJECTION_REASONS.map((reason) => {
                const checked = reasons[reason.code] !== undefined;
                const label = t(`listing.rejectionReasons.${reason.code}`);
                return (
                  <Stack key={reason.code} gap={4}>
                    <Checkbox
                      value={reason.code}
                      label={label}
                      description={t(`listing.tabs.${reason.tab}`)}
                      checked={checked}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setReasons((current) => {
                          const next = { ...current };
                          if (on) next[reason.code] = '';
                          else delete next[reason.code];
                          return next;
                        });
                      }}
                    />
                    {checked ? (
                      <TextInput
                        ml="xl"
                        size="xs"
                        label={t('listing.admin.reasonNote', { reason: label })}
                        maxLength={LISTING_LIMITS.rejectionReasonText}
                        value={reasons[reason.code] ?? ''}
                        onChange={(event) => {
                          const note = event.currentTarget.value;
                          setReasons((current) => ({ ...current, [reason.code]: note }));
                        }}
                      />
                    ) : null}
                  </Stack>
                );
              })}
            </Stack>
          </Fieldset>
          {verdictFields('listing-admin-reject')}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => void reject()}
              loading={saving}
              disabled={picked.length === 0 && verdictMessage.trim() === ''}
            >
              {t('listing.admin.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
