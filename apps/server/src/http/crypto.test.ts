import { describe, expect, it } from 'vitest';
import { hashPassword, hashToken, randomToken, verifyPassword } from './crypto';

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
