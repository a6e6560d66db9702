// Typed translation keys: `t('developerApps.list.title')` type-checks only if locales/en/developerApps.json
// has list.title. English is the reference; i18n.test.ts keeps every other language complete.
import 'i18next';
import type accessTokens from './locales/en/accessTokens.json';
import type account from './locales/en/account.json';
import type admin from './locales/en/admin.json';
import type adminApps from './locales/en/adminApps.json';
import type adminLists from './locales/en/adminLists.json';
import type adminNotifications from './locales/en/adminNotifications.json';
import type apiActivity from './locales/en/apiActivity.json';
import type audit from './locales/en/audit.json';
import type auth from './locales/en/auth.json';
import type changelog from './locales/en/changelog.json';
import type classicManifests from './locales/en/classicManifests.json';
import type common from './locales/en/common.json';
import type components from './locales/en/components.json';
import type developerApps from './locales/en/developerApps.json';
import type errors from './locales/en/errors.json';
import type fields from './locales/en/fields.json';
import type home from './locales/en/home.json';
import type invitations from './locales/en/invitations.json';
import type kit from './locales/en/kit.json';
import type legal from './locales/en/legal.json';
import type listing from './locales/en/listing.json';
import type manifests from './locales/en/manifests.json';
import type metrics from './locales/en/metrics.json';
import type notifications from './locales/en/notifications.json';
import type rateLimits from './locales/en/rateLimits.json';
import type reference from './locales/en/reference.json';
import type shell from './locales/en/shell.json';
import type validation from './locales/en/validation.json';
import type webhooks from './locales/en/webhooks.json';
import type { NAMESPACES } from './namespaces';

export interface Resources {
  common: typeof common;
  validation: typeof validation;
  errors: typeof errors;
  fields: typeof fields;
  components: typeof components;
  kit: typeof kit;
  shell: typeof shell;
  auth: typeof auth;
  account: typeof account;
  home: typeof home;
  admin: typeof admin;
  reference: typeof reference;
  notifications: typeof notifications;
  adminNotifications: typeof adminNotifications;
  developerApps: typeof developerApps;
  manifests: typeof manifests;
  metrics: typeof metrics;
  apiActivity: typeof apiActivity;
  webhooks: typeof webhooks;
  accessTokens: typeof accessTokens;
  invitations: typeof invitations;
  legal: typeof legal;
  listing: typeof listing;
  classicManifests: typeof classicManifests;
  changelog: typeof changelog;
  rateLimits: typeof rateLimits;
  audit: typeof audit;
  adminApps: typeof adminApps;
  adminLists: typeof adminLists;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    // Every namespace, so that `useTranslation()`'s t accepts `<namespace>.<key>` for all of them; at
    // run time the default namespace is 'common' and the prefix picks the namespace (index.ts).
    defaultNS: typeof NAMESPACES;
    nsSeparator: '.';
    keySeparator: '.';
    returnNull: false;
    resources: Resources;
  }
}

// Resources lists exactly the namespaces of namespaces.ts (a namespace added there must be typed here).
type AssertTrue<T extends true> = T;
export type ResourcesCoverNamespaces = AssertTrue<
  [
    Exclude<(typeof NAMESPACES)[number], keyof Resources>,
    Exclude<keyof Resources, (typeof NAMESPACES)[number]>,
  ] extends [never, never]
    ? true
    : false
>;
