import type { DeveloperApp } from '@lintel/shared';
import {
  type ComponentType,
  type ConfiguredManifestInput,
  canShowInBuilder,
  configuredProblems,
  isValidForSaving,
  type Manifest,
  type ManifestSummary,
  type ReviewAction,
} from '@lintel/shared/manifests';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifySaved } from '../../../components/notifySaved';
import { PageLoader } from '../../../components/PageLoader';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useSession } from '../../auth/queries';
import { useAppOutlet } from '../../developer-apps/detail/appOutlet';
import { developerAppKeys } from '../../developer-apps/queries';
import { ManifestViewerModal } from '../ManifestViewerModal';
import { PromoteModal } from '../PromoteModal';
import { DEFINE_MANIFEST_DOC, FROM_PARAM } from '../paths';
import { useManifest } from '../queries';
import { ReviewActionModal } from '../versions/ReviewActionModal';
import { offeredReviewActions } from '../versions/reviewActions';
import { ComponentDrawer } from './ComponentDrawer';
import { ComponentsCard } from './ComponentsCard';
import { CreateVersionModal } from './CreateVersionModal';
import type { FormComponent } from './formTypes';
import { InstallationKeysCard } from './InstallationKeysCard';
import { InstructionsCard, type InstructionsValue, instructionsOf } from './InstructionsCard';
import { PermissionsCard } from './PermissionsCard';
import { type AuthenticationValue, PermissionsDrawer } from './PermissionsDrawer';
import { useBuilderDraft } from './useBuilderDraft';
import { VersionHeader } from './VersionHeader';

/**
 * The Configurations tab of the newer layout (spec 2 §2): the version header, the installation keys and
 * the form-based builder, which edits a local configuration starting from the newest sandbox version (or
 * the version named by `?from=`) and saves it as a new sandbox version.
 */
export function ConfigurationsTab() {
  const { app } = useAppOutlet();
  const [params] = useSearchParams();
  const from = Number(params.get(FROM_PARAM));
  const fromId = Number.isInteger(from) && from > 0 ? from : null;
  const baseId = fromId ?? app.manifests.latest_sandbox?.id ?? null;
  const base = useManifest(baseId);

  if (baseId !== null && base.isPending) return <PageLoader />;
  if (baseId !== null && base.isError)
    return <QueryErrorAlert error={base.error} onRetry={() => void base.refetch()} />;

  const manifest = baseId !== null ? (base.data ?? null) : null;
  const configured: ConfiguredManifestInput | null = manifest
    ? manifest.configured_manifest_content && canShowInBuilder(manifest.content)
      ? manifest.configured_manifest_content
      : null
    : {};

  return (
    <Builder
      key={`${baseId ?? 'new'}-${configured ? 'form' : 'none'}`}
      baseKey={String(baseId ?? 'new')}
      app={app}
      base={manifest}
      startedFrom={fromId !== null ? manifest : null}
      initial={configured}
    />
  );
}

export default ConfigurationsTab;

interface BuilderProps {
  app: DeveloperApp;
  /** The draft's key: the version it started from, or 'new'. */
  baseKey: string;
  /** The version the builder started from; null in Draft. */
  base: Manifest | null;
  /** Set when the user chose an older version to start from. */
  startedFrom: Manifest | null;
  /** The form to edit; null when the base version cannot be shown in the builder. */
  initial: ConfiguredManifestInput | null;
}

function authenticationOf(form: ConfiguredManifestInput): AuthenticationValue {
  const company = { ...(form.permissions?.company ?? {}) };
  const project = { ...(form.permissions?.project ?? {}) };
  const serviceAccount =
    form.service_account_enabled ?? Object.keys(company).length + Object.keys(project).length > 0;
  return {
    auth_code_enabled: Boolean(form.auth_code_enabled) || serviceAccount,
    service_account_enabled: serviceAccount,
    permissions: { company, project },
  };
}

/** The list row of a version, to show it as the newest at once (the app is refetched right after). */
function summaryOf(manifest: Manifest): ManifestSummary {
  const { content: _content, configured_manifest_content: _configured, ...summary } = manifest;
  return summary;
}

const EMPTY_FORM: ConfiguredManifestInput = {};

