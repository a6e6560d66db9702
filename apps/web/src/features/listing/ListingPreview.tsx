import { countryName, type Submission } from '@lintel/shared/listing';
import {
  Anchor,
  Avatar,
  Badge,
  Card,
  Grid,
  Group,
  Image,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListingReferences } from './editorContext';
import type { ListingFormValues } from './formValues';
import { regionName } from './regionName';

/** A listing as customers see it in the public marketplace; built from a submission or the form. */
export interface ListingPreviewData {
  publicName: string;
  tagline: string;
  builtBy: string;
  soldBy: string;
  description: string;
  about: string;
  howItWorks: string;
  categories: string[];
  logoUrl: string | null;
  pictures: { url: string; description: string }[];
  videos: { url: string; name: string }[];
  featureBullets: string[];
  subscriptionRequired: boolean | null;
  connectorRequired: boolean | null;
  hasTrials: boolean | null;
  pricingUrl: string;
  pricingDescription: string;
  /** Region names; countries by ISO code, named in the reader's language. */
  regions: string[];
  countryCodes: string[];
  helpfulLinks: { label: string; url: string }[];
  website: { label: string; url: string } | null;
  supportEmail: string;
  tools: string[];
  requirements: string[];
  contact:
    | { type: 'contact_us'; email: string }
    | { type: 'learn_how'; url: string }
    | { type: 'create_lead' }
    | null;
  installable: boolean;
  securityVisible: boolean;
  securityBadge: boolean;
}

const httpUrl = (value: string) => /^https?:\/\//i.test(value.trim());

/** The preview of a saved submission (what the public marketplace reads). */
export function previewOfSubmission(s: Submission): ListingPreviewData {
  return {
    publicName: s.public_name ?? '',
    tagline: s.tagline ?? '',
    builtBy: s.built_by ?? '',
    soldBy: s.sold_by ?? '',
    description: s.description ?? '',
    about: s.about ?? '',
    howItWorks: s.how_it_works ?? '',
    categories: s.categories.map((category) => category.name),
    logoUrl: s.small_logo?.url ?? null,
    pictures: s.pictures.map((picture) => ({ url: picture.url, description: picture.description ?? '' })),
    videos: s.videos.map((video) => ({
      url: video.external_url ?? video.url,
      name: video.original_filename,
    })),
    featureBullets: s.feature_bullets.filter((bullet) => bullet.trim() !== ''),
    subscriptionRequired: s.subscription_required,
    connectorRequired: s.connector_required,
    hasTrials: s.has_trials,
    pricingUrl: s.pricing_url ?? '',
    pricingDescription: s.pricing_description ?? '',
    regions: s.regions.map((region) => region.name),
    countryCodes: s.countries.map((country) => country.iso_code),
    helpfulLinks: s.helpful_links.flatMap((link) =>
      link.url ? [{ label: link.label || link.url, url: link.url }] : [],
    ),
    website: s.website_link?.url
      ? { label: s.website_link.label || s.website_link.url, url: s.website_link.url }
      : null,
    supportEmail: s.support_email ?? '',
    tools: s.product_tools.map((tool) => tool.title),
    requirements: s.requirements.filter((row) => row.trim() !== ''),
    contact: s.create_lead
      ? { type: 'create_lead' }
      : s.contact_us_email
        ? { type: 'contact_us', email: s.contact_us_email }
        : s.learn_how_url
          ? { type: 'learn_how', url: s.learn_how_url }
          : null,
    installable: s.installable,
    securityVisible: s.security_questionnaire_visible,
    securityBadge: s.security_badge,
  };
}

