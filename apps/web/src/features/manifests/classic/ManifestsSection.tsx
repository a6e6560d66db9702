import type { DeveloperApp } from '@lintel/shared';
import { type ManifestSummary, REVIEW_ACTIONS, type ReviewAction } from '@lintel/shared/manifests';
import { Alert, Button, Card, Center, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySaved } from '../../../components/notifySaved';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { ReviewQueueSlot } from '../../admin-lists/ReviewQueueSlot';
import { useCurrentUser } from '../../auth/queries';
import { hasOauthComponent } from '../editor/documents';
import { PromoteModal } from '../PromoteModal';
import { useManifests, useReviewManifest } from '../queries';
import { classicSectionId } from './ClassicSection';
import { ProductionManifestTable, SandboxManifestTable } from './ManifestTables';
import { ReviewActionModal } from './ReviewActionModal';

// The JSON editor (CodeMirror) loads only when it is opened.
const ManifestEditorModal = lazy(() => import('../editor/ManifestEditorModal'));

type Tab = 'sandbox' | 'production';
type EditorMode = { kind: 'create'; latest: ManifestSummary | null } | { kind: 'view'; versionId: number };

/**
 * The manifests of the older layout (spec 2 §2): Sandbox and Production tabs with their tables, the
 * credentials-required messages, "No Manifests Created", creating a version in the JSON editor,
 * promoting, the review actions of production versions (spec 2 §4), and the production version's place in
 * the review queue while it is in review.
 */
