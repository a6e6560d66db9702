import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CliError, EXIT } from './errors';

/** What `lintel login` keeps: the portal's URL and a personal access token (lnt_…). */
export interface CliConfig {
  url: string;
  token: string;
}

type Env = Record<string, string | undefined>;

/**
 * The directory of config.json: LINTEL_CONFIG_DIR when set (tests, several portals), else the user's
 * config directory — $XDG_CONFIG_HOME/lintel, or ~/.config/lintel.
 */
export function configDir(env: Env): string {
  if (env.LINTEL_CONFIG_DIR) return env.LINTEL_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'lintel');
}

export function configPath(env: Env): string {
  return path.join(configDir(env), 'config.json');
}

/** Writes the config readable by its owner only (0600, its directory 0700): the token is a credential. */
export async function saveConfig(env: Env, config: CliConfig): Promise<string> {
  const dir = configDir(env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = configPath(env);
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // An existing file keeps its mode on write: make sure it is 0600 whatever it was.
  await chmod(file, 0o600);
  return file;
}

/**
 * The portal to talk to: LINTEL_URL and LINTEL_TOKEN when both are set (CI, no file needed), else the
 * saved config. Not logged in is exit status 3.
 */
export async function loadConfig(env: Env): Promise<CliConfig> {
  if (env.LINTEL_URL && env.LINTEL_TOKEN) return { url: env.LINTEL_URL, token: env.LINTEL_TOKEN };
  let text: string;
  try {
    text = await readFile(configPath(env), 'utf8');
  } catch {
    throw new CliError(EXIT.unreachable, [
      'Not logged in: run `lintel login --url URL --token TOKEN` (or set LINTEL_URL and LINTEL_TOKEN).',
    ]);
  }
  try {
    const parsed = JSON.parse(text) as Partial<CliConfig>;
    if (typeof parsed.url === 'string' && typeof parsed.token === 'string') {
      return { url: parsed.url, token: parsed.token };
    }
  } catch {
    // Reported below.
  }
  throw new CliError(EXIT.unreachable, [
    `${configPath(env)} is not a lintel config: run \`lintel login --url URL --token TOKEN\` again.`,
  ]);
}
