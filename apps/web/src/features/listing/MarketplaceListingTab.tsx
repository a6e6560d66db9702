import type { DeveloperApp, Session } from '@lintel/shared';
import { listingVersionChoices, listingVersionRule } from '@lintel/shared/listing';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBook, IconHelpCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { ReviewQueueSlot } from '../admin-lists/ReviewQueueSlot';
import { useSession } from '../auth/queries';
import { useAppOutlet } from '../developer-apps/detail/appOutlet';
import { useManifests } from '../manifests/queries';
import { FAQ_ITEMS, INFO_BANNER_KEY, LISTING_DOCS_URL, partnerFormUrl, partnerMailto } from './constants';
import { DecisionHistory } from './DecisionHistory';
import type { ListingReferences } from './editorContext';
import { ListingForm } from './ListingForm';
import {
  useCategories,
  useCurrentSubmission,
  useProductTools,
  useRegions,
  useSecurityStandards,
  useSubmission,
} from './queries';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(INFO_BANNER_KEY) === '1';
  } catch {
    return false;
  }
}

/** The dismissible info banner, remembered in this browser once dismissed (spec 2 §2). */
export function InfoBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;
  return (
    <Alert
      color="blue"
      title={t('listing.info.title')}
      withCloseButton
      closeButtonLabel={t('listing.info.dismiss')}
      onClose={() => {
        setDismissed(true);
        try {
          window.localStorage.setItem(INFO_BANNER_KEY, '1');
        } catch {
          // Private mode: dismissed for this visit only.
        }
      }}
    >
      {t('listing.info.body')}
    </Alert>
  );
}

/** The documentation link and the support FAQ (spec 3 §2); the FAQ opens beside the form. */
export function HelpLinks() {
  const { t } = useTranslation();
  const [faq, setFaq] = useState(false);
  return (
    <Group gap="lg">
      <Anchor component={Link} to={LISTING_DOCS_URL} size="sm">
        <Group gap={4} component="span">
          <IconBook size={16} aria-hidden />
          {t('listing.help.docs')}
        </Group>
      </Anchor>
      <Anchor component="button" type="button" size="sm" onClick={() => setFaq(true)}>
        <Group gap={4} component="span">
          <IconHelpCircle size={16} aria-hidden />
          {t('listing.help.faq')}
        </Group>
      </Anchor>
      <Drawer
        opened={faq}
        onClose={() => setFaq(false)}
        position="right"
        size="md"
        title={t('listing.faq.title')}
      >
        <Stack gap="md">
          {FAQ_ITEMS.map((item) => (
            <Stack gap={4} key={item}>
              <Text fw={600}>{t(`listing.faq.${item}.q`)}</Text>
              <Text size="sm">{t(`listing.faq.${item}.a`)}</Text>
            </Stack>
          ))}
        </Stack>
      </Drawer>
    </Group>
  );
}

/**
 * Listing activation (spec 3 §1): while the listing application is on but the app's marketplace is not
 * enabled, two cards link to the partner forms with the developer app id, plus the partner-programs contact.
 */
