import {
  type AdminChangelogEntry,
  CHANGELOG_LIMITS,
  type ChangelogEntryInput,
  changelogEntryInput,
} from '@lintel/shared';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { applyServerErrors } from '../../forms/serverErrors';
import { changedFields, isUnchanged, zodResolver } from '../../forms/zodResolver';
import { ADMIN_CHANGELOG_PATH } from '../shell/navigation';
import { CHANGELOG_TYPE_VALUES, useSaveChangelogEntry } from './queries';

interface FormValues {
  summary: string;
  type: string;
  datestamp: string;
  breaking: boolean;
  endpoint: string;
  versions: string;
  link: string;
  description: string;
  public: boolean;
  documentation_branch: string;
}

function initialValues(entry: AdminChangelogEntry | null): FormValues {
  return {
    summary: entry?.summary ?? '',
    type: entry?.type ?? '',
    datestamp: entry?.datestamp ?? new Date().toISOString().slice(0, 10),
    breaking: entry?.breaking ?? false,
    endpoint: entry?.endpoint ?? '',
    versions: entry?.versions ?? '',
    link: entry?.link ?? '',
    description: entry?.description ?? '',
    public: entry?.public ?? true,
    documentation_branch: entry?.documentation_branch ?? '',
  };
}

/** The request body of the form's values: empty optional texts are sent as null. */
export function toRequestBody(values: FormValues): ChangelogEntryInput {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    summary: values.summary,
    type: values.type as ChangelogEntryInput['type'],
    datestamp: values.datestamp,
    breaking: values.type === 'breaking' ? true : values.breaking,
    endpoint: orNull(values.endpoint),
    versions: orNull(values.versions),
    link: orNull(values.link),
    description: values.description,
    public: values.public,
    documentation_branch: orNull(values.documentation_branch),
  };
}

/** Write or edit a changelog entry; an existing one can be hidden from the changelog or shown again. */
export function AdminChangelogForm({ entry }: { entry: AdminChangelogEntry | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveChangelogEntry();
  const form = useForm<FormValues>({
    initialValues: initialValues(entry),
    validate: zodResolver(changelogEntryInput, t),
  });
  const isBreakingType = form.getValues().type === 'breaking';

  const onSubmit = form.onSubmit((values) => {
    const body = toRequestBody(values);
    const update = entry === null ? body : changedFields(toRequestBody(initialValues(entry)), body);
    if (entry !== null && isUnchanged(update)) {
      navigate(ADMIN_CHANGELOG_PATH);
      return;
    }
    save.mutate(entry === null ? { id: null, body } : { id: entry.id, body: update }, {
      onSuccess: () => {
        notifySaved(entry === null ? t('changelog.admin.toast.created') : t('changelog.admin.toast.updated'));
        navigate(ADMIN_CHANGELOG_PATH);
      },
      onError: (error) => applyServerErrors(form, error, t),
    });
  });

  const toggleHidden = () => {
    if (!entry) return;
    const hidden = !entry.hidden;
    save.mutate(
      { id: entry.id, body: { hidden } },
      {
        onSuccess: () =>
          notifySaved(hidden ? t('changelog.admin.toast.hidden') : t('changelog.admin.toast.shown')),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={entry ? t('changelog.admin.editTitle') : t('changelog.admin.newTitle')}
    >
      <Stack maw={760}>
        <MutationErrorAlert error={save.error} title={t('changelog.admin.errors.title')} form={form} />
        <TextInput
          label={t('changelog.admin.fields.summary')}
          description={t('changelog.admin.fields.summaryHint')}
          required
          maxLength={CHANGELOG_LIMITS.summary}
          {...form.getInputProps('summary')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('changelog.admin.fields.type')}
            required
            data={CHANGELOG_TYPE_VALUES.map((type) => ({ value: type, label: t(`changelog.types.${type}`) }))}
            {...form.getInputProps('type')}
            value={form.getValues().type || null}
            onChange={(value) => form.setFieldValue('type', value ?? '')}
          />
          <TextInput
            type="date"
            label={t('changelog.admin.fields.datestamp')}
            required
            {...form.getInputProps('datestamp')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('changelog.admin.fields.breaking')}
          disabled={isBreakingType}
          {...form.getInputProps('breaking', { type: 'checkbox' })}
          checked={isBreakingType || form.getValues().breaking}
        />
        <TextInput
          label={t('changelog.admin.fields.endpoint')}
          description={t('changelog.admin.fields.endpointHint')}
          placeholder="GET /rest/v1.0/projects"
          maxLength={CHANGELOG_LIMITS.endpoint}
          {...form.getInputProps('endpoint')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('changelog.admin.fields.versions')}
            description={t('changelog.admin.fields.versionsHint')}
            maxLength={CHANGELOG_LIMITS.versions}
            {...form.getInputProps('versions')}
          />
          <TextInput
            type="url"
            label={t('changelog.admin.fields.link')}
            maxLength={CHANGELOG_LIMITS.link}
            {...form.getInputProps('link')}
          />
        </SimpleGrid>
        <Textarea
          label={t('changelog.admin.fields.description')}
          description={t('changelog.admin.fields.descriptionHint')}
          autosize
          minRows={5}
          maxLength={CHANGELOG_LIMITS.description}
          {...form.getInputProps('description')}
        />
        <Checkbox
          label={t('changelog.admin.fields.public')}
          {...form.getInputProps('public', { type: 'checkbox' })}
        />
        <TextInput
          label={t('changelog.admin.fields.documentationBranch')}
          description={t('changelog.admin.fields.documentationBranchHint')}
          maxLength={CHANGELOG_LIMITS.branch}
          {...form.getInputProps('documentation_branch')}
        />
        <Group justify="space-between" mt="md" wrap="wrap">
          <div>
            {entry ? (
              <Button
                variant="outline"
                color={entry.hidden ? 'blue' : 'gray'}
                leftSection={
                  entry.hidden ? <IconEye size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />
                }
                onClick={toggleHidden}
                loading={save.isPending && save.variables?.body && 'hidden' in save.variables.body}
              >
                {entry.hidden ? t('changelog.admin.unhide') : t('changelog.admin.hide')}
              </Button>
            ) : null}
          </div>
          <Group gap="sm">
            <Button component={Link} to={ADMIN_CHANGELOG_PATH} variant="default">
              {t('changelog.admin.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('changelog.admin.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
