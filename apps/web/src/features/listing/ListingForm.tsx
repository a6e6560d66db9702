import type { DeveloperApp, ErrorDetail, User } from '@lintel/shared';
import {
  applyContactType,
  type ContactType,
  changedPathsOf,
  changedTabsOf,
  contactTypeOf,
  contactTypesFor,
  diffListings,
  type ListingTab,
  listingMessageFor,
  listingProgress,
  type Submission,
} from '@lintel/shared/listing';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconFlag, IconGitCompare, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import type { UploadProgress } from '../../api/upload';
import { ConfirmModal } from '../../components/ConfirmModal';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { type AdminDecision, AdminFooter } from './admin/AdminFooter';
import { decorateField } from './ChangeMarks';
import { labelOfPath, snapshotOfForm, snapshotOfSubmission } from './changes';
import { DecisionBanner } from './DecisionBanner';
import type { EditorContext, ListingReferences } from './editorContext';
import {
  type AdminSubmissionBody,
  filesBody,
  formPathOf,
  formValuesOf,
  type ListingFiles,
  type ListingFormValues,
  listingValuesOf,
  mediaValuesOf,
  type SubmissionBody,
  serializeSubmission,
  tabOfFormPath,
} from './formValues';
import classes from './Listing.module.css';
import { ListingDiffDrawer } from './ListingDiffDrawer';
import { ListingPreview, previewOfForm } from './ListingPreview';
import { saveSubmission, storeSubmission, useSaveSubmission } from './queries';
import { ReviewFeedback, reviewFeedbackTabs } from './ReviewFeedback';
import { SaveErrors } from './SaveErrors';
import { AppTab } from './tabs/AppTab';
import { MediaTab } from './tabs/MediaTab';
import { PricingTab } from './tabs/PricingTab';
import { SecurityTab } from './tabs/SecurityTab';
import { ContactTab, FeaturesTab, LinksTab, RequirementsTab, SupportTab, ToolsTab } from './tabs/SimpleTabs';

/**
 * The tabs in the order the form shows them: the default set of spec 3 §2 first, then the tabs of the
 * longer reading (links, tools, requirements) before the Security and Compliance tab.
 */
export const FORM_TABS: readonly ListingTab[] = [
  'app',
  'media',
  'pricing',
  'support',
  'features',
  'contact',
  'links',
  'tools',
  'requirements',
  'security',
];

const TAB_COMPONENTS: Record<ListingTab, (props: { ctx: EditorContext }) => React.ReactNode> = {
  app: AppTab,
  media: MediaTab,
  pricing: PricingTab,
  links: LinksTab,
  features: FeaturesTab,
  support: SupportTab,
  tools: ToolsTab,
  requirements: RequirementsTab,
  contact: ContactTab,
  security: SecurityTab,
};

export interface ListingFormProps {
  app: DeveloperApp;
  /** The app's newest submission; null before the first save. */
  submission: Submission | null;
  user: Pick<User, 'is_employee' | 'is_admin'>;
  references: ListingReferences;
  /** SECURITY_AND_COMPLIANCE_ENABLED (session features). */
  securityEnabled: boolean;
  partnerProgramsEmail?: string | null;
  /** The developer tab, or the admin app page's tab (admin footer, extras, changed-field markers). */
  mode?: 'developer' | 'admin';
  /** The published listing, to compare with (changed-field markers, the diff); null when none. */
  published?: Submission | null;
  /** Whether the listing application is on: admins then switch marketplace_enabled (spec 3 §6). */
  listingApplicationEnabled?: boolean;
}