/** The preview of the form being edited (names from the reference data). */
export function previewOfForm(values: ListingFormValues, references: ListingReferences): ListingPreviewData {
  const on = (map: Record<number, boolean>) => (id: number) => map[id] === true;
  const regions = references.regions.filter((region) => on(values.regions)(region.id));
  const countries = references.regions
    .flatMap((region) => region.countries)
    .filter((c) => on(values.countries)(c.id));
  return {
    publicName: values.public_name,
    tagline: values.tagline,
    builtBy: values.built_by,
    soldBy: values.sold_by,
    description: values.description,
    about: values.about,
    howItWorks: values.how_it_works,
    categories: references.categories.filter((c) => values.category_ids.includes(c.id)).map((c) => c.name),
    logoUrl: values.small_logo?.url ?? null,
    pictures: values.pictures.map((picture) => ({ url: picture.url, description: picture.description })),
    videos: values.videos.map((video) => ({
      url: video.external_url ?? video.url,
      name: video.original_filename,
    })),
    featureBullets: values.feature_bullets.filter((bullet) => bullet.trim() !== ''),
    subscriptionRequired: values.subscription_required,
    connectorRequired: values.connector_required,
    hasTrials: values.has_trials,
    pricingUrl: values.pricing_url,
    pricingDescription: values.pricing_description,
    regions: regions.map((region) => region.name),
    countryCodes: [...new Set(countries.map((country) => country.iso_code))],
    helpfulLinks: values.helpful_links.flatMap((link) =>
      link.url.trim() ? [{ label: link.label || link.url, url: link.url }] : [],
    ),
    website: values.website_link.url.trim()
      ? { label: values.website_link.label || values.website_link.url, url: values.website_link.url }
      : null,
    supportEmail: values.support_email,
    tools: references.productTools
      .filter((tool) => on(values.product_tools)(tool.id))
      .map((tool) => tool.title),
    requirements: values.requirements.filter((row) => row.trim() !== ''),
    contact: values.create_lead
      ? { type: 'create_lead' }
      : values.contact_us_email.trim()
        ? { type: 'contact_us', email: values.contact_us_email }
        : values.learn_how_url.trim()
          ? { type: 'learn_how', url: values.learn_how_url }
          : null,
    installable: values.installable,
    securityVisible: values.security_questionnaire_visible,
    securityBadge: values.security_badge,
  };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A listing as a customer sees it in the public marketplace (spec 3 §4 "Preview"): header with logo,
 * name, tagline and the call to action, screenshots, overview, features, pricing, availability, support.
 * The public marketplace renders this same component.
 */
export function ListingPreview({ listing }: { listing: ListingPreviewData }) {
  const { t, i18n } = useTranslation();
  const unknown = t('listing.unknownCountry');
  const yesNo = (value: boolean | null) =>
    value === null ? '—' : value ? t('listing.yes') : t('listing.no');
  const cta =
    listing.contact?.type === 'learn_how' && httpUrl(listing.contact.url) ? (
      <Anchor href={listing.contact.url} target="_blank" rel="noopener noreferrer" fw={600}>
        {t('listing.preview.learnHow')}
      </Anchor>
    ) : listing.contact ? (
      <Badge size="lg" variant="filled">
        {t('listing.preview.contactUs')}
      </Badge>
    ) : null;
  return (
    <Stack gap="lg" aria-label={t('listing.preview.label')} component="article">
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={listing.logoUrl} alt="" size={88} radius="md">
          {listing.publicName.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap={4} flex={1}>
          <Group gap="xs">
            <Title order={2}>{listing.publicName || t('listing.preview.untitled')}</Title>
            {listing.securityBadge ? <Badge color="teal">{t('listing.preview.securityBadge')}</Badge> : null}
          </Group>
          {listing.tagline ? <Text c="dimmed">{listing.tagline}</Text> : null}
          {listing.builtBy ? (
            <Text size="sm">{t('listing.preview.builtBy', { name: listing.builtBy })}</Text>
          ) : null}
          <Group gap={6}>
            {listing.categories.map((category) => (
              <Badge key={category} variant="light">
                {category}
              </Badge>
            ))}
          </Group>
        </Stack>
        <Stack gap={6} align="flex-end">
          {cta}
          <Text size="xs" c="dimmed">
            {listing.installable ? t('listing.preview.installable') : t('listing.preview.notInstallable')}
          </Text>
        </Stack>
      </Group>

      {listing.pictures.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {listing.pictures.map((picture) => (
            <Image key={picture.url} src={picture.url} alt={picture.description} radius="sm" />
          ))}
        </SimpleGrid>
      ) : null}

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {listing.description ? (
              <Section title={t('listing.preview.overview')}>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{listing.description}</Text>
              </Section>
            ) : null}
            {listing.featureBullets.length > 0 ? (
              <Section title={t('listing.tabs.features')}>
                <List>
                  {listing.featureBullets.map((bullet) => (
                    <List.Item key={bullet}>{bullet}</List.Item>
                  ))}
                </List>
              </Section>
            ) : null}
            {listing.howItWorks ? (
              <Section title={t('listing.fields.how_it_works')}>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{listing.howItWorks}</Text>
              </Section>
            ) : null}
            {listing.about ? (
              <Section title={t('listing.fields.about')}>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{listing.about}</Text>
              </Section>
            ) : null}
            {listing.videos.length > 0 ? (
              <Section title={t('listing.media.videos')}>
                <List>
                  {listing.videos.map((video) => (
                    <List.Item key={video.url}>
                      <Anchor href={video.url} target="_blank" rel="noopener noreferrer">
                        {video.name}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </Section>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Stack gap="md">
              <Section title={t('listing.preview.pricing')}>
                {listing.pricingDescription ? <Text size="sm">{listing.pricingDescription}</Text> : null}
                <Text size="sm">
                  {t('listing.fields.subscription_required')}: {yesNo(listing.subscriptionRequired)}
                </Text>
                <Text size="sm">
                  {t('listing.fields.connector_required')}: {yesNo(listing.connectorRequired)}
                </Text>
                <Text size="sm">
                  {t('listing.fields.has_trials')}: {yesNo(listing.hasTrials)}
                </Text>
                {httpUrl(listing.pricingUrl) ? (
                  <Anchor href={listing.pricingUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    {t('listing.preview.pricingLink')}
                  </Anchor>
                ) : null}
              </Section>
              <Section title={t('listing.preview.availability')}>
                <Text size="sm">
                  {[
                    ...listing.regions.map((region) => regionName(t, region)),
                    ...listing.countryCodes.map((code) => countryName(code, i18n.language, unknown)),
                  ].join(', ') || '—'}
                </Text>
              </Section>
              {listing.tools.length > 0 ? (
                <Section title={t('listing.tabs.tools')}>
                  <Text size="sm">{listing.tools.join(', ')}</Text>
                </Section>
              ) : null}
              {listing.requirements.length > 0 ? (
                <Section title={t('listing.tabs.requirements')}>
                  <List size="sm">
                    {listing.requirements.map((row) => (
                      <List.Item key={row}>{row}</List.Item>
                    ))}
                  </List>
                </Section>
              ) : null}
              <Section title={t('listing.tabs.support')}>
                {listing.website && httpUrl(listing.website.url) ? (
                  <Anchor href={listing.website.url} target="_blank" rel="noopener noreferrer" size="sm">
                    {listing.website.label}
                  </Anchor>
                ) : null}
                {listing.supportEmail ? (
                  <Anchor href={`mailto:${listing.supportEmail}`} size="sm">
                    {listing.supportEmail}
                  </Anchor>
                ) : null}
                {listing.helpfulLinks
                  .filter((link) => httpUrl(link.url))
                  .map((link) => (
                    <Anchor
                      key={link.url}
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                    >
                      {link.label}
                    </Anchor>
                  ))}
              </Section>
              {listing.soldBy ? (
                <Text size="xs" c="dimmed">
                  {t('listing.preview.soldBy', { name: listing.soldBy })}
                </Text>
              ) : null}
              {listing.securityVisible ? (
                <Text size="xs" c="dimmed">
                  {t('listing.preview.securityInfo')}
                </Text>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default ListingPreview;
