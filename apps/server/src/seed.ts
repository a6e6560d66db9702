import type { Config } from './config';
import type { Db } from './db/index';
import { hashPassword } from './http/crypto';
import { authRepository } from './modules/auth/repository';
import { seedDemoListing } from './seed-marketplace';

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

/** Seeds the demo accounts on an empty database; returns whether it did. */
export async function seedDemo(
  db: Db,
  config: Pick<Config, 'demoPassword' | 'scryptLogN'>,
): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(config.demoPassword, config.scryptLogN);
  for (const account of DEMO_ACCOUNTS) {
    const user = await authRepository.insertUser(db, {
      ...account,
      password_hash: passwordHash,
      confirmed_at: new Date(),
    });
    // The developer's published demo app: the marketplace and the engagement report have data at once.
    if (user && !account.is_admin) await seedDemoListing(db, user.id);
  }
  return true;
}
