import type { Passkey } from '@lintel/shared';

/** A passkey as the account page lists it: never its credential id or public key. */
export function presentPasskey(row: {
  id: number;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}
