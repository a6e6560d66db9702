import { LISTING_MEDIA } from '@lintel/shared/listing';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconEye, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { sectionErrorMessage } from '../../../api/errorText';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { UploadDropzone, type UploadOptions } from '../../../components/UploadDropzone';
import { ChangedMark } from '../ChangeMarks';
import type { EditorContext } from '../editorContext';
import type { FormMedia, ListingFiles } from '../formValues';
import classes from '../Listing.module.css';

type Kind = 'logo' | 'picture' | 'video';

/** The preview of a file (spec 3 §2): an image for pictures and logos, a view link for documents. */
export function MediaPreviewModal({ item, onClose }: { item: FormMedia | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={item !== null} onClose={onClose} title={item?.original_filename ?? ''} size="lg" centered>
      {item && (item.type === 'Picture' || item.type === 'Logo') ? (
        <Image src={item.url} alt={item.description || item.original_filename} fit="contain" mah={520} />
      ) : item?.type === 'Document' ? (
        <Anchor href={item.url} target="_blank" rel="noopener noreferrer">
          {t('listing.media.view')}
        </Anchor>
      ) : (
        <Text c="dimmed">{t('listing.media.noPreview')}</Text>
      )}
    </Modal>
  );
}

/** One stored file: its name, preview, download and delete (asks first). */
export function MediaRow({
  item,
  readOnly,
  onPreview,
  onDelete,
  children,
}: {
  item: FormMedia;
  readOnly: boolean;
  onPreview: () => void;
  onDelete: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const name = item.original_filename || item.name;
  return (
    <Paper withBorder p="sm" radius="sm">
      <Group wrap="nowrap" align="flex-start">
        {item.type === 'Picture' || item.type === 'Logo' ? (
          <img className={classes.thumb} src={item.url} alt="" />
        ) : null}
        <Stack gap={6} flex={1} miw={0}>
          <Text size="sm" fw={500} truncate>
            {name}
          </Text>
          {children}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconEye size={14} aria-hidden />}
            onClick={onPreview}
            aria-label={t('listing.media.previewFile', { name })}
          >
            {t('listing.media.preview')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            component="a"
            href={item.url}
            download={name}
            leftSection={<IconDownload size={14} aria-hidden />}
            aria-label={t('listing.media.downloadFile', { name })}
          >
            {t('listing.media.download')}
          </Button>
          {readOnly ? null : (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onDelete}
              aria-label={t('listing.media.deleteFile', { name })}
            >
              {t('listing.media.delete')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** Media Content (spec 3 §2 "Media tab"): logo, screenshots with descriptions, videos. */
export function MediaTab({ ctx }: { ctx: EditorContext }) {
  const { t, i18n } = useTranslation();
  const { values } = ctx;
  const [preview, setPreview] = useState<FormMedia | null>(null);
  const [deleting, setDeleting] = useState<{ kind: Kind; item: FormMedia } | null>(null);
  const [problems, setProblems] = useState<Partial<Record<Kind, string>>>({});

  const send = (kind: Kind) => async (file: File, options: UploadOptions) => {
    setProblems((current) => ({ ...current, [kind]: undefined }));
    const files: ListingFiles =
      kind === 'logo'
        ? { small_logo: file }
        : kind === 'picture'
          ? { pictures: [{ file }] }
          : { videos: [{ file }] };
    try {
      await ctx.uploadFiles(files, options);
    } catch (error) {
      if (!options.signal.aborted) {
        // What was wrong with the file when the server says (a video below 720p, a picture's size);
        // only a video upload that failed otherwise shows the generic error (spec 3 §4).
        const message =
          kind === 'video' && !(isApiError(error) && error.details.length > 0)
            ? t('listing.media.videoFailed')
            : sectionErrorMessage(t, error, { language: i18n.resolvedLanguage });
        setProblems((current) => ({ ...current, [kind]: message }));
      }
      throw error;
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const { kind, item } = deleting;
    if (kind === 'logo') {
      ctx.patch({ small_logo: null, small_logo_url: '', remove_small_logo: true }, ['small_logo']);
    } else {
      const list = kind === 'picture' ? 'pictures' : 'videos';
      ctx.patch(
        {
          [list]: values[list].filter((entry) => entry.id !== item.id),
          remove_media_ids: [...values.remove_media_ids, item.id],
        },
        [list],
      );
    }
    setDeleting(null);
  };

  const zone = (kind: Kind, label: string, rule: string, multiple: boolean) => {
    const media = LISTING_MEDIA[kind];
    return (
      <div className={classes.zone}>
        <Text size="sm" c="dimmed" mb={6}>
          {rule}
        </Text>
        <UploadDropzone
          label={label}
          accept={media.types}
          maxBytes={media.maxBytes}
          multiple={multiple}
          disabled={ctx.readOnly}
          onUpload={send(kind)}
        />
        {problems[kind] ? (
          <Alert color="red" role="alert" mt="xs" p="xs">
            {problems[kind]}
          </Alert>
        ) : null}
      </div>
    );
  };

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h5">
            {t('listing.media.logo')}
          </Title>
          <ChangedMark changed={ctx.changed('small_logo')} />
        </Group>
        {values.small_logo ? (
          <MediaRow
            item={values.small_logo}
            readOnly={ctx.readOnly}
            onPreview={() => setPreview(values.small_logo)}
            onDelete={() => values.small_logo && setDeleting({ kind: 'logo', item: values.small_logo })}
          />
        ) : ctx.readOnly ? null : (
          zone('logo', t('listing.media.uploadLogo'), t('listing.media.rules.logo'), false)
        )}
        {ctx.error('small_logo') ? (
          <Text c="red" size="sm" role="alert">
            {ctx.error('small_logo')}
          </Text>
        ) : null}
      </Stack>

      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h5">
            {t('listing.media.screenshots')}
          </Title>
          <ChangedMark changed={ctx.changed('pictures')} />
        </Group>
        {ctx.readOnly
          ? null
          : zone('picture', t('listing.media.uploadScreenshots'), t('listing.media.rules.picture'), true)}
        {values.pictures.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('listing.media.noScreenshots')}
          </Text>
        ) : null}
        {values.pictures.map((item, index) => (
          <MediaRow
            key={item.id}
            item={item}
            readOnly={ctx.readOnly}
            onPreview={() => setPreview(item)}
            onDelete={() => setDeleting({ kind: 'picture', item })}
          >
            <TextInput
              size="xs"
              label={t('listing.media.description')}
              value={item.description}
              readOnly={ctx.readOnly}
              onChange={(event) => ctx.set(`pictures.${index}.description`, event.currentTarget.value)}
            />
          </MediaRow>
        ))}
        {ctx.error('pictures') ? (
          <Text c="red" size="sm" role="alert">
            {ctx.error('pictures')}
          </Text>
        ) : null}
      </Stack>

      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h5">
            {t('listing.media.videos')}
          </Title>
          <ChangedMark changed={ctx.changed('videos')} />
        </Group>
        {ctx.readOnly
          ? null
          : zone('video', t('listing.media.uploadVideos'), t('listing.media.rules.video'), true)}
        {values.videos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('listing.media.noVideos')}
          </Text>
        ) : null}
        {values.videos.map((item, index) => (
          <MediaRow
            key={item.id}
            item={item}
            readOnly={ctx.readOnly}
            onPreview={() => setPreview(item)}
            onDelete={() => setDeleting({ kind: 'video', item })}
          >
            <TextInput
              size="xs"
              label={t('listing.media.description')}
              value={item.description}
              readOnly={ctx.readOnly}
              onChange={(event) => ctx.set(`videos.${index}.description`, event.currentTarget.value)}
            />
          </MediaRow>
        ))}
      </Stack>

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