export function ManifestsSection({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [tab, setTab] = useState<Tab>('sandbox');
  const [editor, setEditor] = useState<EditorMode | null>(null);
  const [promoting, setPromoting] = useState<ManifestSummary | null>(null);
  const [review, setReview] = useState<{ version: ManifestSummary; action: ReviewAction } | null>(null);
  const [created, setCreated] = useState<ManifestSummary | null>(null);
  const [firstOauth, setFirstOauth] = useState(false);
  const sandbox = useManifests(app.id, 'Sandbox');
  const production = useManifests(app.id, 'ProductionEnvironment');
  const reviewVersion = useReviewManifest(app.id);
  const view = (version: ManifestSummary) => setEditor({ kind: 'view', versionId: version.id });

  const { canModifyManifests, canCreateSandboxManifests } = app.permissions;
  const hasSandbox = app.sandbox?.live === true && Boolean(app.sandbox.app_id);
  const hasProduction = app.production_access === 'granted';
  const sandboxVersions = sandbox.data?.items ?? [];
  const productionVersions = production.data?.items ?? [];
  const latestSandbox = sandboxVersions[0] ?? null;

  const empty = (
    <Text c="dimmed" py="md" ta="center">
      {t('classicManifests.tables.none')}
    </Text>
  );
  const loading = (
    <Center py="md">
      <Loader size="sm" role="status" aria-label={t('common.loading')} />
    </Center>
  );

  const sandboxPanel = !hasSandbox ? (
    <Text c="dimmed" py="md">
      {t('classicManifests.tables.sandboxRequired')}
    </Text>
  ) : sandbox.isPending ? (
    loading
  ) : sandbox.isError ? (
    <QueryErrorAlert error={sandbox.error} onRetry={() => void sandbox.refetch()} />
  ) : sandboxVersions.length === 0 ? (
    empty
  ) : (
    <SandboxManifestTable
      versions={sandboxVersions}
      canPromote={canModifyManifests && hasProduction}
      onView={view}
      onPromote={setPromoting}
    />
  );

  const productionPanel = !hasProduction ? (
    <Text c="dimmed" py="md">
      {t('classicManifests.tables.productionRequired')}
    </Text>
  ) : production.isPending ? (
    loading
  ) : production.isError ? (
    <QueryErrorAlert error={production.error} onRetry={() => void production.refetch()} />
  ) : productionVersions.length === 0 ? (
    empty
  ) : (
    <ProductionManifestTable
      versions={productionVersions}
      isDeveloper={canModifyManifests}
      isPlatformAdmin={user?.is_admin ?? false}
      onView={view}
      onReview={(version, action) => {
        reviewVersion.reset();
        setReview({ version, action });
      }}
      reviewing={reviewVersion.isPending ? (review?.version.id ?? null) : null}
    />
  );

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        {created ? (
          <Alert
            color="green"
            icon={<IconCircleCheck aria-hidden />}
            title={t('classicManifests.tables.createdBanner.title')}
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setCreated(null)}
            role="status"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                {t('classicManifests.tables.createdBanner.message', { version: created.semantic_version })}
              </Text>
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  document
                    .getElementById(classicSectionId('sandbox'))
                    ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
                }
              >
                {t('classicManifests.tables.createdBanner.view')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {firstOauth ? (
          <Alert
            color="blue"
            title={t('classicManifests.tables.firstOauth.title')}
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setFirstOauth(false)}
            role="status"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('classicManifests.tables.firstOauth.message')}</Text>
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  document
                    .getElementById(classicSectionId('sandbox'))
                    ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
                }
              >
                {t('classicManifests.tables.firstOauth.view')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {/* Where the production version waits in the review queue, as the Versions tab shows it (issue 11). */}
        <ReviewQueueSlot appId={app.id} kind="app_version" />
        <Tabs value={tab} onChange={(value) => setTab(value === 'production' ? 'production' : 'sandbox')}>
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Tabs.List>
              <Tabs.Tab value="sandbox">{t('classicManifests.tables.sandbox.tab')}</Tabs.Tab>
              <Tabs.Tab value="production">{t('classicManifests.tables.production.tab')}</Tabs.Tab>
            </Tabs.List>
            {canModifyManifests && hasSandbox ? (
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                // A new version starts from the latest one: not before the versions are in (a click while
                // they load started from the template and suggested 0.1.0 again).
                disabled={!canCreateSandboxManifests || !sandbox.isSuccess}
                loading={sandbox.isPending}
                onClick={() => setEditor({ kind: 'create', latest: latestSandbox })}
              >
                {t('classicManifests.tables.create')}
              </Button>
            ) : null}
          </Group>
          {canModifyManifests && hasSandbox && !canCreateSandboxManifests ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('classicManifests.editor.disabled')}
            </Text>
          ) : null}
          <Tabs.Panel value="sandbox" pt="md">
            {sandboxPanel}
          </Tabs.Panel>
          <Tabs.Panel value="production" pt="md">
            {productionPanel}
          </Tabs.Panel>
        </Tabs>
      </Stack>

      {editor ? (
        <Suspense fallback={null}>
          <ManifestEditorModal
            app={app}
            mode={editor}
            onClose={() => setEditor(null)}
            onCreated={(version) => {
              setEditor(null);
              setFirstOauth(sandboxVersions.length === 0 && hasOauthComponent(version.content));
              setCreated(version);
              setTab('sandbox');
              notifySaved(t('classicManifests.editor.created'));
            }}
          />
        </Suspense>
      ) : null}
      <PromoteModal
        appId={app.id}
        source={promoting}
        onClose={() => setPromoting(null)}
        onPromoted={() => setTab('production')}
      />
      {review ? (
        <ReviewActionModal
          version={review.version}
          action={review.action}
          pending={reviewVersion.isPending}
          error={reviewVersion.error}
          onClose={() => setReview(null)}
          onConfirm={(notes) =>
            reviewVersion.mutate(
              {
                id: review.version.id,
                state: REVIEW_ACTIONS[review.action].to,
                ...(review.action === 'submit'
                  ? { developerNotes: notes }
                  : review.action === 'withdraw'
                    ? {}
                    : { adminNotes: notes }),
              },
              {
                onSuccess: () => {
                  notifySaved(t(`classicManifests.review.done.${review.action}`));
                  setReview(null);
                },
              },
            )
          }
        />
      ) : null}
    </Card>
  );
}
