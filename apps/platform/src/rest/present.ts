import type { PlatformDb } from '../db/schema';

/** A person as resources embed them (rfi_manager, assignees, created_by…). */
export interface Person {
  id: number;
  name: string;
  login: string;
}

/** ISO-8601 UTC to the second, as the reference writes times (`2016-08-22T20:18:55Z`). */
export function iso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The people of some rows, in one query. */
export async function peopleById(db: PlatformDb, ids: Iterable<number | null>): Promise<Map<number, Person>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('platform_users')
    .select(['id', 'name', 'login'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(
    rows.map((row) => [Number(row.id), { id: Number(row.id), name: row.name, login: row.login }]),
  );
}

/** Escapes LIKE's wildcards in a user's text. */
export function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
