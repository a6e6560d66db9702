import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@lintel/shared';
import { hashToken } from '../../http/crypto';

// No 0/o, 1/l/i: a code copied from paper is read back right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One recovery code as shown: two groups of five (`k7m2q-x9pfr`), about 49 bits. */
function recoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index++) {
    if (index === 5) code += '-';
    code += ALPHABET[randomInt(ALPHABET.length)];
  }
  return code;
}

/** A fresh set: the codes to show once, and the hashes to store. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: count }, recoveryCode);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

/** The stored form of a code, however it was typed (case, spaces and the dash do not matter). */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]+/g, ''));
}
