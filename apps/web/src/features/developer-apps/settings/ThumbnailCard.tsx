import { DEVELOPER_APP_LIMITS, type DeveloperApp } from '@lintel/shared';
import { Alert, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { errorMessage } from '../../../api/formErrors';
import { AppAvatar } from '../AppBadges';
import { useUpdateDeveloperApp, useUploadThumbnail } from '../queries';

export const THUMBNAIL_TYPES = ['image/jpeg', 'image/png'] as const;

/** The app logo: JPEG or PNG, at most 2 MB, ideally square and over 200×200 px (spec 2 §5). */
export function ThumbnailCard({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const upload = useUploadThumbnail(app.id);
  const remove = useUpdateDeveloperApp(app.id);
  const [localError, setLocalError] = useState<string | null>(null);
  const editable = app.permissions.canEdit;
  const maxMb = DEVELOPER_APP_LIMITS.thumbnailBytes / (1024 * 1024);

  const failure = upload.error ?? remove.error;
  const message =
    localError ??
    (failure
      ? ((isApiError(failure) ? failure.detailFor('developer_app.thumbnail') : undefined) ??
        errorMessage(failure, t('errors.generic')))
      : null);

  const choose = (file: File | null) => {
    if (!file) return;
    remove.reset();
    upload.reset();
    if (!(THUMBNAIL_TYPES as readonly string[]).includes(file.type)) {
      setLocalError(t('developerApps.settings.thumbnail.wrongType'));
      return;
    }
    if (file.size > DEVELOPER_APP_LIMITS.thumbnailBytes) {
      setLocalError(t('developerApps.settings.thumbnail.tooLarge', { max: maxMb }));
      return;
    }
    setLocalError(null);
    upload.mutate(file);
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="thumbnail-title">
      <Title order={2} size="h4" mb="md" id="thumbnail-title">
        {t('developerApps.settings.thumbnail.title')}
      </Title>
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
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('developerApps.settings.thumbnail.hint', { max: maxMb })}
          </Text>
          {message ? (
            <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} p="xs">
              {message}
            </Alert>
          ) : null}
          {editable ? (
            <Group gap="sm">
              <FileButton onChange={choose} accept={THUMBNAIL_TYPES.join(',')}>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    loading={upload.isPending}
                  >
                    {app.thumbnail_url
                      ? t('developerApps.settings.thumbnail.replace')
                      : t('developerApps.settings.thumbnail.upload')}
                  </Button>
                )}
              </FileButton>
              {app.thumbnail_url ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  loading={remove.isPending}
                  onClick={() => {
                    upload.reset();
                    setLocalError(null);
                    remove.mutate({ remove_thumbnail: true });
                  }}
                >
                  {t('developerApps.settings.thumbnail.remove')}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
