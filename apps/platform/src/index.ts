export type {
  ApiCallDetail,
  ApiCallQuery,
  ApiCallSummary,
  ApiMinute,
  ApiStatusClass,
} from './activity/queries';
export { apiCall, apiCalls, apiCallsPerMinute } from './activity/queries';
export { type AppMemberInput, setAppMembers } from './companies/members';
export { setAppPermissions } from './companies/permissions';
export { attachInstallation } from './companies/production';
export { createSandboxCompany, sandboxesWithoutCompany, setSandboxActive } from './companies/sandbox';
export type { PlatformConfig, PlatformContext, PortalIdentity, TemplateUsage } from './context';
export { migratePlatform } from './db/migrate';
export { platformMigrations } from './db/migrations/index';
export type { PlatformDb } from './db/schema';
export { createPlatformHttp, type PlatformHttp } from './http';
export { appBucketUsage } from './limits/usage';
export { EmbeddedMarketplace } from './marketplace/marketplace';
export { marketplaceRepository } from './marketplace/repository';
export {
  type DailyCount,
  type EventOutcome,
  type Installation,
  type InstallationStatus,
  MARKETPLACE_EVENT_TYPES,
  type MarketplaceEvent,
  type PlatformMarketplace,
} from './marketplace/types';
export { issueTestToken } from './oauth/test-token';
export { EmbeddedQuotaMinder } from './quota-minder/quota-minder';
export type {
  BucketInput,
  BucketTemplate,
  PortalTransaction,
  QuotaMinder,
  RateLimitBucket,
} from './quota-minder/types';
export { ACCESS_TOKEN_SECONDS, issueToken, type Principal, verifyAccessToken } from './tokens';
export { type WebhookResource, webhookCatalogue } from './webhooks/catalogue';
export {
  checkDestination,
  classifyAddress,
  DELIVER_QUEUE,
  drainDestination,
  hookHealth,
  newSigningSecret,
  type Redelivery,
  redeliver,
  redeliverFailedSince,
  revealSigningSecret,
  rotateSigningSecret,
  type SigningSecretView,
  scheduleDeliveries,
  sendTestEvent,
  startDeliverySweeper,
  sweepDestinations,
  type WebhookJobDefinition,
  webhookDeliveryJobs,
} from './webhooks/delivery/index';
export { raiseEvent } from './webhooks/events';
export {
  addTrigger,
  createHook,
  deleteHook,
  type HookActor,
  listHooks,
  removeTrigger,
  updateHook,
  WebhookError,
} from './webhooks/hooks';
export { deliveryDetail, listDeliveries } from './webhooks/queries';
export type * from './webhooks/types';
