import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, hashToken, randomToken, SecretBox, verifyPassword } from './crypto';

describe('passwords', () => {
  it('uses scrypt with r=8, p=1 and the configured cost, salted', async () => {
    const a = await hashPassword('correct horse battery', 10);
    const b = await hashPassword('correct horse battery', 10);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('wrong horse battery', a)).toBe(false);
  });

  it('defaults to N=2^17 in the configuration (OWASP ASVS)', async () => {
    const { loadConfig } = await import('../config');
    expect(2 ** loadConfig({}).scryptLogN).toBe(131072);
  });

  it('refuses malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});

describe('tokens', () => {
  it('are random and stored as SHA-256', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals a secret so that the stored text does not contain it, and opens it again', () => {
    const sealed = box.seal('sandbox-secret-value');
    expect(sealed).not.toContain('sandbox-secret-value');
    expect(box.open(sealed)).toBe('sandbox-secret-value');
  });

  it('uses a fresh nonce for every value', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('does not open a value sealed under another key', () => {
    expect(new SecretBox(randomBytes(32)).open(box.seal('secret'))).toBeNull();
  });

  it('does not open an altered value', () => {
    const [version, nonce, tag, body] = box.seal('secret').split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(box.open([version, nonce, tag, flipped].join('.'))).toBeNull();
    expect(box.open('not sealed')).toBeNull();
  });

  it('refuses a key of the wrong length', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});
