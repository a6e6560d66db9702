// The manifest tabs' loaders, in a chunk of their own. The entry chunk lists, for each lazy route, every
// chunk that route needs (Vite's preload map); the builder and the versions tab need some thirty, which
// would weigh on every first visit (the sign-in page's budget). Routed through this tiny module, the entry
// lists one file and this chunk lists the rest, fetched only when a manifest tab opens.

export const loadConfigurationsTab = () => import('./builder/ConfigurationsTab');
export const loadVersionsTab = () => import('./versions/VersionsTab');
