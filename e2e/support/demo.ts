import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runDatabaseUrl } from './env';

const execFileAsync = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Gives the journey's developer the demo app "Site Diary Sync" the way `npm start` seeds it on an empty
 * database, with `npm run demo:app -- <owner> <admin>` beside the run's server: the same database and
 * DATA_DIR (files and secrets key), the server's workers building the sandbox. Returns the app's id.
 */
export async function seedDemoApp(ownerEmail: string, adminEmail: string): Promise<number> {
  const runDir = process.env.LINTEL_E2E_RUN_DIR;
  if (!runDir)
    throw new Error('LINTEL_E2E_RUN_DIR is not set: run the journeys through e2e/playwright.config.ts.');
  // Only what the server shares with it: no SMTP_URL, since the command runs no mail (or other) jobs.
  const { SMTP_URL: _smtp, ...environment } = process.env;
  try {
    const { stdout } = await execFileAsync(
      'npm',
      ['run', '--silent', 'demo:app', '--', ownerEmail, adminEmail],
      {
        cwd: root,
        env: {
          ...environment,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: runDatabaseUrl(),
          DATA_DIR: path.join(runDir, 'data'),
        },
      },
    );
    const line = stdout.trim().split('\n').at(-1) ?? '';
    return (JSON.parse(line) as { id: number }).id;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`npm run demo:app failed: ${stderr || stdout || String(error)}`);
  }
}
