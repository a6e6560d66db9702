/**
 * What "live" means for an app (spec 1 §2, the Published column's marker; spec 3 §3, the listing's
 * `live`): the app is in the marketplace, where customers find and install it. One definition, read by
 * the developer's apps list, the app page, the admin apps list, the admin app page and the marketplace.
 */

/** The facts "live" is decided from. */
export interface LiveFacts {
  /** When the app was deleted (null: it was not). */
  deleted_at: Date | string | null;
  /** The app's newest published listing (state published), or null/undefined when it has none. */
  published_listing: { live: boolean } | null | undefined;
}

/** Whether an app is live: not deleted, and its newest published listing is live (approval makes it so). */
export function isAppLive(facts: LiveFacts): boolean {
  return facts.deleted_at === null && facts.published_listing?.live === true;
}
