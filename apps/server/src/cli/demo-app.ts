import { loadConfig } from '../config';
import { DEMO_APP_NAME, seedDemoApp } from '../demo/app';
import { authRepository } from '../modules/auth/repository';
import { startRuntime } from '../runtime';
import { demoDepsOf } from '../seed';

/**
 * `npm run demo:app -- <owner-email> <admin-email>`: gives an existing developer the published demo app
 * "Site Diary Sync", made as on an empty `npm start` (the same seed, through the same services), with an
 * existing platform administrator as its reviewer. Runs beside a server on the same database and
 * DATA_DIR (the files and the secrets key are shared); the server's job workers build the sandbox.
 */
async function main(): Promise<void> {
  const [ownerEmail, adminEmail] = process.argv.slice(2);
  if (!ownerEmail || !adminEmail) {
    process.stderr.write('Usage: npm run demo:app -- <owner-email> <admin-email>\n');
    process.exit(2);
  }
  const config = loadConfig();
  // No workers: the running server's do the background work (and send its mail as it is configured to).
  const runtime = await startRuntime(config, { workers: false });
  try {
    const { db } = runtime.database;
    const [owner, admin] = await Promise.all([
      authRepository.findUserByEmail(db, ownerEmail),
      authRepository.findUserByEmail(db, adminEmail),
    ]);
    if (!owner) throw new Error(`No user with the e-mail address ${ownerEmail}.`);
    if (!admin?.is_admin) throw new Error(`${adminEmail} is not a platform administrator.`);
    const appId = await seedDemoApp(demoDepsOf(runtime), {
      owner,
      admin,
      sandboxTimeoutMs: config.sandboxProvisionDelayMs + 60_000,
    });
    process.stdout.write(`${JSON.stringify({ id: appId, name: DEMO_APP_NAME, owner: owner.email })}\n`);
  } finally {
    await runtime.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
