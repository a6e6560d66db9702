import { VIEW_KEYS } from './view-keys';

export { VIEW_KEYS };

/** The suffix that stands for every view under a prefix (`change_events.all`). */
export const ALL_SUFFIX = '.all';

/** The keys under a prefix (`commitments` → every `commitments.…` key). */
export function viewsUnder(prefix: string, keys: readonly string[] = VIEW_KEYS): string[] {
  return keys.filter((key) => key.startsWith(`${prefix}.`));
}

/** Whether a manifest may name this view: a known key, or `prefix.all` where some key sits under prefix. */
export function isKnownView(view: string, keys: readonly string[] = VIEW_KEYS): boolean {
  if (keys.includes(view)) return true;
  if (!view.endsWith(ALL_SUFFIX)) return false;
  const prefix = view.slice(0, -ALL_SUFFIX.length);
  return prefix !== '' && viewsUnder(prefix, keys).length > 0;
}

/** The views as concrete keys: each `.all` expanded, unknown names dropped, no duplicates, in catalogue order. */
export function expandViews(views: readonly string[], keys: readonly string[] = VIEW_KEYS): string[] {
  const chosen = new Set<string>();
  for (const view of views) {
    if (keys.includes(view)) chosen.add(view);
    else if (view.endsWith(ALL_SUFFIX)) {
      for (const key of viewsUnder(view.slice(0, -ALL_SUFFIX.length), keys)) chosen.add(key);
    }
  }
  return keys.filter((key) => chosen.has(key));
}

/**
 * The shortest list naming exactly these keys: a prefix whose every key is selected becomes `prefix.all`
 * (the highest such prefix), other keys stay as they are.
 */
export function compactViews(selected: readonly string[], keys: readonly string[] = VIEW_KEYS): string[] {
  const chosen = new Set(expandViews(selected, keys));
  const out: string[] = [];
  const covered = new Set<string>();
  for (const key of keys) {
    if (!chosen.has(key) || covered.has(key)) continue;
    const parts = key.split('.');
    let used = key;
    for (let length = 1; length < parts.length; length++) {
      const prefix = parts.slice(0, length).join('.');
      const under = viewsUnder(prefix, keys);
      if (under.length > 1 && under.every((k) => chosen.has(k))) {
        used = `${prefix}${ALL_SUFFIX}`;
        for (const k of under) covered.add(k);
        break;
      }
    }
    covered.add(key);
    out.push(used);
  }
  return out;
}

/** One node of the views tree: a prefix (with children) or a key (a leaf). */
export interface ViewNode {
  /** The prefix (`commitments.work_order_contracts`) or the key (`rfi.detail`). */
  value: string;
  /** The last segment (`work_order_contracts`, `detail`). */
  label: string;
  children: ViewNode[];
}

/** The view keys as a tree of prefixes, for the checkbox tree of the component drawer. */
export function viewTree(keys: readonly string[] = VIEW_KEYS): ViewNode[] {
  const roots: ViewNode[] = [];
  for (const key of keys) {
    const parts = key.split('.');
    let level = roots;
    parts.forEach((label, index) => {
      const value = parts.slice(0, index + 1).join('.');
      let node = level.find((n) => n.value === value);
      if (!node) {
        node = { value, label, children: [] };
        level.push(node);
      }
      level = node.children;
    });
  }
  return roots;
}

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

/** A tree node's checkbox: a key is checked when selected; a prefix when all, some or none of its keys are. */
export function viewCheckState(
  value: string,
  selected: readonly string[],
  keys: readonly string[] = VIEW_KEYS,
): CheckState {
  const chosen = new Set(expandViews(selected, keys));
  if (keys.includes(value)) return chosen.has(value) ? 'checked' : 'unchecked';
  const under = viewsUnder(value, keys);
  const count = under.filter((key) => chosen.has(key)).length;
  if (count === 0) return 'unchecked';
  return count === under.length ? 'checked' : 'indeterminate';
}

/** The selection after (un)checking a node: a prefix (un)checks every key under it. Returns concrete keys. */
export function toggleView(
  selected: readonly string[],
  value: string,
  checked: boolean,
  keys: readonly string[] = VIEW_KEYS,
): string[] {
  const chosen = new Set(expandViews(selected, keys));
  const affected = keys.includes(value) ? [value] : viewsUnder(value, keys);
  for (const key of affected) {
    if (checked) chosen.add(key);
    else chosen.delete(key);
  }
  return keys.filter((key) => chosen.has(key));
}
