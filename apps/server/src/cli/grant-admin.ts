import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/index';
import { authRepository } from '../modules/auth/repository';

/** `npm run user:admin -- <email>`: makes an existing user a platform administrator. */
async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email) {
    process.stderr.write('Usage: npm run user:admin -- <email>\n');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    const user = await authRepository.setAdmin(database.db, email);
    if (!user) {
      process.stderr.write(`No user with the e-mail address ${email}.\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`${user.email} is now an administrator.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
