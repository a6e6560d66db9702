/** A query parameter value: arrays become `key[]=…`, objects become `key[sub]=…` (bracket format). */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue };

export type QueryParams = Record<string, QueryValue>;

function encodeKey(key: string): string {
  // Brackets stay readable; everything else is escaped.
  return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

function append(pairs: string[], key: string, value: QueryValue): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    for (const item of value) append(pairs, `${key}[]`, item);
    return;
  }
  if (typeof value === 'object') {
    for (const [sub, item] of Object.entries(value)) append(pairs, `${key}[${sub}]`, item);
    return;
  }
  pairs.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
}

/**
 * Serialises parameters the way the server's `qs` parser reads them:
 * `{ sort: ['-created_at'], filters: { search: 'x' } }` → `sort[]=-created_at&filters[search]=x`.
 * Empty strings, null and undefined are left out.
 */
export function toQueryString(params: QueryParams): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) append(pairs, key, value);
  return pairs.join('&');
}
