import {
  type AdminNotification,
  NOTIFICATION_LIMITS,
  type NotificationInput,
  normaliseCritical,
  notificationInput,
} from '@lintel/shared';
import {
  Anchor,
  Button,
  Checkbox,
  Grid,
  Group,
  Stack,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { applyServerErrors } from '../../forms/serverErrors';
import { changedFields, isUnchanged, zodResolver } from '../../forms/zodResolver';
import { ADMIN_NOTIFICATIONS_PATH } from '../shell/navigation';
import { DeliveryProgress } from './DeliveryProgress';
import { errorsAsJson } from './ErrorsAsJson';
import { NotificationPreview } from './NotificationPreview';
import { useDeleteAdminNotification, useSaveAdminNotification } from './queries';

export const MARKDOWN_HELP_URL = 'https://www.markdownguide.org/basic-syntax/';

/** The label of each field, for the error panel's lines. */
const FIELD_LABELS = {
  title: 'adminNotifications.fields.title',
  summary: 'adminNotifications.fields.summary',
  body: 'adminNotifications.fields.body',
  critical: 'adminNotifications.fields.critical',
  draft: 'adminNotifications.fields.draft',
  show_after: 'adminNotifications.fields.showAfter',
} as const;
type Field = keyof typeof FIELD_LABELS;

interface FormValues {
  title: string;
  summary: string;
  body: string;
  critical: boolean;
  draft: boolean;
  show_after: string;
}

function initialValues(notification: AdminNotification | null): FormValues {
  return {
    title: notification?.title ?? '',
    summary: notification?.summary ?? '',
    body: notification?.body ?? '',
    critical: notification?.critical ?? false,
    draft: notification?.draft ?? false,
    show_after: notification?.show_after ?? '',
  };
}

/** The request body of the form's values; a critical notification never waits (spec 1 §4). */
export function toRequestBody(values: FormValues): NotificationInput {
  return normaliseCritical({
    title: values.title,
    summary: values.summary,
    body: values.body,
    critical: values.critical,
    draft: values.draft,
    show_after: values.show_after.trim() === '' ? null : values.show_after.trim(),
  });
}

export interface AdminNotificationFormProps {
  /** The notification being edited; null creates a new one. */
  notification: AdminNotification | null;
}

/** Create or edit a notification, with a live preview of its cards (spec 1 §2, §4, §5). */
export function AdminNotificationForm({ notification }: AdminNotificationFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isNew = notification === null;
  const save = useSaveAdminNotification();
  const remove = useDeleteAdminNotification();
  const [confirmCritical, setConfirmCritical] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const form = useForm<FormValues>({
    initialValues: initialValues(notification),
    validate: zodResolver(notificationInput, t),
  });
  const values = form.getValues();
  const critical = values.critical;

  const submit = (formValues: FormValues) => {
    remove.reset();
    const body = toRequestBody(formValues);
    // An edit sends only the fields the user changed; critical is fixed once created (spec 1 §4).
    const { critical: _ignored, ...update } =
      notification === null ? body : changedFields(toRequestBody(initialValues(notification)), body);
    if (notification !== null && isUnchanged(update)) {
      // Only blanks were touched: nothing to save, the form shows the saved values again.
      form.setValues(initialValues(notification));
      form.resetDirty();
      return;
    }
    save.mutate(notification === null ? { id: null, body } : { id: notification.id, body: update }, {
      onSuccess: () => {
        notifySaved(isNew ? t('adminNotifications.toast.created') : t('adminNotifications.toast.updated'));
        navigate(ADMIN_NOTIFICATIONS_PATH);
      },
      onError: (error) => applyServerErrors(form, error, t),
    });
  };

  const onSubmit = form.onSubmit((formValues) => {
    // Creating a critical notification e-mails every subscriber: ask first (spec 1 §5).
    if (isNew && formValues.critical) setConfirmCritical(true);
    else submit(formValues);
  });

  const onCriticalChange = (checked: boolean) => {
    form.setFieldValue('critical', checked);
    if (checked) {
      form.setFieldValue('show_after', '');
      form.setFieldValue('draft', false);
      form.clearFieldError('show_after');
    }
  };

  const onDelete = () => {
    if (!notification) return;
    save.reset();
    remove.mutate(notification.id, {
      onSuccess: () => {
        setConfirmDelete(false);
        notifySaved(t('adminNotifications.toast.deleted'));
        navigate(ADMIN_NOTIFICATIONS_PATH);
      },
      onError: () => setConfirmDelete(false),
    });
  };

  const failure = save.error ?? remove.error;

  return (
    <>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form
            noValidate
            onSubmit={onSubmit}
            aria-label={t(isNew ? 'adminNotifications.newTitle' : 'adminNotifications.editTitle')}
          >
            <Stack>
              <MutationErrorAlert
                error={failure}
                title={t('adminNotifications.errors.title')}
                fieldLabel={(path) => (path in FIELD_LABELS ? t(FIELD_LABELS[path as Field]) : undefined)}
                format={errorsAsJson(t)}
              />
              {notification ? <DeliveryProgress notification={notification} /> : null}
              <TextInput
                label={t('adminNotifications.fields.title')}
                required
                maxLength={NOTIFICATION_LIMITS.title}
                {...form.getInputProps('title')}
              />
              <Textarea
                label={t('adminNotifications.fields.summary')}
                description={t('adminNotifications.fields.summaryHint')}
                required
                autosize
                minRows={2}
                maxLength={NOTIFICATION_LIMITS.summary}
                {...form.getInputProps('summary')}
              />
              <Textarea
                label={t('adminNotifications.fields.body')}
                description={
                  <>
                    {t('adminNotifications.fields.bodyHint')}{' '}
                    <Anchor
                      href={MARKDOWN_HELP_URL}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="xs"
                      underline="always"
                    >
                      {t('adminNotifications.fields.markdownHelp')}
                      <IconExternalLink
                        size={12}
                        aria-hidden
                        style={{ marginLeft: 2, verticalAlign: 'middle' }}
                      />
                      <VisuallyHidden> ({t('common.opensInNewTab')})</VisuallyHidden>
                    </Anchor>
                  </>
                }
                required
                autosize
                minRows={6}
                maxLength={NOTIFICATION_LIMITS.body}
                {...form.getInputProps('body')}
              />
              <Checkbox
                label={t('adminNotifications.fields.critical')}
                description={
                  isNew
                    ? t('adminNotifications.fields.criticalHint')
                    : t('adminNotifications.fields.criticalLocked')
                }
                disabled={!isNew}
                {...form.getInputProps('critical', { type: 'checkbox' })}
                onChange={(event) => onCriticalChange(event.currentTarget.checked)}
              />
              <Checkbox
                label={t('adminNotifications.fields.draft')}
                description={t('adminNotifications.fields.draftHint')}
                disabled={critical}
                {...form.getInputProps('draft', { type: 'checkbox' })}
              />
              <TextInput
                label={t('adminNotifications.fields.showAfter')}
                placeholder="YYYY-mm-dd"
                description={t('adminNotifications.fields.showAfterHint')}
                disabled={critical}
                inputMode="numeric"
                autoComplete="off"
                w={{ base: '100%', sm: 240 }}
                {...form.getInputProps('show_after')}
              />
              <Group justify="space-between" mt="md" wrap="wrap">
                <div>
                  {isNew ? null : (
                    <Button
                      color="red"
                      variant="outline"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => setConfirmDelete(true)}
                      disabled={save.isPending}
                    >
                      {t('adminNotifications.delete')}
                    </Button>
                  )}
                </div>
                <Group gap="sm">
                  <Button component={Link} to={ADMIN_NOTIFICATIONS_PATH} variant="default">
                    {t('adminNotifications.cancel')}
                  </Button>
                  <Button
                    type="submit"
                    loading={save.isPending}
                    disabled={remove.isPending || (!isNew && !form.isDirty())}
                  >
                    {isNew ? t('adminNotifications.notify') : t('adminNotifications.update')}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <NotificationPreview
            title={values.title}
            summary={values.summary}
            createdAt={notification?.created_at}
          />
        </Grid.Col>
      </Grid>
      <ConfirmModal
        opened={confirmCritical}
        title={t('adminNotifications.confirmCritical.title')}
        message={t('adminNotifications.confirmCritical.message')}
        confirmLabel={t('adminNotifications.confirmCritical.confirm')}
        onCancel={() => setConfirmCritical(false)}
        onConfirm={() => {
          setConfirmCritical(false);
          submit(form.getValues());
        }}
        danger
      />
      <ConfirmModal
        opened={confirmDelete}
        title={t('adminNotifications.confirmDelete.title')}
        message={t('adminNotifications.confirmDelete.message')}
        confirmLabel={t('adminNotifications.delete')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={onDelete}
        loading={remove.isPending}
        danger
      />
    </>
  );
}
