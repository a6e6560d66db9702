import type { MarketplaceAppListing } from '@lintel/shared';
import type { ListingMedia, Submission } from '@lintel/shared/listing';
import type { Installation } from '../../platform/types';
import { presentSubmission } from '../listings/presenter';
import type { ReferenceData } from '../listings/repository';
import type { SubmissionView } from '../listings/service';
import type { PublishedListingRow } from './repository';

const publicMediaUrl = (appId: number, mediaId: number) =>
  `/api/v1/marketplace/apps/${appId}/media/${mediaId}`;

export function presentListingSummary(
  row: PublishedListingRow,
  reference: ReferenceData,
): MarketplaceAppListing {
  return {
    id: row.developer_app_id,
    public_name: row.public_name ?? '',
    tagline: row.tagline,
    built_by: row.built_by,
    small_logo_url: row.logo_media_id ? publicMediaUrl(row.developer_app_id, row.logo_media_id) : null,
    categories: row.category_ids.flatMap((id) =>
      reference.categories.filter((category) => category.id === id),
    ),
    published_at: row.published_at?.toISOString() ?? null,
  };
}

/**
 * A published listing as customers read it: the submission without the review's internals (admin
 * message, rejection reasons, notes, draft notes, the questionnaire document), files at public addresses.
 */
export function presentMarketplaceApp(view: SubmissionView): Submission {
  const submission = presentSubmission(view);
  const appId = submission.developer_app_id;
  const media = (item: ListingMedia): ListingMedia => ({ ...item, url: publicMediaUrl(appId, item.id) });
  return {
    ...submission,
    admin_message: null,
    rejection_reasons: [],
    notes: null,
    draft_developer_notes: null,
    security_questionnaire: submission.security_questionnaire_visible
      ? submission.security_questionnaire
      : null,
    security_questionnaire_document: null,
    small_logo: submission.small_logo ? media(submission.small_logo) : null,
    small_logo_url: submission.small_logo ? publicMediaUrl(appId, submission.small_logo.id) : null,
    pictures: submission.pictures.map(media),
    videos: submission.videos.map(media),
    showcase_video: submission.showcase_video ? media(submission.showcase_video) : null,
  };
}

/** An installation as the installer and the developers see it: never the installer's e-mail. */
export function presentInstallation(installation: Installation) {
  return {
    id: installation.id,
    company_name: installation.companyName,
    company_is_demo: installation.companyIsDemo,
    status: installation.status,
    installed_at: installation.installedAt.toISOString(),
    updated_at: installation.updatedAt.toISOString(),
  };
}

/** An installation as platform administrators see it: with the installer's e-mail. */
export function presentAdminInstallation(installation: Installation) {
  return { ...presentInstallation(installation), user_email_address: installation.userEmailAddress };
}
