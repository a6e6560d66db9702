import { fromManifestContent } from './configured';
import { isRecord, parametersOf } from './rules';
import type { ConfiguredManifestInput } from './types';

// What changed between two versions of an app (issue 9 "Beyond the reference portals": the side-by-side
// diff), by the builder's sections: components, views, parameters, permissions, instructions,
// authentication. Manifests the builder cannot read are compared leaf by leaf ('document').

export type DiffSection =
  | 'components'
  | 'views'
  | 'parameters'
  | 'permissions'
  | 'instructions'
  | 'authentication'
  | 'document';

/** One change: where (`sidepanel.source_url`, `project.rfi` …), and the value before and after (null: absent). */
export interface ManifestChange {
  section: DiffSection;
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before: string | null;
  after: string | null;
}

const text = (value: unknown): string | null =>
  value === undefined || value === null || value === ''
    ? null
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

function change(section: DiffSection, path: string, before: unknown, after: unknown): ManifestChange[] {
  const a = text(before);
  const b = text(after);
  if (a === b) return [];
  return [
    { section, path, kind: a === null ? 'added' : b === null ? 'removed' : 'changed', before: a, after: b },
  ];
}

function formDiff(a: ConfiguredManifestInput, b: ConfiguredManifestInput): ManifestChange[] {
  const changes: ManifestChange[] = [];
  changes.push(
    ...change(
      'authentication',
      'auth_code_enabled',
      a.auth_code_enabled ? 'true' : null,
      b.auth_code_enabled ? 'true' : null,
    ),
  );
  changes.push(
    ...change(
      'authentication',
      'service_account_enabled',
      a.service_account_enabled ? 'true' : null,
      b.service_account_enabled ? 'true' : null,
    ),
  );
  for (const slot of ['fullscreen', 'sidepanel'] as const) {
    const x = a[slot] ?? undefined;
    const y = b[slot] ?? undefined;
    if (!x || !y) {
      changes.push(...change('components', slot, x?.source_url, y?.source_url));
      if (!x && !y) continue;
    } else {
      changes.push(...change('components', `${slot}.source_url`, x.source_url, y.source_url));
      changes.push(...change('components', `${slot}.description`, x.description, y.description));
    }
    const before = new Set(x?.views ?? []);
    const after = new Set(y?.views ?? []);
    for (const view of after)
      if (!before.has(view)) changes.push(...change('views', `${slot}.views`, null, view));
    for (const view of before)
      if (!after.has(view)) changes.push(...change('views', `${slot}.views`, view, null));
    const px = new Map(parametersOf(x?.user_configuration?.schema).map((p) => [p.key, p]));
    const py = new Map(parametersOf(y?.user_configuration?.schema).map((p) => [p.key, p]));
    const show = (p: { name: string; description: string; required: boolean } | undefined) =>
      p ? `${p.name} — ${p.description}${p.required ? ' (required)' : ''}` : null;
    for (const key of new Set([...px.keys(), ...py.keys()]))
      changes.push(...change('parameters', `${slot}.${key}`, show(px.get(key)), show(py.get(key))));
  }
  for (const scope of ['company', 'project'] as const) {
    const x = (isRecord(a.permissions) && a.permissions[scope]) || {};
    const y = (isRecord(b.permissions) && b.permissions[scope]) || {};
    for (const tool of new Set([...Object.keys(x), ...Object.keys(y)]))
      changes.push(...change('permissions', `${scope}.${tool}`, x[tool], y[tool]));
  }
  const ix = a.post_installation_instruction ?? {};
  const iy = b.post_installation_instruction ?? {};
  changes.push(...change('instructions', 'notes', ix.notes, iy.notes));
  changes.push(...change('instructions', 'page.label', ix.page?.label, iy.page?.label));
  changes.push(...change('instructions', 'page.url', ix.page?.url, iy.page?.url));
  return changes;
}

function leaves(value: unknown, pointer: string, out: Map<string, unknown>): Map<string, unknown> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) leaves(v, `${pointer}/${i}`, out);
  } else if (isRecord(value)) for (const [k, v] of Object.entries(value)) leaves(v, `${pointer}/${k}`, out);
  else out.set(pointer, value);
  return out;
}

/**
 * The changes from one version's manifest to another's, by section. `app_manifest` (the portal's) is
 * ignored. Both readable by the builder: compared as forms (views as sets, parameters by key); otherwise
 * leaf by leaf, by JSON pointer.
 */
export function diffManifests(
  before: unknown,
  after: unknown,
  authCode: { before?: boolean; after?: boolean } = {},
): ManifestChange[] {
  const a = fromManifestContent(before, authCode.before);
  const b = fromManifestContent(after, authCode.after);
  if (a.ok && b.ok) return formDiff(a.configured, b.configured);
  const strip = (v: unknown) => (isRecord(v) ? { ...v, app_manifest: undefined } : v);
  const x = leaves(strip(before), '', new Map());
  const y = leaves(strip(after), '', new Map());
  const changes: ManifestChange[] = [];
  for (const pointer of new Set([...x.keys(), ...y.keys()]))
    changes.push(...change('document', pointer, x.get(pointer), y.get(pointer)));
  return changes;
}
