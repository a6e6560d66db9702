/** Where the end-to-end run puts the portal and its SMTP server; shared by the config and the journeys. */
// Overridable so that two checkouts on one machine can run their journeys at the same time.
export const SERVER_PORT = Number(process.env.E2E_PORT ?? 3107);
export const BASE_URL = `http://127.0.0.1:${SERVER_PORT}`;
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** The run's mailbox answers the messages its SMTP server received here (e2e/support/mailbox.ts). */
export const MAILBOX_PORT = Number(process.env.E2E_MAILBOX_PORT ?? SMTP_PORT + 1);

/**
 * The PostgreSQL server on which each run makes a database of its own (and drops it afterwards),
 * unless E2E_DATABASE_URL names one to use as it is. The journeys need PostgreSQL rather than PGlite:
 * they make their administrators with `npm run user:admin`, a second process on the same database.
 */
export const POSTGRES_URL = process.env.E2E_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Prefix of the databases runs make for themselves (e2e/support/server.ts drops stale ones). */
export const RUN_DATABASE_PREFIX = 'lintel_e2e_';

/**
 * The run's database. The runner picks it while evaluating the config, before the server starts, and
 * the workers inherit it through the environment (as they inherit LINTEL_E2E_RUN_DIR).
 */
export function runDatabaseUrl(): string {
  const url = process.env.LINTEL_E2E_DATABASE_URL;
  if (!url)
    throw new Error('LINTEL_E2E_DATABASE_URL is not set: run the journeys through e2e/playwright.config.ts.');
  return url;
}
