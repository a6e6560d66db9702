import {
  authenticationOf,
  type ComponentType,
  type ConfiguredManifestInput,
  expandViews,
  fromManifestContent,
  type PermissionScope,
  parametersOf,
} from '@lintel/shared/manifests';

// What changed between two versions of an app, in the terms of the builder (components, views,
// parameters, permissions, authentication, instructions): "Beyond the reference" of issue 9.

export type DiffSection =
  | 'authentication'
  | 'components'
  | 'views'
  | 'parameters'
  | 'permissions'
  | 'instructions';
export type ChangeKind = 'added' | 'removed' | 'changed';

/** One difference, with its values on each side (null where the side has nothing). */
export interface ManifestChange {
  section: DiffSection;
  kind: ChangeKind;
  /** The component a component, view or parameter change belongs to. */
  component?: ComponentType;
  /** The permission scope of a permission change. */
  scope?: PermissionScope;
  /**
   * What changed: a component field (`source_url`, `description`), a view key, a parameter key, a tool
   * name, `auth_code_enabled` / `service_account_enabled`, or an instruction field (`notes`,
   * `page.label`, `page.url`); '' for a whole component.
   */
  subject: string;
  /** For a parameter change: which of its fields (`name`, `description`, `required`); absent when added or removed. */
  field?: 'name' | 'description' | 'required';
  before: string | null;
  after: string | null;
}

/** What a version offers the diff: its builder form, else its manifest (read into a form when possible). */
export interface DiffableVersion {
  configured_manifest_content: ConfiguredManifestInput | null;
  content: unknown;
  auth_code_enabled?: boolean;
}

/** The builder form of a version, or null when the builder cannot represent its manifest. */
export function formOfVersion(version: DiffableVersion): ConfiguredManifestInput | null {
  const declared = version.auth_code_enabled ?? false;
  // The authentication is the manifest's (the shared rule the server stores by), never a form's say-so.
  if (version.configured_manifest_content)
    return { ...version.configured_manifest_content, ...authenticationOf(version.content, declared) };
  const reading = fromManifestContent(version.content, declared);
  return reading.ok ? reading.configured : null;
}

const COMPONENTS: readonly ComponentType[] = ['sidepanel', 'fullscreen'];
const SCOPES: readonly PermissionScope[] = ['company', 'project'];

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function flag(value: boolean): string {
  return value ? 'true' : 'false';
}

function compare(
  changes: ManifestChange[],
  base: Omit<ManifestChange, 'kind' | 'before' | 'after'>,
  before: string | null,
  after: string | null,
): void {
  if (before === after) return;
  const kind: ChangeKind = before === null ? 'added' : after === null ? 'removed' : 'changed';
  changes.push({ ...base, kind, before, after });
}

/** Effective permissions: none without a service account, only the levels given. */
function permissionsOf(form: ConfiguredManifestInput, scope: PermissionScope): Record<string, string> {
  if (form.service_account_enabled === false) return {};
  return { ...(form.permissions?.[scope] ?? {}) };
}

function serviceAccountOf(form: ConfiguredManifestInput): boolean {
  if (form.service_account_enabled !== undefined) return form.service_account_enabled;
  return SCOPES.some((scope) => Object.keys(permissionsOf(form, scope)).length > 0);
}

/**
 * The differences between two builder forms, in a stable order: authentication, components, views,
 * parameters, permissions, instructions. Views are compared as concrete keys (`rfi.all` expanded), so
 * writing the same selection another way is no change.
 */
