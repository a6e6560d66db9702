export type { PlatformConfig, PortalIdentity } from './context';
export { migratePlatform } from './db/migrate';
export type { PlatformDb } from './db/schema';
export { createPlatformHttp, type PlatformHttp } from './http';
export { ACCESS_TOKEN_SECONDS, issueToken, type Principal, verifyAccessToken } from './tokens';
