import { LISTING_LIMITS } from '@lintel/shared/listing';
import {
  Alert,
  Anchor,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tabPath } from '../../developer-apps/detail/tabs';
import { AdminExtras } from '../admin/AdminExtras';
import { ChangedMark } from '../ChangeMarks';
import type { EditorContext } from '../editorContext';
import { markProps, textProps } from '../fields';

/** App Information (spec 3 §2 "App tab"): names, texts, categories, and the version section. */
export function AppTab({ ctx }: { ctx: EditorContext }) {
  const { t } = useTranslation();
  const { values, references } = ctx;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('listing.fields.public_name')}
          description={t('listing.help.maxChars', { max: LISTING_LIMITS.publicName })}
          withAsterisk
          {...textProps(ctx, 'public_name')}
        />
        <TextInput
          label={t('listing.fields.tagline')}
          description={t('listing.help.maxChars', { max: LISTING_LIMITS.tagline })}
          withAsterisk
          {...textProps(ctx, 'tagline')}
        />
        <TextInput label={t('listing.fields.built_by')} withAsterisk {...textProps(ctx, 'built_by')} />
        <TextInput label={t('listing.fields.sold_by')} withAsterisk {...textProps(ctx, 'sold_by')} />
      </SimpleGrid>
      <MultiSelect
        label={t('listing.fields.category_ids')}
        description={t('listing.help.categories', { max: LISTING_LIMITS.categoriesMax })}
        withAsterisk
        data={references.categories.map((category) => ({ value: String(category.id), label: category.name }))}
        value={values.category_ids.map(String)}
        onChange={(picked) => ctx.set('category_ids', picked.map(Number))}
        error={ctx.error('category_ids')}
        readOnly={ctx.readOnly}
        searchable
        nothingFoundMessage={t('listing.empty.noMatch')}
        {...markProps(ctx, 'category_ids')}
      />
      <Textarea
        label={t('listing.fields.description')}
        description={t('listing.help.maxChars', { max: LISTING_LIMITS.description })}
        withAsterisk
        autosize
        minRows={4}
        {...textProps(ctx, 'description')}
      />
      <Textarea
        label={t('listing.fields.about')}
        withAsterisk
        autosize
        minRows={3}
        {...textProps(ctx, 'about')}
      />
      <Textarea
        label={t('listing.fields.how_it_works')}
        description={t('listing.help.maxChars', { max: LISTING_LIMITS.howItWorks })}
        withAsterisk
        autosize
        minRows={3}
        {...textProps(ctx, 'how_it_works')}
      />
      <Title order={3} size="h5" mt="sm">
        {t('listing.sections.version')}
      </Title>
      <Select
        label={t('listing.fields.app_version_id')}
        description={t('listing.help.appVersion')}
        withAsterisk
        data={references.versions.map((version) => ({
          value: String(version.app_version_id),
          label: version.semantic_version,
        }))}
        value={values.app_version_id === null ? null : String(values.app_version_id)}
        onChange={(picked) => ctx.set('app_version_id', picked === null ? null : Number(picked))}
        error={ctx.error('app_version_id')}
        readOnly={ctx.readOnly}
        placeholder={
          references.versions.length > 0
            ? undefined
            : references.versionRule?.published
              ? t('listing.versionRule.noNewerPlaceholder', {
                  version: references.versionRule.published.version,
                })
              : t('listing.empty.noVersions')
        }
        nothingFoundMessage={t('listing.empty.noVersions')}
        {...markProps(ctx, 'app_version_id')}
      />
      <VersionHint ctx={ctx} />
      <Textarea
        label={t('listing.fields.draft_developer_notes')}
        description={t('listing.help.developerNotes')}
        withAsterisk
        autosize
        minRows={2}
        {...textProps(ctx, 'draft_developer_notes')}
      />
      <Switch
        label={t('listing.fields.installable')}
        description={t('listing.help.installable')}
        checked={values.installable}
        onChange={(event) => ctx.set('installable', event.currentTarget.checked)}
        disabled={ctx.readOnly}
      />
      <ChangedMark changed={ctx.changed('installable')} />
      {ctx.mode === 'admin' ? <AdminExtras ctx={ctx} /> : null}
    </Stack>
  );
}

/**
 * What to do when no version may be chosen (issue 20): with a published listing, promote a newer app
 * version; before any, promote one. The link opens the app's versions: the Versions tab of the tabbed
 * layout, the manifests section of the single page (which scrolls to it from the same path).
 */
function VersionHint({ ctx }: { ctx: EditorContext }) {
  const { t } = useTranslation();
  const rule = ctx.references.versionRule;
  if (!rule || rule.choices.length > 0) return null;
  return (
    <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} data-testid="listing-version-hint">
      <Stack gap={4}>
        <Text size="sm">
          {rule.published
            ? t('listing.versionRule.noNewer', { version: rule.published.version })
            : t('listing.versionRule.noneYet')}
        </Text>
        <Anchor component={Link} to={tabPath(ctx.appId, 'versions')} size="sm" fw={500}>
          {t('listing.versionRule.toVersions')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
