import { DEVELOPER_APP_LIMITS, type DeveloperApp, THUMBNAIL_TYPES } from '@lintel/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { notifySaved } from '../../../components/notifySaved';
import { SectionCard } from '../../../components/SectionCard';
import { UploadDropzone } from '../../../components/UploadDropzone';
import { AppAvatar } from '../AppBadges';
import { useUpdateDeveloperApp, useUploadThumbnail } from '../queries';

/** The app logo: JPEG or PNG, at most 2 MB, ideally square and over 200×200 px (spec 2 §5). */
export function ThumbnailCard({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const upload = useUploadThumbnail(app.id);
  const remove = useUpdateDeveloperApp(app.id);
  const editable = app.permissions.canEdit;
  const saved = () => notifySaved(t('developerApps.settings.saved'));

  return (
    <SectionCard id="thumbnail" title={t('developerApps.settings.thumbnail.title')}>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {app.thumbnail_url ? (
          <img
            src={app.thumbnail_url}
            alt={t('developerApps.settings.thumbnail.current', { name: app.internal_name })}
            width={96}
            height={96}
            style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-md)' }}
          />
        ) : (
          <AppAvatar name={app.internal_name} thumbnailUrl={null} size={96} />
        )}
        <Stack gap="xs" style={{ flex: 1 }}>
          <Text size="sm" c="dimmed">
            {t('developerApps.settings.thumbnail.squareHint')}
          </Text>
          <MutationErrorAlert
            error={remove.error}
            fieldLabel={() => t('developerApps.settings.thumbnail.title')}
            p="xs"
          />
          {editable ? (
            <>
              <UploadDropzone
                label={
                  app.thumbnail_url
                    ? t('developerApps.settings.thumbnail.replace')
                    : t('developerApps.settings.thumbnail.upload')
                }
                accept={THUMBNAIL_TYPES}
                maxBytes={DEVELOPER_APP_LIMITS.thumbnailBytes}
                error={upload.error}
                onUpload={(file, options) => {
                  remove.reset();
                  return upload.mutateAsync({ file, ...options }).then(saved);
                }}
              />
              {app.thumbnail_url ? (
                <Group>
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    loading={remove.isPending}
                    onClick={() => {
                      upload.reset();
                      remove.mutate({ remove_thumbnail: true }, { onSuccess: saved });
                    }}
                  >
                    {t('developerApps.settings.thumbnail.remove')}
                  </Button>
                </Group>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Group>
    </SectionCard>
  );
}
