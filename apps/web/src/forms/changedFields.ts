/**
 * The fields of `next` whose value differs from `saved`: what a settings form sends, so that a save
 * never writes back a value the user did not touch (spec 2 §5 "fields are saved only when modified").
 * Values are compared as JSON, so equal arrays or dates count as unchanged.
 */
export function changedFields<T extends object>(saved: T, next: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(saved[key])) changes[key] = next[key];
  }
  return changes;
}

/** True when there is nothing to send. */
export const isUnchanged = (changes: object): boolean => Object.keys(changes).length === 0;