export function ActivationCards({
  app,
  application,
}: {
  app: Pick<DeveloperApp, 'id'>;
  application: Session['features']['listing_application'];
}) {
  const { t } = useTranslation();
  const email = application.partner_programs_email;
  // Without a form's address its card names the partner-programs contact: a mail carrying the app id.
  const mailto = (kind: 'existing' | 'new') =>
    email
      ? partnerMailto(
          email,
          t(`listing.activation.${kind}.subject`, { appId: app.id }),
          t('listing.activation.mailBody', { appId: app.id }),
        )
      : null;
  const card = (kind: 'existing' | 'new', url: string | null) => (
    <Card withBorder padding="lg" component="section" aria-labelledby={`activation-${kind}`}>
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4" id={`activation-${kind}`}>
          {t(`listing.activation.${kind}.title`)}
        </Title>
        <Text size="sm" c="dimmed" flex={1}>
          {t(`listing.activation.${kind}.body`)}
        </Text>
        {url ? (
          <Button
            component="a"
            href={partnerFormUrl(url, app.id)}
            target="_blank"
            rel="noopener noreferrer"
            variant={kind === 'existing' ? 'filled' : 'light'}
            w="fit-content"
          >
            {t(`listing.activation.${kind}.action`)}
          </Button>
        ) : email ? (
          <Stack gap={4}>
            <Text size="sm">{t('listing.activation.byEmail', { appId: app.id })}</Text>
            <Anchor href={mailto(kind) ?? undefined} size="sm" fw={500}>
              {email}
            </Anchor>
          </Stack>
        ) : (
          <Text size="sm">{t('listing.activation.unavailable')}</Text>
        )}
      </Stack>
    </Card>
  );
  return (
    <Stack gap="md">
      <Text>{t('listing.activation.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {card('existing', application.existing_partner_form_url)}
        {card('new', application.new_partner_form_url)}
      </SimpleGrid>
      {email && (application.existing_partner_form_url || application.new_partner_form_url) ? (
        <Text size="sm">
          {t('listing.activation.contact')} <Anchor href={mailto('existing') ?? undefined}>{email}</Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

/** The editor once everything it needs has loaded: the developer's tab, or the admin app page's. */
export function ListingEditor({
  app,
  session,
  mode = 'developer',
}: {
  app: DeveloperApp;
  session: Session;
  mode?: 'developer' | 'admin';
}) {
  const { t } = useTranslation();
  const securityEnabled = session.features.security_and_compliance_enabled;
  const current = useCurrentSubmission(app.id);
  const categories = useCategories();
  const regions = useRegions();
  const tools = useProductTools();
  const standards = useSecurityStandards(securityEnabled);
  const versions = useManifests(app.id, 'ProductionEnvironment');
  const published = useSubmission(
    app.published_app && current.data?.id !== app.published_app.id ? app.published_app.id : null,
  );
  const comparesWithPublished = Boolean(app.published_app && current.data?.id !== app.published_app.id);
  const queries = [
    current,
    categories,
    regions,
    tools,
    versions,
    ...(securityEnabled ? [standards] : []),
    // The published listing's version decides which versions the form offers: wait for it.
    ...(comparesWithPublished ? [published] : []),
  ];
  const failed = queries.find((query) => query.isError);
  if (failed) {
    return (
      <QueryErrorAlert
        error={failed.error}
        onRetry={() => void failed.refetch()}
        // The listing itself is the marketplace app (spec 3 §8); reference lists keep the generic title.
        title={failed === current ? t('listing.errors.marketplaceFetch') : undefined}
      />
    );
  }
  if (queries.some((query) => query.isPending)) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={28} width="40%" />
        <Skeleton height={12} />
        <Skeleton height={36} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  const submission = current.data ?? null;
  const publishedVersionId =
    (submission?.state === 'published' ? submission.app_version_id : published.data?.app_version_id) ?? null;
  const appVersions = versions.data?.items ?? [];
  const references: ListingReferences = {
    categories: categories.data ?? [],
    regions: regions.data ?? [],
    productTools: tools.data ?? [],
    securityStandards: standards.data ?? [],
    // Only promoted versions newer than the published listing's (spec 3 §2): the rule the server checks.
    versions: listingVersionChoices(appVersions, publishedVersionId),
    versionRule: listingVersionRule(appVersions, publishedVersionId),
  };
  return (
    <Stack gap="lg">
      <ListingForm
        app={app}
        submission={submission}
        user={session.user}
        references={references}
        securityEnabled={securityEnabled}
        partnerProgramsEmail={session.features.listing_application.partner_programs_email}
        mode={mode}
        published={published.data ?? null}
        listingApplicationEnabled={session.features.listing_application.enabled}
      />
      <DecisionHistory appId={app.id} />
    </Stack>
  );
}

/** The app page's Marketplace listing tab (spec 2 §2). */
export function MarketplaceListingTab({ app }: { app: DeveloperApp }) {
  const session = useSession();
  if (session.isError)
    return <QueryErrorAlert error={session.error} onRetry={() => void session.refetch()} />;
  if (!session.data) return <Skeleton height={240} />;
  const application = session.data.features.listing_application;
  // The cards come first while the marketplace is off; the listing can be prepared meanwhile. A published
  // listing is in the marketplace (approving enables it): no cards beside it.
  const activation = application.enabled && !app.marketplace_enabled && !app.published_app;
  return (
    <Stack gap="md">
      <InfoBanner />
      <HelpLinks />
      {activation ? <ActivationCards app={app} application={application} /> : null}
      <ReviewQueueSlot appId={app.id} kind="marketplace_listing" />
      <ListingEditor app={app} session={session.data} />
    </Stack>
  );
}

export default function MarketplaceListingRoute() {
  const { app } = useAppOutlet();
  return <MarketplaceListingTab app={app} />;
}
