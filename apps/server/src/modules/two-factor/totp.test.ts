import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { matchTotpStep, newTotpSecret, otpauthUri, stepAt, totpCodeAt } from './totp';

const secret = newTotpSecret();
const now = new Date('2026-11-27T12:00:10Z');
const step = stepAt(now);
const at = (steps: number) => new Date(now.getTime() + steps * 30_000);

describe('TOTP (RFC 6238, 30-second steps)', () => {
  it('makes a base32 secret of 160 bits and an otpauth URI with the issuer and the account', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = otpauthUri(secret, 'ada@example.test');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Lintel:ada%40example\.test\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('period=30');
    expect(uri).toContain('digits=6');
  });

  it('accepts the current step and one step of drift either way, and nothing further', () => {
    expect(matchTotpStep(secret, totpCodeAt(secret, now), now, null)).toBe(step);
    expect(matchTotpStep(secret, totpCodeAt(secret, at(-1)), now, null)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCodeAt(secret, at(1)), now, null)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCodeAt(secret, at(-2)), now, null)).toBeNull();
    expect(matchTotpStep(secret, totpCodeAt(secret, at(2)), now, null)).toBeNull();
  });

  it('refuses a code of the last used step or an earlier one (each code once)', () => {
    const code = totpCodeAt(secret, now);
    expect(matchTotpStep(secret, code, now, step)).toBeNull();
    expect(matchTotpStep(secret, totpCodeAt(secret, at(-1)), now, step)).toBeNull();
    expect(matchTotpStep(secret, totpCodeAt(secret, at(1)), now, step)).toBe(step + 1);
  });

  it('refuses another secret’s code and anything that is not six digits', () => {
    expect(matchTotpStep(newTotpSecret(), totpCodeAt(secret, now), now, null)).toBeNull();
    expect(matchTotpStep(secret, '12345', now, null)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now, null)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes in two groups of five, stored as hashes', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashes).toEqual(codes.map(recoveryCodeHash));
    for (const [index, hash] of hashes.entries()) expect(hash).not.toContain(codes[index]);
  });

  it('hashes a code the same however it is typed (case, spaces, dash)', () => {
    expect(recoveryCodeHash('ABCDE-FGHJK')).toBe(recoveryCodeHash('abcdefghjk'));
    expect(recoveryCodeHash(' abcde fghjk ')).toBe(recoveryCodeHash('abcde-fghjk'));
    expect(recoveryCodeHash('abcde-fghjm')).not.toBe(recoveryCodeHash('abcde-fghjk'));
  });
});
