import { badRequest } from './errors';

/**
 * `filters[...]` as the reference writes them (rest-api.md §4): `filters[attr]=v` (equality; several
 * filters combine with AND), `filters[attr][]=a&filters[attr][]=b` (any of), and time ranges
 * `filters[created_at]=2016-09-23T16:30:00Z...2016-09-23T17:00:00Z`. Filters an endpoint does not know
 * are ignored, as the real platform does; a known filter with a value it cannot read is a 400.
 */
export type Filters = Record<string, unknown>;

export function filtersOf(query: Record<string, unknown>): Filters {
  const filters = query.filters;
  if (filters === undefined) return {};
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) {
    throw badRequest('Invalid filters: use filters[attribute]=value', {
      filters: ['must be given as filters[attribute]=value'],
    });
  }
  return filters as Filters;
}

const invalid = (name: string, rule: string) =>
  badRequest(`Invalid filters[${name}]: ${rule}`, { [`filters[${name}]`]: [rule] });

/** A one-value text filter; undefined when absent. */
export function textFilter(filters: Filters, name: string): string | undefined {
  const value = filters[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(name, 'must be one value');
  return value;
}

/** An id filter: one id or an array of ids (filters[id]=1 or filters[id][]=1&filters[id][]=2). */
export function idsFilter(filters: Filters, name: string): number[] | undefined {
  const value = filters[name];
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (
    !values ||
    values.length === 0 ||
    !values.every((v) => typeof v === 'string' && /^\d{1,15}$/.test(v.trim()))
  ) {
    throw invalid(name, 'must be an id or a list of ids');
  }
  return values.map((v) => Number(v));
}

/** One id (filters[rfi_manager_id]=7000001). */
export function idFilter(filters: Filters, name: string): number | undefined {
  const ids = idsFilter(filters, name);
  if (ids === undefined) return undefined;
  if (ids.length !== 1) throw invalid(name, 'must be one id');
  return ids[0];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

function instant(text: string, endOfDay: boolean): Date | null {
  const value = text.trim();
  if (DATE.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return null;
    return endOfDay ? new Date(date.getTime() + 86_400_000 - 1) : date;
  }
  const match = TIME.exec(value);
  if (!match) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // Times are answered to the second: an end given to the second (or minute) includes all of it.
  if (endOfDay && !match[2]) return new Date(date.getTime() + (match[1] ? 999 : 59_999));
  return date;
}

/**
 * A time range `from...to` (ISO-8601 times, or dates meaning whole days), both ends included; either
 * end may be left open.
 */
export function rangeFilter(
  filters: Filters,
  name: string,
): { from: Date | null; to: Date | null } | undefined {
  const value = filters[name];
  if (value === undefined) return undefined;
  const rule = 'must be two ISO-8601 times separated by "..." (2016-09-23T16:30:00Z...2016-09-23T17:00:00Z)';
  if (typeof value !== 'string') throw invalid(name, rule);
  const parts = value.split('...');
  if (parts.length !== 2) throw invalid(name, rule);
  const [fromText = '', toText = ''] = parts;
  const from = fromText.trim() === '' ? null : instant(fromText, false);
  const to = toText.trim() === '' ? null : instant(toText, true);
  if ((fromText.trim() !== '' && !from) || (toText.trim() !== '' && !to) || (!from && !to))
    throw invalid(name, rule);
  return { from, to };
}
