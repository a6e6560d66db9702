import type { ApiCall } from '@lintel/shared';

/** Newest first: by time, then by id (the server's keyset order). */
function newerFirst(a: ApiCall, b: ApiCall): number {
  const time = Date.parse(b.occurred_at) - Date.parse(a.occurred_at);
  return time !== 0 ? time : b.id - a.id;
}

/**
 * The rows the list shows: the newest page (polled) on top of the pages the user loaded, each call
 * once, newest first. `gap` says the newest page is full and does not reach the loaded ones: more calls
 * came in between polls than a page holds, so the loaded pages must be read again from the top.
 */
export function mergeCalls(
  newest: { calls: ApiCall[]; next_before: number | null } | undefined,
  loaded: ApiCall[],
): { calls: ApiCall[]; gap: boolean } {
  const fresh = newest?.calls ?? [];
  const known = new Set(loaded.map((call) => call.id));
  const oldestFresh = fresh.at(-1);
  const newestLoaded = loaded[0];
  const gap =
    newest?.next_before != null &&
    oldestFresh !== undefined &&
    newestLoaded !== undefined &&
    !known.has(oldestFresh.id) &&
    newerFirst(oldestFresh, newestLoaded) < 0;
  if (gap) return { calls: [...fresh], gap };
  const calls = [...loaded];
  for (const call of fresh) if (!known.has(call.id)) calls.push(call);
  return { calls: calls.sort(newerFirst), gap };
}
