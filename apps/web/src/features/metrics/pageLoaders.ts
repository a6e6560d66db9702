// The loaders of the marketplace and metrics pages, in a chunk of their own (as developer-apps/detail/tabLoaders.ts):
// the entry chunk's preload map then lists this one file instead of every chunk these pages need,
// which keeps the sign-in page's first load within its budget.

export const loadReportPage = () => import('./AppEngagementReportPage');
export const loadMetricsTab = () => import('./MetricsTab');
export const loadMarketplacePage = () => import('../marketplace/MarketplacePage');
export const loadMarketplaceAppPage = () => import('../marketplace/MarketplaceAppPage');
