import type { Config } from './config';
import { type DemoDeps, seedDemoApp } from './demo/app';
import type { Runtime } from './runtime';

export const DEMO_ACCOUNTS = [
  {
    email: 'admin@example.com',
    name: 'Ada Admin',
    company_name: 'Lintel',
    is_admin: true,
    is_employee: true,
  },
  {
    email: 'dev@example.com',
    name: 'Dev Developer',
    company_name: 'Acme Integrations',
    is_admin: false,
    is_employee: false,
  },
] as const;

/** What the seed uses of a running portal. */
export function demoDepsOf(runtime: Runtime): DemoDeps {
  const { database, services, platform, storage } = runtime;
  return { db: database.db, services, platform, storage };
}

/**
 * Seeds the demo on an empty database and returns whether it did: the demo accounts, then the developer's
 * published app "Site Diary Sync" (demo/app.ts), every step through the services a user's action takes.
 */
export async function seedDemo(
  deps: DemoDeps,
  config: Pick<Config, 'demoPassword' | 'sandboxProvisionDelayMs'>,
  now = new Date(),
): Promise<boolean> {
  const existing = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const [admin, developer] = await Promise.all(
    DEMO_ACCOUNTS.map(async ({ is_admin, is_employee, ...account }) => {
      const user = await deps.services.auth.createAccount(
        { ...account, password: config.demoPassword },
        { admin: is_admin, employee: is_employee },
      );
      if (!user) throw new Error(`the demo account ${account.email} exists already`);
      return user;
    }),
  );
  if (!admin || !developer) throw new Error('the demo accounts were not created');
  await seedDemoApp(deps, {
    owner: developer,
    admin,
    now,
    sandboxTimeoutMs: config.sandboxProvisionDelayMs + 60_000,
  });
  return true;
}
