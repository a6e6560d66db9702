import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { resolveSecretsKey } from './secrets-key';

const dirs: string[] = [];
async function dataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-key-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('resolveSecretsKey', () => {
  it('uses SECRETS_KEY when it is set', async () => {
    const config = loadConfig({ SECRETS_KEY: 'cd'.repeat(32), DATA_DIR: await dataDir() });
    expect(await resolveSecretsKey(config)).toEqual({ key: Buffer.alloc(32, 0xcd) });
  });

  it('generates a key into DATA_DIR on the first start, says so, and reads it back later', async () => {
    const DATA_DIR = await dataDir();
    const first = await resolveSecretsKey(loadConfig({ DATA_DIR }));
    const file = path.join(DATA_DIR, 'secrets.key');
    expect(first.generated).toBe(file);
    expect(first.key).toHaveLength(32);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const second = await resolveSecretsKey(loadConfig({ DATA_DIR }));
    expect(second).toEqual({ key: first.key });
  });

  it('refuses a damaged key file instead of sealing under a new key', async () => {
    const DATA_DIR = await dataDir();
    await fs.mkdir(DATA_DIR, { recursive: true });
    await fs.writeFile(path.join(DATA_DIR, 'secrets.key'), 'garbage\n');
    await expect(resolveSecretsKey(loadConfig({ DATA_DIR }))).rejects.toThrow('does not hold a secrets key');
  });
});
