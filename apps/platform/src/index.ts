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
export { createSandboxCompany } from './companies/sandbox';
export type { PlatformConfig, PlatformContext, PortalIdentity, TemplateUsage } from './context';
export { migratePlatform } from './db/migrate';
export type { PlatformDb } from './db/schema';
export { createPlatformHttp, type PlatformHttp } from './http';
export { appBucketUsage } from './limits/usage';
export { issueTestToken } from './oauth/test-token';
export { ACCESS_TOKEN_SECONDS, issueToken, type Principal, verifyAccessToken } from './tokens';
