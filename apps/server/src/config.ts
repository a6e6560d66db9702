import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SECRETS_KEY_BYTES } from './http/crypto';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const int = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** Where uploaded files live: a local directory, or a bucket of an S3-compatible object store. */
export type StorageConfig =
  | { kind: 'local'; directory: string }
  | { kind: 's3'; bucket: string; region: string; endpoint: string | undefined };

const STORAGE_URL_FORMS = 'must be s3://BUCKET?endpoint=…&region=… or file:///absolute/path';
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** STORAGE_URL: `s3://BUCKET?endpoint=http://HOST:PORT&region=…` or `file:///absolute/path`. */
const storageUrl = z.string().transform((value, ctx): StorageConfig => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(STORAGE_URL_FORMS);
  }
  if (url.protocol === 'file:') {
    if (url.host || url.search) return fail('a file: URL names a local directory: file:///absolute/path');
    return { kind: 'local', directory: fileURLToPath(url) };
  }
  if (url.protocol !== 's3:') return fail(STORAGE_URL_FORMS);
  // Credentials in the URL would end up in logs and process listings; the SDK reads them from the environment.
  if (url.username || url.password) {
    return fail('must not contain credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  const bucket = url.hostname;
  if (!S3_BUCKET.test(bucket)) {
    return fail('the bucket name must be 3 to 63 lowercase letters, digits, dots or hyphens');
  }
  if (url.port || (url.pathname !== '' && url.pathname !== '/')) {
    return fail('must name only a bucket: s3://BUCKET?endpoint=…&region=…');
  }
  const unknown = [...url.searchParams.keys()].filter((name) => name !== 'endpoint' && name !== 'region');
  if (unknown.length > 0) return fail(`unknown parameter ${unknown.join(', ')} (known: endpoint, region)`);
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint !== undefined) {
    let protocol: string | undefined;
    try {
      protocol = new URL(endpoint).protocol;
    } catch {}
    if (protocol !== 'http:' && protocol !== 'https:')
      return fail('endpoint must be an http:// or https:// URL');
  }
  const region = url.searchParams.get('region') || 'us-east-1';
  return { kind: 's3', bucket, region, endpoint };
});

/** 32 random bytes, as 64 hex digits or in base64: the key that seals secrets kept to be shown again. */
const secretsKey = z.string().transform((value, context) => {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== SECRETS_KEY_BYTES || !/^[0-9a-zA-Z+/=_-]+$/.test(value)) {
    context.addIssue({
      code: 'custom',
      message: `must be ${SECRETS_KEY_BYTES} random bytes as 64 hex digits or base64 (openssl rand -base64 32)`,
    });
    return z.NEVER;
  }
  return key;
});

