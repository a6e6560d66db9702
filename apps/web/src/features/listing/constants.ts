/** Where the listing tab sends developers for help (spec 3 §2 "documentation link and support FAQ link"). */
export const LISTING_DOCS_URL = '/reference/rest/tags/marketplace-listing';

/** The FAQ's questions (answers from the reviewers' public guidelines), in this order. */
export const FAQ_ITEMS = ['review', 'refused', 'changes', 'screenshots', 'video', 'security'] as const;

/** The key under which a dismissed info banner is remembered in this browser (spec 2 §2). */
export const INFO_BANNER_KEY = 'lintel.listing.infoBannerDismissed';

/** A partner form's address with the developer app id (spec 3 §1 "Listing activation"). */
export function partnerFormUrl(base: string, appId: number): string {
  const url = new URL(base);
  url.searchParams.set('developer_app_id', String(appId));
  return url.toString();
}

/** A mailto link to the partner-programs contact whose subject and body carry the developer app id. */
export function partnerMailto(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
