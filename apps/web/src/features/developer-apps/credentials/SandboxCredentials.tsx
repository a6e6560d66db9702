import type { DeveloperApp, Sandbox } from '@lintel/shared';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpdateSandbox } from '../queries';
import { BaseUrlFields } from './BaseUrlFields';
import { CredentialField, HiddenSecret } from './CredentialField';
import { HoverSecret } from './HoverSecret';
import { PreviousSecretNotice } from './PreviousSecretNotice';
import { RedirectUrisForm } from './RedirectUrisForm';
import { ResetSecretButton } from './ResetSecretButton';
import { RotateSecretButton } from './RotateSecretButton';

/** The live sandbox's OAuth client: id, URL, redirect URIs and its secret (spec 2 §2 Sandbox card). */
export function SandboxCredentials({ app, sandbox }: { app: DeveloperApp; sandbox: Sandbox }) {
  const { t } = useTranslation();
  const update = useUpdateSandbox(app.id);
  const editable = app.permissions.canModifyCredentials;
  return (
    <Stack gap="md">
      <CredentialField
        label={t('developerApps.credentials.clientId')}
        value={sandbox.app_id}
        empty={t('common.notAvailable')}
      />
      <BaseUrlFields environment="sandbox" />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('developerApps.sandbox.url')}
        </Text>
        {sandbox.url ? (
          <Anchor href={sandbox.url} target="_blank" rel="noopener noreferrer" size="sm">
            {sandbox.url}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('common.notAvailable')}
          </Text>
        )}
      </div>
      <RedirectUrisForm
        label={t('developerApps.redirectUris.label')}
        value={sandbox.redirect_uri}
        field="sandbox.redirect_uri"
        editable={editable}
        saving={update.isPending}
        error={update.error}
        onSave={(value) => update.mutateAsync({ sandboxId: sandbox.id, redirectUri: value })}
      />
      {sandbox.app_secret ? (
        <HoverSecret value={sandbox.app_secret} />
      ) : sandbox.confidential ? (
        <HiddenSecret />
      ) : null}
      {sandbox.previous_secret_expires_at ? (
        <PreviousSecretNotice
          target={{ kind: 'sandbox', sandboxId: sandbox.id }}
          expiresAt={sandbox.previous_secret_expires_at}
          editable={editable}
        />
      ) : null}
      {editable && sandbox.app_id ? (
        <Group>
          <RotateSecretButton
            target={{ kind: 'sandbox', sandboxId: sandbox.id }}
            label={t('developerApps.rotation.rotateSandbox')}
          />
          <ResetSecretButton
            target={{ kind: 'sandbox', sandboxId: sandbox.id }}
            label={t('developerApps.secret.resetSandbox')}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
