import path from 'node:path';
import { z } from 'zod';

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

/** Every environment variable Lintel reads; README.md lists the same table. */
const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Lintel <no-reply@lintel.localhost>'),
  MAIL_MAX_ATTEMPTS: int(1, 50).default(5),
  DEMO_PASSWORD: z.string().min(12, { message: 'must be at least 12 characters' }).default('demo-password'),
  SEED_DEMO: bool.default(true),
  SESSION_IDLE_MINUTES: int(1, 60 * 24 * 30).default(120),
  SCRYPT_LOG_N: int(10, 20).default(17),
  LOGIN_MAX_FAILURES: int(1, 1000).default(10),
  LOGIN_IP_MAX_FAILURES: int(1, 100000).default(100),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024).default(1024 * 1024),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SANDBOX_PROVISION_DELAY_MS: int(0, 24 * 3600_000).default(3000),
  SANDBOX_PROVISION_OUTCOME: z
    .enum(['live', 'failed'], { message: 'must be live or failed' })
    .default('live'),
  INVITATION_TTL_DAYS: int(1, 90).default(7),
});

export type Environment = z.infer<typeof environment>;

export interface Config {
  env: Environment['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailMaxAttempts: number;
  demoPassword: string;
  seedDemo: boolean;
  sessionIdleMinutes: number;
  scryptLogN: number;
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  logLevel: Environment['LOG_LEVEL'];
  webDistDir: string;
  filesDir: string;
  sandboxProvisionDelayMs: number;
  sandboxProvisionOutcome: 'live' | 'failed';
  invitationTtlDays: number;
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    scryptLogN: e.SCRYPT_LOG_N,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginIpMaxFailures: e.LOGIN_IP_MAX_FAILURES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    filesDir: path.join(path.resolve(e.DATA_DIR), 'files'),
    sandboxProvisionDelayMs: e.SANDBOX_PROVISION_DELAY_MS,
    sandboxProvisionOutcome: e.SANDBOX_PROVISION_OUTCOME,
    invitationTtlDays: e.INVITATION_TTL_DAYS,
  };
}
