import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';
import { SECRETS_KEY_BYTES } from './http/crypto';

export interface SecretsKey {
  key: Buffer;
  /** The file a key was generated into on this start, to say so once. */
  generated?: string;
}

/**
 * The key that seals secrets kept to be shown again: SECRETS_KEY, else the one kept in DATA_DIR/secrets.key,
 * generated on the first start (the embedded default). Tests without SECRETS_KEY get a key of their own.
 */
export async function resolveSecretsKey(config: Config): Promise<SecretsKey> {
  if (config.secretsKey) return { key: config.secretsKey };
  if (config.env === 'test') return { key: randomBytes(SECRETS_KEY_BYTES) };
  const file = path.join(config.dataDir, 'secrets.key');
  const existing = await readKey(file);
  if (existing) return { key: existing };
  await fs.mkdir(config.dataDir, { recursive: true });
  const key = randomBytes(SECRETS_KEY_BYTES);
  try {
    await fs.writeFile(file, `${key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    return { key, generated: file };
  } catch (error) {
    // Another process started at the same moment and wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = await readKey(file);
    if (!theirs) throw new Error(`${file} does not hold a secrets key`);
    return { key: theirs };
  }
}

async function readKey(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new Error(`${file} does not hold a secrets key (64 hex digits)`);
  return Buffer.from(text, 'hex');
}