function Builder({ app, baseKey, base, startedFrom, initial }: BuilderProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const session = useSession().data;
  const governmentCloud = session?.features.government_cloud ?? false;
  const { form, setForm, dirty, discard, forget } = useBuilderDraft(app.id, baseKey, initial ?? EMPTY_FORM);
  const [componentDrawer, setComponentDrawer] = useState<{ type: ComponentType | null } | null>(null);
  const [permissionsOpen, setPermissionsOpen] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [promoting, setPromoting] = useState<ManifestSummary | null>(null);
  const [creating, setCreating] = useState(false);
  const [reviewing, setReviewing] = useState<{ version: ManifestSummary; action: ReviewAction } | null>(null);

  const { canModifyManifests, canCreateSandboxManifests, canSetSemanticVersions } = app.permissions;
  const creationOff = canModifyManifests && !canCreateSandboxManifests;
  const available = initial !== null;
  const editable = available && canModifyManifests && canCreateSandboxManifests;
  const problems = configuredProblems(form, { governmentCloud });
  const validForSaving = isValidForSaving(form);
  const production = app.manifests.latest_production;
  const reviewActions = offeredReviewActions(production, {
    canModifyManifests,
    isPlatformAdmin: session?.user.is_admin ?? false,
  });

  const present = (['sidepanel', 'fullscreen'] as const).filter((type) => form[type]);
  const editedComponent = componentDrawer?.type ? (form[componentDrawer.type] ?? null) : null;

  const saveComponent = (component: FormComponent) => {
    setForm((current) => {
      const next = { ...current };
      // A component whose type changed while editing leaves its old slot.
      if (componentDrawer?.type && componentDrawer.type !== component.type) next[componentDrawer.type] = null;
      next[component.type] = component;
      return next;
    });
    setComponentDrawer(null);
  };

  const saveAuthentication = (value: AuthenticationValue) => {
    setForm((current) => ({
      ...current,
      auth_code_enabled: value.auth_code_enabled,
      service_account_enabled: value.service_account_enabled,
      permissions: value.permissions,
    }));
    setPermissionsOpen(false);
  };

  const setInstructions = (value: InstructionsValue) =>
    setForm((current) => ({
      ...current,
      post_installation_instruction:
        value.notes || value.label || value.url
          ? { notes: value.notes, page: { label: value.label, url: value.url } }
          : null,
    }));

  const created = (manifest: Manifest) => {
    notifySaved(t('manifests.builder.create.done'));
    setCreating(false);
    forget();
    // The new version is the newest at once; the refetch started by the mutation confirms it.
    queryClient.setQueryData<DeveloperApp>(developerAppKeys.detail(app.id), (current) =>
      current
        ? {
            ...current,
            manifests: {
              ...current.manifests,
              latest_sandbox: summaryOf(manifest),
              sandbox_count: current.manifests.sandbox_count + 1,
            },
          }
        : current,
    );
    if (startedFrom) setParams({}, { replace: true });
  };

  return (
    <Stack gap="lg">
      <VersionHeader
        app={app}
        canSave={editable}
        saveDisabled={problems.length > 0}
        reviewActions={reviewActions}
        onViewManifest={() => setViewing(app.manifests.latest_sandbox?.id ?? null)}
        onPromote={() => setPromoting(app.manifests.latest_sandbox)}
        onSave={() => setCreating(true)}
        onReview={(action) => production && setReviewing({ version: production, action })}
      />
      {creationOff ? (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('manifests.builder.creationOff.title')}
        >
          {t('manifests.builder.creationOff.body')}
        </Alert>
      ) : null}
      {canModifyManifests && !app.credentials && app.manifests.latest_sandbox ? (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          {t('manifests.builder.productionCredentialsRequired')}
        </Alert>
      ) : null}
      {editable && dirty ? (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title={t('manifests.builder.draft.title')}>
          <Group gap="xs" justify="space-between">
            <Text size="sm">{t('manifests.builder.draft.body')}</Text>
            <Button size="xs" variant="default" onClick={discard}>
              {t('manifests.builder.draft.discard')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {startedFrom ? (
        <Alert
          color="blue"
          icon={<IconInfoCircle aria-hidden />}
          title={t('manifests.builder.startedFrom.title', { version: startedFrom.semantic_version })}
        >
          <Group gap="xs">
            <Text size="sm">{t('manifests.builder.startedFrom.body')}</Text>
            <Anchor component={Link} to={`/developer_apps/${app.id}/configurations`} size="sm">
              {t('manifests.builder.startedFrom.back')}
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      <InstallationKeysCard app={app} />
      {!available ? (
        <Card
          withBorder
          padding="xl"
          radius="md"
          component="section"
          aria-labelledby="builder-unavailable-title"
        >
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h4" id="builder-unavailable-title">
              {t('manifests.builder.unavailable.title')}
            </Title>
            <Text size="sm">
              {t('manifests.builder.unavailable.body', { version: base?.semantic_version ?? '' })}
            </Text>
            <Group gap="sm">
              <Button component="a" href={DEFINE_MANIFEST_DOC} variant="light">
                {t('manifests.builder.unavailable.docs')}
              </Button>
              {base ? (
                <Button variant="default" onClick={() => setViewing(base.id)}>
                  {t('manifests.builder.header.viewManifest')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Card>
      ) : (
        <>
          {editable && !validForSaving ? (
            <Alert color="yellow" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {t('manifests.builder.rules.notValidForSaving')}
            </Alert>
          ) : editable && problems.length > 0 ? (
            <Alert color="yellow" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {t('manifests.builder.fixProblems')}
            </Alert>
          ) : null}
          <ComponentsCard
            components={{ sidepanel: form.sidepanel, fullscreen: form.fullscreen }}
            editable={editable}
            governmentCloud={governmentCloud}
            onAdd={() => setComponentDrawer({ type: null })}
            onEdit={(type) => setComponentDrawer({ type })}
            onRemove={(type) => setForm((current) => ({ ...current, [type]: null }))}
          />
          <PermissionsCard
            value={authenticationOf(form)}
            editable={editable}
            onEdit={() => setPermissionsOpen(true)}
          />
          <InstructionsCard
            value={instructionsOf(form.post_installation_instruction)}
            editable={editable}
            onChange={setInstructions}
          />
        </>
      )}
      <ComponentDrawer
        opened={componentDrawer !== null}
        component={editedComponent as FormComponent | null}
        presentTypes={present}
        governmentCloud={governmentCloud}
        onSave={saveComponent}
        onClose={() => setComponentDrawer(null)}
      />
      <PermissionsDrawer
        opened={permissionsOpen}
        value={authenticationOf(form)}
        onSave={saveAuthentication}
        onClose={() => setPermissionsOpen(false)}
      />
      <CreateVersionModal
        appId={app.id}
        opened={creating}
        latestVersion={app.manifests.latest_sandbox?.semantic_version ?? null}
        canSetVersion={canSetSemanticVersions}
        configured={form}
        onClose={() => setCreating(false)}
        onCreated={created}
      />
      <ManifestViewerModal manifestId={viewing} onClose={() => setViewing(null)} />
      <PromoteModal appId={app.id} source={promoting} onClose={() => setPromoting(null)} />
      <ReviewActionModal appId={app.id} target={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}