/** Every environment variable Lintel reads; README.md lists the same table. */
const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  /** At start, build the sandbox companies of apps made before the sandbox platform (off in benchmarks). */
  RECONCILE_SANDBOXES: bool.default(true),
  /** The sandbox platform's rate-limit counters in Redis (else in PostgreSQL, or memory on PGlite). */
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  /** Requests to the sandbox platform's OAuth endpoints per client address and minute (0: no limit). */
  PLATFORM_OAUTH_REQUESTS_PER_MINUTE: int(0, 1_000_000).default(300),
  /** On SIGTERM, how long requests in flight and running jobs get before the process exits anyway. */
  SHUTDOWN_GRACE_MS: int(0, 600_000).default(10_000),
  /** GET /metrics on the portal's port for `Authorization: Bearer <METRICS_TOKEN>` (unset: no /metrics there). */
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** /metrics without a token on a port of its own (unset: none). */
  METRICS_PORT: int(1, 65535).optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Lintel <no-reply@lintel.localhost>'),
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('api-support@lintel.dev'),
  MAIL_MAX_ATTEMPTS: int(1, 50).default(5),
  DEMO_PASSWORD: z.string().min(12, { message: 'must be at least 12 characters' }).default('demo-password'),
  SEED_DEMO: bool.default(true),
  SESSION_IDLE_MINUTES: int(1, 60 * 24 * 30).default(120),
  SESSION_MAX_DAYS: int(1, 365).default(30),
  SCRYPT_LOG_N: int(10, 20).default(17),
  LOGIN_MAX_FAILURES: int(1, 1000).default(10),
  LOGIN_IP_MAX_FAILURES: int(1, 100000).default(100),
  LOGIN_ACCOUNT_MAX_FAILURES: int(1, 100000).default(100),
  MAIL_MAX_PER_ADDRESS_HOUR: int(1, 10000).default(5),
  MAIL_MAX_PER_CLIENT_HOUR: int(1, 100000).default(20),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024).default(1024 * 1024),
  TRUST_PROXY: bool.default(false),
  /** The listing's Security and Compliance tab and its questionnaire (spec 3 §2); on by default. */
  SECURITY_AND_COMPLIANCE_ENABLED: bool.default(true),
  /**
   * The listing application (spec 3 §1 "Listing activation"): while an app's marketplace is not enabled,
   * its listing tab offers the partner forms at these addresses (the app id is appended as a query).
   */
  LISTING_APPLICATION_ENABLED: bool.default(true),
  LISTING_EXISTING_PARTNER_FORM_URL: url(['http:', 'https:']).optional(),
  LISTING_NEW_PARTNER_FORM_URL: url(['http:', 'https:']).optional(),
  /** The partner-programs contact the listing's activation cards name (spec 2 §2, spec 3 §1). */
  PARTNER_PROGRAMS_EMAIL: z
    .email({ message: 'must be an e-mail address' })
    .default('partner-programs@lintel.dev'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SANDBOX_PROVISION_DELAY_MS: int(0, 24 * 3600_000).default(3000),
  SANDBOX_PROVISION_OUTCOME: z
    .enum(['live', 'failed'], { message: 'must be live or failed' })
    .default('live'),
  INVITATION_TTL_DAYS: int(1, 90).default(7),
  STORAGE_URL: storageUrl.optional(),
  SECRETS_KEY: secretsKey.optional(),
  CAN_CREATE_SANDBOX_MANIFESTS: bool.default(true),
  GOVERNMENT_CLOUD: bool.default(false),
  FORM_EXPERIENCE_FORCED: bool.default(false),
  /** The portal runs on the QA host: the rate-limit bucket page offers the Staging quota-minder only. */
  QA_HOST: bool.default(false),
  /** The Bearer token the platform sends with its events (POST /api/v1/platform/events); unset: refused. */
  PLATFORM_EVENTS_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** Webhooks may go to http://localhost and private addresses (default: true unless NODE_ENV=production). */
  WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS: bool.optional(),
  /** Platform administrators must have a second factor before any admin route answers them. */
  REQUIRE_ADMIN_2FA: bool.default(false),
});

export type Environment = z.infer<typeof environment>;

