import type { DeveloperApp, Sandbox } from '@lintel/shared';
import { Alert, Anchor, Box, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { usePlatformBaseUrls, useTestToken } from './platformQueries';
import {
  authorizationCodeCommands,
  authorizeUrl,
  clientCredentialsCommands,
  firstRedirectUri,
  type TryItValues,
  testTokenCommand,
} from './tryItCommands';

/** A labelled block of commands with a copy button. */
function CommandBlock({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text size="sm" fw={500} id={id}>
          {label}
        </Text>
        <CopyButton value={value} label={label} />
      </Group>
      <Code block aria-labelledby={id} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
    </div>
  );
}

/** A random `state` for the authorize URL (returned unchanged with the code). */
function newState(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The test token, once: copy it now, it is not shown again. */
function TestTokenResult({
  token,
  apiBase,
}: {
  token: NonNullable<ReturnType<typeof useTestToken>['data']>;
  apiBase: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="teal"
      icon={<IconKey aria-hidden />}
      title={t('developerApps.tryIt.testToken.ready')}
      role="status"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('developerApps.tryIt.testToken.once', { minutes: Math.round(token.expires_in / 60) })}
        </Text>
        <CommandBlock label={t('developerApps.tryIt.testToken.accessToken')} value={token.access_token} />
        <CommandBlock
          label={t('developerApps.tryIt.testToken.command')}
          value={testTokenCommand(apiBase, token.company_id, token.access_token)}
        />
      </Stack>
    </Alert>
  );
}

/**
 * "Try it" (issue 21 "Get started"): the sandbox's base URLs, ready curl commands for client
 * credentials and for the authorization-code flow with the app's client id, and a test token for the
 * signed-in collaborator. The secret never appears in a command: `$CLIENT_SECRET` stands in for it.
 */
export function TryItPanel({ app, sandbox }: { app: DeveloperApp; sandbox: Sandbox }) {
  const { t } = useTranslation();
  const titleId = useId();
  const baseUrls = usePlatformBaseUrls();
  const testToken = useTestToken(app.id);
  const [state] = useState(newState);
  const base = baseUrls.data?.sandbox;
  if (!sandbox.app_id || sandbox.company_id === null) return null;

  const values: TryItValues | null = base
    ? {
        authBase: base.auth,
        apiBase: base.api,
        clientId: sandbox.app_id,
        companyId: sandbox.company_id,
        redirectUri: firstRedirectUri(sandbox.redirect_uri),
        confidential: sandbox.confidential,
        state,
      }
    : null;
  // Only a collaborator is a user of the sandbox company (a platform administrator may look, not act).
  const canGetToken = app.current_user_role !== null;

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb={4}>
        {t('developerApps.tryIt.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('developerApps.tryIt.intro')}
      </Text>
      {baseUrls.isError ? (
        <Alert color="red" title={t('developerApps.tryIt.baseUrlsFailed')}>
          <Anchor component="button" type="button" size="sm" onClick={() => void baseUrls.refetch()}>
            {t('common.retry')}
          </Anchor>
        </Alert>
      ) : null}
      {values ? (
        <Stack gap="md">
          <Text size="sm">{t('developerApps.tryIt.companyHeader', { companyId: values.companyId })}</Text>
          <div>
            <Title order={4} size="h6" mb={4}>
              {t('developerApps.tryIt.clientCredentials.title')}
            </Title>
            {values.confidential ? (
              <>
                <Text size="sm" c="dimmed" mb="xs">
                  {t('developerApps.tryIt.clientCredentials.secretVariable')}
                </Text>
                <CommandBlock
                  label={t('developerApps.tryIt.clientCredentials.commands')}
                  value={clientCredentialsCommands(values)}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('developerApps.tryIt.clientCredentials.publicApp')}
              </Text>
            )}
          </div>
          <div>
            <Title order={4} size="h6" mb={4}>
              {t('developerApps.tryIt.authorizationCode.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {values.redirectUri
                ? t('developerApps.tryIt.authorizationCode.open', { redirectUri: values.redirectUri })
                : t('developerApps.tryIt.authorizationCode.noRedirectUri')}
            </Text>
            <Stack gap="sm">
              <CommandBlock
                label={t('developerApps.tryIt.authorizationCode.authorizeUrl')}
                value={authorizeUrl(values)}
              />
              <CommandBlock
                label={t('developerApps.tryIt.authorizationCode.exchange')}
                value={authorizationCodeCommands(values)}
              />
            </Stack>
          </div>
          <Text size="sm" c="dimmed">
            {t('developerApps.tryIt.examples')}
          </Text>
          {canGetToken ? (
            <Stack gap="sm">
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconKey size={16} aria-hidden />}
                  loading={testToken.isPending}
                  onClick={() => testToken.mutate()}
                >
                  {t('developerApps.tryIt.testToken.action')}
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                {t('developerApps.tryIt.testToken.explain')}
              </Text>
              <MutationErrorAlert error={testToken.error} title={t('developerApps.tryIt.testToken.failed')} />
              {testToken.data ? <TestTokenResult token={testToken.data} apiBase={values.apiBase} /> : null}
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}

export default TryItPanel;
