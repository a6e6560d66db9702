import { LISTING_MEDIA } from '@lintel/shared/listing';
import { Alert, Group, Input, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionErrorMessage } from '../../../api/errorText';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { UploadDropzone, type UploadOptions } from '../../../components/UploadDropzone';
import { ChangedMark } from '../ChangeMarks';
import type { EditorContext } from '../editorContext';
import { textProps } from '../fields';
import type { FormMedia } from '../formValues';
import classes from '../Listing.module.css';
import { MediaPreviewModal, MediaRow } from '../tabs/MediaTab';

type Slot = 'showcase_video' | 'security_questionnaire_document';

/**
 * The admin-only part of the App tab (spec 3 §2, §6): beta, security badge, admin notes, the showcase
 * video (required on the admin form) and the self-assessment document.
 */
export function AdminExtras({ ctx }: { ctx: EditorContext }) {
  const { t, i18n } = useTranslation();
  const { values } = ctx;
  const [preview, setPreview] = useState<FormMedia | null>(null);
  const [deleting, setDeleting] = useState<{ slot: Slot; item: FormMedia } | null>(null);
  const [problems, setProblems] = useState<Partial<Record<Slot, string>>>({});

  const send = (slot: Slot) => async (file: File, options: UploadOptions) => {
    setProblems((current) => ({ ...current, [slot]: undefined }));
    try {
      await ctx.uploadFiles(
        slot === 'showcase_video' ? { showcase_video: file } : { security_questionnaire_document: file },
        options,
      );
    } catch (error) {
      if (!options.signal.aborted) {
        // A failed video upload shows the generic error (spec 3 §4); the document says what was wrong.
        const message =
          slot === 'showcase_video'
            ? t('listing.media.videoFailed')
            : sectionErrorMessage(t, error, { language: i18n.resolvedLanguage });
        setProblems((current) => ({ ...current, [slot]: message }));
      }
      throw error;
    }
  };

  const slot = (name: Slot, label: string, rule: string, uploadLabel: string, required: boolean) => {
    const item = values[name];
    const media = name === 'showcase_video' ? LISTING_MEDIA.showcaseVideo : LISTING_MEDIA.document;
    return (
      <Input.Wrapper label={label} withAsterisk={required} error={ctx.error(name)} description={rule}>
        <Stack gap="xs" mt={4}>
          {item ? (
            <MediaRow
              item={item}
              readOnly={ctx.readOnly}
              onPreview={() => setPreview(item)}
              onDelete={() => setDeleting({ slot: name, item })}
            />
          ) : ctx.readOnly ? (
            <Text size="sm" c="dimmed">
              {t('listing.diff.empty')}
            </Text>
          ) : (
            <div className={classes.zone}>
              <UploadDropzone
                label={uploadLabel}
                accept={media.types}
                maxBytes={media.maxBytes}
                disabled={ctx.readOnly}
                onUpload={send(name)}
              />
            </div>
          )}
          {problems[name] ? (
            <Alert color="red" role="alert" p="xs">
              {problems[name]}
            </Alert>
          ) : null}
          <ChangedMark changed={ctx.changed(name)} />
        </Stack>
      </Input.Wrapper>
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    ctx.patch({ [deleting.slot]: null, remove_media_ids: [...values.remove_media_ids, deleting.item.id] }, [
      deleting.slot,
    ]);
    setDeleting(null);
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="listing-admin-extras">
      <Title order={3} size="h5" mt="sm" id="listing-admin-extras">
        {t('listing.admin.extras')}
      </Title>
      <Group gap="xl" align="flex-start">
        <Stack gap={4}>
          <Switch
            label={t('listing.fields.beta')}
            checked={values.beta}
            onChange={(event) => ctx.set('beta', event.currentTarget.checked)}
            disabled={ctx.readOnly}
          />
          <ChangedMark changed={ctx.changed('beta')} />
        </Stack>
        <Stack gap={4}>
          <Switch
            label={t('listing.fields.security_badge')}
            checked={values.security_badge}
            onChange={(event) => ctx.set('security_badge', event.currentTarget.checked)}
            disabled={ctx.readOnly}
          />
          <ChangedMark changed={ctx.changed('security_badge')} />
        </Stack>
      </Group>
      <Textarea
        label={t('listing.fields.notes')}
        description={t('listing.admin.notesHelp')}
        autosize
        minRows={2}
        {...textProps(ctx, 'notes')}
      />
      {slot(
        'showcase_video',
        t('listing.fields.showcase_video'),
        t('listing.media.rules.video'),
        t('listing.admin.uploadShowcase'),
        true,
      )}
      {slot(
        'security_questionnaire_document',
        t('listing.fields.security_questionnaire_document'),
        t('listing.admin.documentRule'),
        t('listing.admin.uploadDocument'),
        false,
      )}
      <MediaPreviewModal item={preview} onClose={() => setPreview(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('listing.media.deleteTitle')}
        message={t('listing.media.deleteConfirm', {
          file_name: deleting ? deleting.item.original_filename || deleting.item.name : '',
        })}
        confirmLabel={t('listing.media.delete')}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