export function diffConfigurations(
  beforeForm: ConfiguredManifestInput,
  afterForm: ConfiguredManifestInput,
  viewKeys?: readonly string[],
): ManifestChange[] {
  const changes: ManifestChange[] = [];

  compare(
    changes,
    { section: 'authentication', subject: 'auth_code_enabled' },
    flag(Boolean(beforeForm.auth_code_enabled)),
    flag(Boolean(afterForm.auth_code_enabled)),
  );
  compare(
    changes,
    { section: 'authentication', subject: 'service_account_enabled' },
    flag(serviceAccountOf(beforeForm)),
    flag(serviceAccountOf(afterForm)),
  );

  for (const type of COMPONENTS) {
    const a = beforeForm[type] ?? null;
    const b = afterForm[type] ?? null;
    if (!a || !b) {
      compare(
        changes,
        { section: 'components', component: type, subject: '' },
        a ? (text(a.source_url) ?? '') : null,
        b ? (text(b.source_url) ?? '') : null,
      );
    } else {
      for (const field of ['source_url', 'description'] as const) {
        compare(
          changes,
          { section: 'components', component: type, subject: field },
          text(a[field]),
          text(b[field]),
        );
      }
    }
  }

  for (const type of COMPONENTS) {
    if (type !== 'sidepanel') continue;
    const a = new Set(expandViews(beforeForm[type]?.views ?? [], viewKeys));
    const b = new Set(expandViews(afterForm[type]?.views ?? [], viewKeys));
    const all = viewKeys
      ? viewKeys.filter((key) => a.has(key) || b.has(key))
      : [...new Set([...a, ...b])].sort();
    for (const view of all) {
      compare(
        changes,
        { section: 'views', component: type, subject: view },
        a.has(view) ? view : null,
        b.has(view) ? view : null,
      );
    }
  }

  for (const type of COMPONENTS) {
    const a = parametersOf(beforeForm[type]?.user_configuration?.schema);
    const b = parametersOf(afterForm[type]?.user_configuration?.schema);
    const keys = [...a.map((p) => p.key), ...b.map((p) => p.key).filter((k) => !a.some((p) => p.key === k))];
    for (const key of keys) {
      const x = a.find((p) => p.key === key);
      const y = b.find((p) => p.key === key);
      if (!x || !y) {
        compare(
          changes,
          { section: 'parameters', component: type, subject: key },
          x ? x.name || key : null,
          y ? y.name || key : null,
        );
        continue;
      }
      compare(
        changes,
        { section: 'parameters', component: type, subject: key, field: 'name' },
        text(x.name),
        text(y.name),
      );
      compare(
        changes,
        { section: 'parameters', component: type, subject: key, field: 'description' },
        text(x.description),
        text(y.description),
      );
      compare(
        changes,
        { section: 'parameters', component: type, subject: key, field: 'required' },
        flag(x.required),
        flag(y.required),
      );
    }
  }

  for (const scope of SCOPES) {
    const a = permissionsOf(beforeForm, scope);
    const b = permissionsOf(afterForm, scope);
    const tools = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
    for (const tool of tools) {
      compare(changes, { section: 'permissions', scope, subject: tool }, a[tool] ?? null, b[tool] ?? null);
    }
  }

  const ia = beforeForm.post_installation_instruction;
  const ib = afterForm.post_installation_instruction;
  compare(changes, { section: 'instructions', subject: 'notes' }, text(ia?.notes), text(ib?.notes));
  compare(
    changes,
    { section: 'instructions', subject: 'page.label' },
    text(ia?.page?.label),
    text(ib?.page?.label),
  );
  compare(
    changes,
    { section: 'instructions', subject: 'page.url' },
    text(ia?.page?.url),
    text(ib?.page?.url),
  );

  return changes;
}

/** The outcome of comparing two versions: field by field, or only as manifests when the builder cannot read one. */
export type VersionDiff = { comparable: true; changes: ManifestChange[] } | { comparable: false };

/** Compares two versions of an app (older first). */
export function diffVersions(
  before: DiffableVersion,
  after: DiffableVersion,
  viewKeys?: readonly string[],
): VersionDiff {
  const a = formOfVersion(before);
  const b = formOfVersion(after);
  if (!a || !b) return { comparable: false };
  return { comparable: true, changes: diffConfigurations(a, b, viewKeys) };
}
