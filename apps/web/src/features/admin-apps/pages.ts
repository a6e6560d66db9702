// The admin app page and its tabs, one chunk: router.tsx loads them all through this one module, so
// the entry's chunk map grows by one chunk and one import site (the sign-in page's budget is tight).

export { default as AdminApiActivityTab } from '../api-activity/AdminApiActivityTab';
export { default as AdminWebhooksTab } from '../webhooks/AdminWebhooksTab';
export { default as AdminAppLayout } from './AdminAppLayout';
export { default as AdminListingRoute } from './AdminListingRoute';
export { default as AdminMetricsTab } from './AdminMetricsTab';
export { default as GeneralTab } from './GeneralTab';
export { default as NewContactPage } from './NewContactPage';
export { default as SandboxTab } from './SandboxTab';