/** Sets a value at a dotted path, copying objects and arrays on the way. */
function setIn<T>(target: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return target;
  const container = (Array.isArray(target) ? [...target] : { ...(target as object) }) as Record<
    string,
    unknown
  >;
  container[head] = rest.length === 0 ? value : setIn(container[head], rest.join('.'), value);
  return container as T;
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** A problem's words in the user's language (spec 3 §5's translation table). */
function messageOf(t: Translate, detail: Pick<ErrorDetail, 'code' | 'path' | 'params'>): string {
  const { key, values } = listingMessageFor(detail);
  // The key is one of the table's (ListingMessageKey); a plain signature keeps i18next's types shallow.
  const translate = t as unknown as (key: string, values: Record<string, string | number>) => string;
  return translate(`listing.validation.${key}`, values);
}

/** The status label of spec 3 §4: Rejected, In Review, Approved, Published (Draft before any review). */
export function statusOf(submission: Pick<Submission, 'state' | 'approval_state'> | null) {
  if (!submission) return 'draft' as const;
  if (submission.state === 'in_review') return 'in_review' as const;
  if (submission.state === 'published') return 'published' as const;
  if (submission.approval_state === 'rejected') return 'rejected' as const;
  if (submission.approval_state === 'approved') return 'approved' as const;
  return 'draft' as const;
}

const STATUS_COLORS = {
  draft: 'gray',
  in_review: 'blue',
  published: 'green',
  approved: 'green',
  rejected: 'red',
} as const;

/**
 * The marketplace listing editor (spec 3 §2–§5): tabs with error markers, the progress bar, the status
 * banners, and the developer's footer (save draft, preview, submit or resubmit, withdraw).
 */
export function ListingForm({
  app,
  submission: initialSubmission,
  user,
  references,
  securityEnabled,
  partnerProgramsEmail = null,
  mode = 'developer',
  published = null,
  listingApplicationEnabled = false,
}: ListingFormProps) {
  const { t, i18n } = useTranslation();
  const admin = mode === 'admin';
  const save = useSaveSubmission(app.id);
  const queryClient = useQueryClient();
  const [submission, setSubmission] = useState<Submission | null>(initialSubmission);
  const [values, setValues] = useState<ListingFormValues>(() => formValuesOf(initialSubmission));
  const [saved, setSaved] = useState<ListingFormValues>(values);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  // Errors a change cleared until the next full check (regions and countries, spec 3 §4).
  const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [notValid, setNotValid] = useState(false);
  const [tab, setTab] = useState<ListingTab>('app');
  const [contactType, setContactTypeState] = useState<ContactType>(() => contactTypeOf(values));
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState<'submit' | 'withdraw' | null>(null);
  const [submitNotes, setSubmitNotes] = useState('');
  const [comparing, setComparing] = useState(false);
  // The admin message travels with saves and verdicts; typing it does not make the listing "unsaved".
  const [adminMessage, setAdminMessageState] = useState(initialSubmission?.admin_message ?? '');
  // Read by a save started in the same tick as the debounced message's flush.
  const adminMessageRef = useRef(adminMessage);
  const setAdminMessage = (text: string) => {
    adminMessageRef.current = text;
    setAdminMessageState(text);
  };
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const tabs = FORM_TABS.filter((name) => name !== 'security' || securityEnabled);
  const progress = useMemo(
    () =>
      listingProgress(listingValuesOf(values), {
        securityEnabled,
        admin: mode === 'admin',
        tabs: FORM_TABS.filter((name) => name !== 'security' || securityEnabled),
        versions: references.versionRule,
      }),
    [values, securityEnabled, mode, references.versionRule],
  );
  const clientErrors = useMemo(() => {
    const errors: Record<string, string> = {};
    for (const tabProgress of progress.tabs)
      for (const detail of tabProgress.errors) errors[formPathOf(detail.path)] ??= messageOf(t, detail);
    return errors;
  }, [progress, t]);

  const state = submission?.state ?? 'draft';
  const inReview = state === 'in_review';
  const canEdit = mode === 'admin' || app.permissions.canEdit;
  const readOnly = mode === 'developer' && (inReview || !canEdit);
  const canSubmit = mode === 'developer' && app.permissions.canSubmitMarketplaceApp;
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const status = statusOf(submission);

  // The listing as it is now (unsaved edits included) against the published one (issue 10).
  const comparable = published !== null && published.id !== submission?.id;
  const diff = useMemo(
    () =>
      comparable && published ? diffListings(snapshotOfSubmission(published), snapshotOfForm(values)) : null,
    [comparable, published, values],
  );
  const changedPaths = useMemo(() => (diff ? changedPathsOf(diff) : new Set<string>()), [diff]);
  const changedTabs = useMemo(
    () => (diff && admin ? changedTabsOf(diff) : new Set<ListingTab>()),
    [diff, admin],
  );
  const feedbackTabs = mode === 'developer' ? reviewFeedbackTabs(submission) : new Set<ListingTab>();
  const looseT = t as unknown as Parameters<typeof labelOfPath>[0];

  // Leaving the admin tab with unsaved changes asks first (spec 3 §4): any navigation inside the app and
  // the browser's back and forward buttons ask with the spec's words; closing or reloading, in the
  // browser's words.
  const leaveQuestion = t('listing.admin.leaveConfirm');
  const allowLeave = useCallback(() => window.confirm(leaveQuestion), [leaveQuestion]);
  useLeaveGuard(admin && dirty, allowLeave);

  const error = (path: string): string | undefined => {
    if (serverErrors[path]) return serverErrors[path];
    // A chosen version the listing may no longer name (the published one, after approval) is said at once:
    // it is not a field left to fill but the reason an update cannot be submitted (issue 20).
    const namesStaleVersion = path === 'app_version_id' && values.app_version_id !== null && !readOnly;
    if (cleared.has(path) || (!showAll && !touched.has(path) && !namesStaleVersion)) return undefined;
    return clientErrors[path];
  };
  const shownErrorPaths = Object.keys({ ...clientErrors, ...serverErrors }).filter((path) => error(path));
  const tabsWithErrors = new Set(shownErrorPaths.map(tabOfFormPath).filter(Boolean));

  const touch = (paths: string[]) => {
    setTouched((current) => new Set([...current, ...paths]));
    setServerErrors((current) => {
      const next = { ...current };
      for (const path of paths) delete next[path];
      return next;
    });
    setNotValid(false);
  };

  const ctx: EditorContext = {
    appId: app.id,
    values,
    set: (path, value) => {
      setValues((current) => setIn(current, path, value));
      // A contact field answers the tab's "one of them" rule; a list answers for its rows.
      const extra = /^(contact_us_email|learn_how_url)$/.test(path) ? ['contact_or_learn_how'] : [];
      touch([path, ...extra]);
    },
    patch: (changes, paths) => {
      setValues((current) => ({ ...current, ...changes }));
      if (paths.includes('region_or_country')) {
        // Changing regions or countries clears the region_or_country error (spec 3 §4).
        setServerErrors((current) => {
          const { region_or_country: _cleared, ...rest } = current;
          return rest;
        });
        setCleared((current) => new Set([...current, 'region_or_country']));
        setNotValid(false);
        return;
      }
      touch(paths);
    },
    error,
    readOnly,
    mode,
    references,
    submission,
    contactType,
    setContactType: (type) => {
      setContactTypeState(type);
      setValues((current) => applyContactType(current, type));
      touch(['contact_or_learn_how']);
    },
    contactTypes: contactTypesFor(user),
    uploadFiles: async (
      files: ListingFiles,
      upload: { onProgress: (p: UploadProgress) => void; signal: AbortSignal },
    ) => {
      // Not the save mutation: a failed upload is said by its drop zone, not by the save banner.
      const answer = await saveSubmission(app.id, {
        submissionId: editableId(submission),
        body: filesBody(files),
        onProgress: upload.onProgress,
        signal: upload.signal,
        admin,
      });
      storeSubmission(queryClient, app.id, answer);
      setSubmission(answer);
      // Only the media come from the answer: the other fields keep the user's unsaved edits.
      const merge = (current: ListingFormValues): ListingFormValues => {
        const stored = mediaValuesOf(answer);
        const removed = new Set(current.remove_media_ids);
        const describe = (list: ListingFormValues['pictures'], mine: ListingFormValues['pictures']) =>
          list
            .filter((item) => !removed.has(item.id))
            .map((item) => ({
              ...item,
              description: mine.find((m) => m.id === item.id)?.description ?? item.description,
            }));
        return {
          ...current,
          small_logo: current.remove_small_logo && !files.small_logo ? null : stored.small_logo,
          small_logo_url: current.remove_small_logo && !files.small_logo ? '' : stored.small_logo_url,
          remove_small_logo: files.small_logo ? false : current.remove_small_logo,
          pictures: describe(stored.pictures, current.pictures),
          videos: describe(stored.videos, current.videos),
          showcase_video:
            stored.showcase_video && !removed.has(stored.showcase_video.id)
              ? stored.showcase_video
              : current.showcase_video,
          security_questionnaire_document:
            stored.security_questionnaire_document && !removed.has(stored.security_questionnaire_document.id)
              ? stored.security_questionnaire_document
              : current.security_questionnaire_document,
        };
      };
      setValues(merge);
      setSaved(merge);
      touch(
        files.small_logo
          ? ['small_logo']
          : files.pictures
            ? ['pictures']
            : files.videos
              ? ['videos']
              : files.showcase_video
                ? ['showcase_video']
                : ['security_questionnaire_document'],
      );
    },
    partnerProgramsEmail,
    changed: (path) => admin && changedPaths.has(path),
    decorate: (path, value) =>
      decorateField({
        changed: admin && changedPaths.has(path),
        copy: admin ? { value, label: labelOfPath(looseT, i18n.language, path) } : null,
      }),
  };

  /** Shows every problem; answers whether the listing is valid (spec 3 §5: on submit and on preview). */
  const checkAll = (): boolean => {
    setShowAll(true);
    setCleared(new Set());
    const valid = progress.tabs.every((entry) => entry.complete);
    setNotValid(!valid);
    if (!valid) {
      const first = progress.tabs.find((entry) => !entry.complete);
      if (first) setTab(first.tab);
    }
    return valid;
  };

  const applyFailure = (failure: unknown) => {
    if (!isApiError(failure)) return;
    const errors: Record<string, string> = {};
    for (const detail of failure.details) {
      const path = formPathOf(detail.path);
      if (tabOfFormPath(path)) errors[path] ??= messageOf(t, detail);
    }
    setServerErrors(errors);
    const first = Object.keys(errors).map(tabOfFormPath).find(Boolean);
    if (first) setTab(first);
  };

  const onSaved = (answer: Submission, message: string) => {
    setSubmission(answer);
    const next = formValuesOf(answer);
    // Keep the always-present empty rows and the contact choice the user made.
    setValues(next);
    setSaved(next);
    setServerErrors({});
    notifySaved(message);
  };

  const saveDraft = async () => {
    setServerErrors({});
    try {
      const body = serializeSubmission(valuesRef.current);
      const answer = await save.mutateAsync({
        submissionId: editableId(submission),
        body: admin ? adminBody(body, valuesRef.current, adminMessageRef.current) : body,
        admin,
      });
      onSaved(answer, admin ? t('listing.admin.saved') : t('listing.saved'));
    } catch (failure) {
      applyFailure(failure);
    }
  };

  const changeState = async (next: 'in_review' | 'draft') => {
    if (!submission) return;
    try {
      const answer = await save.mutateAsync({
        submissionId: submission.id,
        body: (next === 'in_review'
          ? {
              state: 'in_review',
              draft_developer_notes: submitNotes.trim() || values.draft_developer_notes || null,
            }
          : { state: 'draft' }) as SubmissionBody,
      });
      setConfirming(null);
      onSaved(answer, next === 'in_review' ? t('listing.submitted') : t('listing.withdrawn'));
    } catch (failure) {
      setConfirming(null);
      applyFailure(failure);
    }
  };

  /** An admin's verdict or switch (spec 3 §4): approve (→ published), reject (→ draft), concierge. */
  const decide = async (decision: AdminDecision): Promise<boolean> => {
    if (!submission) return false;
    setServerErrors({});
    try {
      const answer = await save.mutateAsync({
        submissionId: submission.id,
        body: decision.body as AdminSubmissionBody,
        admin: true,
      });
      setSubmission(answer);
      if (decision.kind !== 'concierge') {
        const next = formValuesOf(answer);
        setValues(next);
        setSaved(next);
        setAdminMessage(answer.admin_message ?? '');
      }
      notifySaved(
        decision.kind === 'approve'
          ? t('listing.admin.approved')
          : decision.kind === 'reject'
            ? t('listing.admin.rejected')
            : t('listing.admin.conciergeSaved'),
      );
      return true;
    } catch (failure) {
      applyFailure(failure);
      return false;
    }
  };

  const resubmit = Boolean(submission?.admin_message);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={2} size="h3">
            {t('listing.title')}
          </Title>
          <Badge color={STATUS_COLORS[status]} variant="light">
            {t(`listing.status.${status}`)}
          </Badge>
        </Group>
      </Group>

      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={500} id="listing-progress-label">
            {t('listing.progress.label')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('listing.progress.value', {
              completed: progress.completed,
              total: progress.total,
              percent: progress.percent,
            })}
          </Text>
        </Group>
        <Progress.Root>
          <Progress.Section value={progress.percent} aria-labelledby="listing-progress-label" />
        </Progress.Root>
      </Stack>

      {inReview && mode === 'developer' ? (
        <Alert color="blue" title={t('listing.banners.inReviewTitle')}>
          {t('listing.banners.inReview')}
        </Alert>
      ) : null}
      <DecisionBanner submission={submission} />
      {submission?.has_published_app && state === 'draft' ? (
        <Alert color="gray">{t('listing.banners.publishedChanges')}</Alert>
      ) : null}
      {!canEdit && mode === 'developer' ? (
        <Alert color="gray">{t('listing.banners.noPermission')}</Alert>
      ) : null}
      {notValid ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {t('listing.validation.notValid')}
        </Alert>
      ) : null}
      <MutationErrorAlert
        error={save.error}
        title={t('listing.errors.saveTitle')}
        format={(error, options) => <SaveErrors error={error} options={options} />}
      />

      <Tabs value={tab} onChange={(next) => next && setTab(next as ListingTab)} keepMounted={false}>
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab
              key={name}
              value={name}
              rightSection={
                tabsWithErrors.has(name) || changedTabs.has(name) || feedbackTabs.has(name) ? (
                  <Group gap={4} wrap="nowrap">
                    {tabsWithErrors.has(name) ? (
                      <IconAlertCircle
                        size={16}
                        color="var(--mantine-color-red-6)"
                        aria-label={t('listing.hasErrors')}
                        role="img"
                      />
                    ) : null}
                    {changedTabs.has(name) ? (
                      <IconPencil
                        size={16}
                        color="var(--mantine-color-orange-7)"
                        aria-label={t('listing.diff.changedTab')}
                        role="img"
                      />
                    ) : null}
                    {feedbackTabs.has(name) ? (
                      <IconFlag
                        size={16}
                        color="var(--mantine-color-red-7)"
                        aria-label={t('listing.feedback.tabMarker')}
                        role="img"
                      />
                    ) : null}
                  </Group>
                ) : null
              }
            >
              {t(`listing.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((name) => {
          const Panel = TAB_COMPONENTS[name];
          return (
            <Tabs.Panel key={name} value={name} pt="lg">
              {feedbackTabs.has(name) && submission ? (
                <ReviewFeedback submission={submission} tab={name} />
              ) : null}
              <fieldset
                className={classes.readOnly}
                disabled={readOnly}
                aria-label={t(`listing.tabs.${name}`)}
              >
                <Panel ctx={ctx} />
              </fieldset>
            </Tabs.Panel>
          );
        })}
      </Tabs>

      {mode === 'developer' ? (
        <Paper className={classes.footer} p="sm" component="footer" aria-label={t('listing.footer.label')}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {dirty ? t('listing.footer.unsaved') : t('listing.footer.allSaved')}
            </Text>
            <Group gap="sm">
              {!readOnly ? (
                <Button
                  variant="default"
                  onClick={() => void saveDraft()}
                  loading={save.isPending}
                  disabled={!dirty}
                >
                  {t('listing.actions.saveDraft')}
                </Button>
              ) : null}
              <Button variant="light" onClick={() => checkAll() && setPreviewing(true)}>
                {t('listing.actions.preview')}
              </Button>
              {comparable ? (
                <Button
                  variant="subtle"
                  leftSection={<IconGitCompare size={16} aria-hidden />}
                  onClick={() => setComparing(true)}
                >
                  {t('listing.diff.open')}
                </Button>
              ) : null}
              {canSubmit && inReview ? (
                <Button color="red" variant="light" onClick={() => setConfirming('withdraw')}>
                  {t('listing.actions.withdraw')}
                </Button>
              ) : null}
              {canSubmit && !inReview ? (
                <Button
                  onClick={() => checkAll() && setConfirming('submit')}
                  disabled={dirty || !submission || save.isPending}
                  title={dirty || !submission ? t('listing.footer.saveFirst') : undefined}
                >
                  {resubmit ? t('listing.actions.resubmit') : t('listing.actions.submit')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </Paper>
      ) : (
        <AdminFooter
          app={app}
          submission={submission}
          dirty={dirty}
          saving={save.isPending}
          adminMessage={adminMessage}
          onAdminMessage={setAdminMessage}
          listingApplicationEnabled={listingApplicationEnabled}
          onSave={() => void saveDraft()}
          onPreview={() => checkAll() && setPreviewing(true)}
          onCompare={comparable ? () => setComparing(true) : null}
          onDecide={decide}
        />
      )}

      <ListingDiffDrawer
        opened={comparing}
        onClose={() => setComparing(false)}
        diff={diff}
        references={references}
        versions={Object.fromEntries(
          [published?.app_version, submission?.app_version]
            .filter((version) => version != null)
            .map((version) => [version.id, version.version]),
        )}
      />

      <Modal
        opened={previewing}
        onClose={() => setPreviewing(false)}
        size="xl"
        title={t('listing.preview.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <ListingPreview listing={previewOfForm(values, references)} />
      </Modal>
      <Modal
        opened={confirming === 'submit'}
        onClose={() => setConfirming(null)}
        title={resubmit ? t('listing.confirm.resubmitTitle') : t('listing.confirm.submitTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>{t('listing.confirm.submit')}</Text>
          <Textarea
            label={t('listing.fields.draft_developer_notes')}
            autosize
            minRows={2}
            value={submitNotes || values.draft_developer_notes}
            onChange={(event) => setSubmitNotes(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void changeState('in_review')} loading={save.isPending} data-autofocus>
              {resubmit ? t('listing.actions.resubmit') : t('listing.actions.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={confirming === 'withdraw'}
        title={t('listing.confirm.withdrawTitle')}
        message={t('listing.confirm.withdraw')}
        confirmLabel={t('listing.actions.withdraw')}
        danger
        loading={save.isPending}
        onConfirm={() => void changeState('draft')}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}

/** An administrator's save: the developer's fields plus the admin-only ones and the admin message. */
function adminBody(
  body: SubmissionBody,
  values: ListingFormValues,
  adminMessage: string,
): AdminSubmissionBody {
  return {
    ...body,
    beta: values.beta,
    security_badge: values.security_badge,
    notes: values.notes.trim() === '' ? null : values.notes,
    admin_message: adminMessage.trim() === '' ? null : adminMessage,
  };
}

/** The submission a save updates: the newest unless it is published (then the save creates one). */
function editableId(submission: Submission | null): number | null {
  return submission && submission.state !== 'published' ? submission.id : null;
}