export interface Config {
  env: Environment['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** PLATFORM_OAUTH_REQUESTS_PER_MINUTE: the OAuth endpoints' limit per client address (0: none). */
  platformOAuthRequestsPerMinute: number;
  /** SHUTDOWN_GRACE_MS: on SIGTERM, the time in-flight requests and running jobs get. */
  shutdownGraceMs: number;
  /** METRICS_TOKEN / METRICS_PORT: operators' metrics (issue 24); off unless one is set. */
  metricsToken: string | undefined;
  metricsPort: number | undefined;
  reconcileSandboxes: boolean;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The API support address the web names where credentials fail (spec 2 §8); SUPPORT_EMAIL. */
  supportEmail: string;
  mailMaxAttempts: number;
  demoPassword: string;
  seedDemo: boolean;
  sessionIdleMinutes: number;
  /** A session ends this many days after sign-in, however active (besides the idle expiry). */
  sessionMaxDays: number;
  scryptLogN: number;
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  /** Failures for one account from every address within 15 minutes: the ceiling against distributed guessing. */
  loginAccountMaxFailures: number;
  /** Sign-up, resend, reset and invitation mails to one address per hour (429 beyond). */
  mailMaxPerAddressHour: number;
  /** The same mails asked for by one client address per hour (429 beyond). */
  mailMaxPerClientHour: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /** SECURITY_AND_COMPLIANCE_ENABLED: the questionnaire is shown and, on submit, checked. */
  securityAndComplianceEnabled: boolean;
  /** LISTING_APPLICATION_ENABLED and the partner forms' addresses (spec 3 §1 "Listing activation"). */
  listingApplication: {
    enabled: boolean;
    existingPartnerFormUrl: string | null;
    newPartnerFormUrl: string | null;
    partnerProgramsEmail: string | null;
  };
  logLevel: Environment['LOG_LEVEL'];
  webDistDir: string;
  storage: StorageConfig;
  sandboxProvisionDelayMs: number;
  sandboxProvisionOutcome: 'live' | 'failed';
  invitationTtlDays: number;
  /** SECRETS_KEY; without it the runtime keeps a generated key in DATA_DIR/secrets.key. */
  secretsKey: Buffer | undefined;
  /** CAN_CREATE_SANDBOX_MANIFESTS: off, the API refuses new sandbox versions (spec 2 §6 "temporarily disabled"). */
  canCreateSandboxManifests: boolean;
  /** GOVERNMENT_CLOUD: production versions only in the versions tab; no side panels. */
  governmentCloud: boolean;
  /** FORM_EXPERIENCE_FORCED: every user is in the form-based experience. */
  formExperienceForced: boolean;
  /** QA_HOST: the portal runs on the QA host, so its quota-minder server is Staging (spec 1 §9). */
  qaHost: boolean;
  /** PLATFORM_EVENTS_SECRET: the platform's events carry it as a Bearer token; without it none is accepted. */
  platformEventsSecret: string | undefined;
  /**
   * WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS: webhook destinations may be http to loopback, and resolve to
   * loopback or private addresses (a local receiver); the cloud metadata addresses are refused always.
   */
  webhooksAllowPrivateDestinations: boolean;
  /** REQUIRE_ADMIN_2FA: administrators without a second factor get 403 two_factor_setup_required on admin routes. */
  requireAdmin2fa: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.TRUST_PROXY && e.PUBLIC_URL?.startsWith('https:')) {
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: must be true in production when PUBLIC_URL is https — the portal ' +
        'serves plain HTTP behind a TLS proxy, and without trusting its X-Forwarded-* headers session cookies ' +
        'are not marked Secure and every user shares the proxy address for sign-in throttling.',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    platformOAuthRequestsPerMinute: e.PLATFORM_OAUTH_REQUESTS_PER_MINUTE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    reconcileSandboxes: e.RECONCILE_SANDBOXES,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    scryptLogN: e.SCRYPT_LOG_N,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginIpMaxFailures: e.LOGIN_IP_MAX_FAILURES,
    loginAccountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
    mailMaxPerAddressHour: e.MAIL_MAX_PER_ADDRESS_HOUR,
    mailMaxPerClientHour: e.MAIL_MAX_PER_CLIENT_HOUR,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    securityAndComplianceEnabled: e.SECURITY_AND_COMPLIANCE_ENABLED,
    listingApplication: {
      enabled: e.LISTING_APPLICATION_ENABLED,
      existingPartnerFormUrl: e.LISTING_EXISTING_PARTNER_FORM_URL ?? null,
      newPartnerFormUrl: e.LISTING_NEW_PARTNER_FORM_URL ?? null,
      partnerProgramsEmail: e.PARTNER_PROGRAMS_EMAIL,
    },
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    storage: e.STORAGE_URL ?? { kind: 'local', directory: path.join(path.resolve(e.DATA_DIR), 'files') },
    sandboxProvisionDelayMs: e.SANDBOX_PROVISION_DELAY_MS,
    sandboxProvisionOutcome: e.SANDBOX_PROVISION_OUTCOME,
    invitationTtlDays: e.INVITATION_TTL_DAYS,
    secretsKey: e.SECRETS_KEY,
    canCreateSandboxManifests: e.CAN_CREATE_SANDBOX_MANIFESTS,
    governmentCloud: e.GOVERNMENT_CLOUD,
    formExperienceForced: e.FORM_EXPERIENCE_FORCED,
    qaHost: e.QA_HOST,
    platformEventsSecret: e.PLATFORM_EVENTS_SECRET,
    webhooksAllowPrivateDestinations: e.WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS ?? e.NODE_ENV !== 'production',
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA,
  };
}
