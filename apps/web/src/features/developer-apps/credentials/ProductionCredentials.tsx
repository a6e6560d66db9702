import type { DeveloperApp } from '@lintel/shared';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconHourglass, IconRocket } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { SectionCard } from '../../../components/SectionCard';
import { StatusAlert } from '../../../components/StatusAlert';
import { useUpdateDeveloperApp } from '../queries';
import { BaseUrlFields } from './BaseUrlFields';
import { CredentialField, HiddenSecret } from './CredentialField';
import { PreviousSecretNotice } from './PreviousSecretNotice';
import { RedirectUrisForm } from './RedirectUrisForm';
import { ResetSecretButton } from './ResetSecretButton';
import { RotateSecretButton } from './RotateSecretButton';
import { ShowSecretButton } from './ShowSecretButton';

const accessColors = { none: 'gray', production_pending: 'blue', granted: 'green' } as const;

/** Production OAuth credentials: request access, then client id, redirect URIs and secret (spec 2 §2, §4). */
export function ProductionCredentials({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const requestAccess = useUpdateDeveloperApp(app.id);
  const saveUris = useUpdateDeveloperApp(app.id);
  const editable = app.permissions.canModifyCredentials;
  // Once shown, the secret needs a reset to be seen again (the server answers 410 from then on).
  const [revealed, setRevealed] = useState(false);

  let body: ReactNode;
  if (app.production_access === 'granted' && app.uid) {
    body = (
      <Stack gap="md">
        <CredentialField label={t('developerApps.credentials.clientId')} value={app.uid} />
        <BaseUrlFields environment="production" />
        <RedirectUrisForm
          label={t('developerApps.redirectUris.label')}
          value={app.redirect_uri}
          field="developer_app.redirect_uri"
          editable={editable}
          saving={saveUris.isPending}
          error={saveUris.error}
          onSave={(value) => saveUris.mutateAsync({ redirect_uri: value })}
        />
        <HiddenSecret />
        {app.credentials?.previous_secret_expires_at ? (
          <PreviousSecretNotice
            target={{ kind: 'production', uid: app.uid }}
            expiresAt={app.credentials.previous_secret_expires_at}
            editable={editable}
          />
        ) : null}
        {editable ? (
          <Group>
            {/* Outside the Show/Reset swap: a rotation makes the new secret revealable, and the swap must
                not unmount the dialog that shows it. */}
            <RotateSecretButton
              target={{ kind: 'production', uid: app.uid }}
              label={t('developerApps.rotation.rotateProduction')}
            />
            {app.credentials?.revealable && !revealed ? (
              <ShowSecretButton appId={app.id} uid={app.uid} onDone={() => setRevealed(true)} />
            ) : (
              <ResetSecretButton
                target={{ kind: 'production', uid: app.uid }}
                label={t('developerApps.secret.resetProduction')}
              />
            )}
          </Group>
        ) : null}
      </Stack>
    );
  } else if (app.production_access === 'production_pending') {
    body = (
      <StatusAlert
        tone="info"
        icon={IconHourglass}
        title={t('developerApps.warnings.productionPending.title')}
      >
        {t('developerApps.warnings.productionPending.message')}
      </StatusAlert>
    );
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          {t('developerApps.production.explain')}
        </Text>
        <MutationErrorAlert error={requestAccess.error} title={t('developerApps.errorOccurred')} />
        {editable ? (
          <Button
            leftSection={<IconRocket size={16} aria-hidden />}
            loading={requestAccess.isPending}
            onClick={() => requestAccess.mutate({ production_access: 'production_pending' })}
          >
            {t('developerApps.production.request')}
          </Button>
        ) : (
          <Text size="sm">{t('developerApps.production.askAdmin')}</Text>
        )}
      </Stack>
    );
  }

  return (
    <SectionCard
      id="production-card"
      title={t('developerApps.production.title')}
      aside={
        <Badge variant="dot" color={accessColors[app.production_access]}>
          {t(`developerApps.production.access.${app.production_access}`)}
        </Badge>
      }
    >
      {body}
    </SectionCard>
  );
}
