// The app page's tab loaders, in a chunk of their own. The entry chunk lists, for each lazy route, every
// chunk that route needs (Vite's preload map); the tabs need dozens (the builder and the versions tab
// some thirty), which would weigh on every first visit (the sign-in page's budget). Routed through this
// tiny module, the entry lists one file and this chunk lists the rest, fetched only when a tab opens.
export const tabLoaders = {
  configurations: () => import('../../manifests/builder/ConfigurationsTab'),
  versions: () => import('../../manifests/versions/VersionsTab'),
  settings: () => import('../settings/SettingsTab'),
  oauthCredentials: () => import('../credentials/OAuthCredentialsTab'),
  collaborators: () => import('../collaborators/CollaboratorsTab'),
  marketplaceListing: () => import('../../listing/MarketplaceListingTab'),
  webhooks: () => import('../../webhooks/WebhooksTab'),
};
