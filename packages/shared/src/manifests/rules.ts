import { MANIFEST_LIMITS } from './limits';
import { MANIFEST_PERMISSION_LEVELS, type PermissionScope, permissionProblem } from './permissions';
import { isKnownView } from './views';

// The spec's manifest rules that a JSON Schema does not state (spec 2 §5), as pure functions over parsed
// values. Each problem carries a JSON pointer into the manifest (RFC 6901), so the server can give its
// line and column and the builder can put it on a field.

/** One broken rule: where (a JSON pointer, '' for the whole document) and what. */
export interface RuleProblem {
  pointer: string;
  message: string;
}

/** Spec 2 §5 texts. */
export const RULE_MESSAGES = {
  required: 'This field is required',
  url: 'A valid URL is required',
  /** The drawer's hint made a rule: a component is loaded from an https address. */
  https: 'The URL must be an https address',
  view: 'At least one view is required',
  parameter: 'Key, name, and description are required to add another parameter',
  notValidForSaving: 'Please fill in the required fields below before creating a version.',
} as const;

/** Escapes one reference token of a JSON pointer (`~` → `~0`, `/` → `~1`). */
export function pointerToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Builds a JSON pointer from its tokens: `['sidepanel', 'views', 0]` → `/sidepanel/views/0`. */
export function pointerOf(...tokens: (string | number)[]): string {
  return tokens.map((t) => `/${pointerToken(t)}`).join('');
}

/** The tokens of a JSON pointer (`/a~1b/0` → `['a/b', '0']`). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The placeholders a component URL may use besides its own parameter keys (reference "URL interpolation"). */
export const PLATFORM_PLACEHOLDERS = [
  'procore.company.id',
  'procore.company.name',
  'procore.project.id',
  'procore.project.name',
] as const;
/** Parameter keys must not use the platform's own prefix. */
export const RESERVED_KEY_PREFIX = 'procore';

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * Whether a component URL is acceptable: http or https only (never `javascript:`, `data:` …), a host, no
 * credentials; `{{placeholders}}` are allowed anywhere and checked by `placeholderProblems`.
 */
export function isComponentUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MANIFEST_LIMITS.url) return false;
  if (/[\s]/.test(value.trim())) return false;
  let url: URL;
  try {
    url = new URL(value.trim().replace(PLACEHOLDER, 'x'));
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return url.hostname !== '' && url.username === '' && url.password === '';
}

/**
 * Why a component's URL (`source_url`, 3.x `iframe_src`) is refused, or null: it must be a URL
 * (isComponentUrl) and, as the form's hint says, an https address — the platform embeds it in its https
 * pages.
 */
export function componentUrlProblem(value: unknown): string | null {
  if (!isComponentUrl(value)) return RULE_MESSAGES.url;
  return String(value).trim().toLowerCase().startsWith('https:') ? null : RULE_MESSAGES.https;
}

/** `{{key}}` placeholders that name neither a platform value nor one of the component's parameter keys. */
export function placeholderProblems(url: string, keys: readonly string[]): string[] {
  const unknown: string[] = [];
  for (const match of url.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!(PLATFORM_PLACEHOLDERS as readonly string[]).includes(name) && !keys.includes(name))
      unknown.push(name);
  }
  return unknown;
}

/** A user-configuration parameter, as the builder edits it (spec 2 §3 "Parameter"). */
export interface Parameter {
  key: string;
  name: string;
  description: string;
  required: boolean;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether a parameter may be added: key, name and description all given (spec 2 §5), and a usable key. */
export function parameterProblems(
  parameter: Partial<Parameter>,
  otherKeys: readonly string[] = [],
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  if (blank(parameter.key) || blank(parameter.name) || blank(parameter.description)) {
    problems.push({ pointer: '', message: RULE_MESSAGES.parameter });
    for (const field of ['key', 'name', 'description'] as const) {
      if (blank(parameter[field]))
        problems.push({ pointer: pointerOf(field), message: RULE_MESSAGES.required });
    }
    return problems;
  }
  const key = (parameter.key ?? '').trim();
  problems.push(...keyProblems(key, pointerOf('key')));
  if (otherKeys.includes(key))
    problems.push({ pointer: pointerOf('key'), message: `the key "${key}" is already used` });
  return problems;
}

function keyProblems(key: string, pointer: string): RuleProblem[] {
  if (!KEY.test(key) || key.length > MANIFEST_LIMITS.parameterKey)
    return [
      {
        pointer,
        message: `the key "${key}" must be letters, digits and underscores, not starting with a digit, at most ${MANIFEST_LIMITS.parameterKey} characters`,
      },
    ];
  if (key.toLowerCase().startsWith(RESERVED_KEY_PREFIX))
    return [
      {
        pointer,
        message: `the key "${key}" must not start with the platform prefix "${RESERVED_KEY_PREFIX}"`,
      },
    ];
  return [];
}

/** The configuration schema of a component: `{type: 'object', properties, required}`. */
export interface ConfigurationSchema {
  type?: unknown;
  required?: unknown;
  properties?: unknown;
}

/** The parameters of a configuration schema, in its order. */
export function parametersOf(schema: ConfigurationSchema | null | undefined): Parameter[] {
  const properties = isRecord(schema?.properties) ? schema.properties : {};
  const required = Array.isArray(schema?.required) ? schema.required : [];
  return Object.entries(properties).map(([key, value]) => {
    const p = isRecord(value) ? value : {};
    return {
      key,
      name: typeof p.name === 'string' ? p.name : '',
      description: typeof p.description === 'string' ? p.description : '',
      required: required.includes(key),
    };
  });
}

/** A configuration schema from parameters (all of type string). */
export function schemaOfParameters(parameters: readonly Parameter[]): {
  type: 'object';
  required: string[];
  properties: Record<string, { name: string; type: 'string'; description: string }>;
} {
  return {
    type: 'object',
    required: parameters.filter((p) => p.required).map((p) => p.key),
    properties: Object.fromEntries(
      parameters.map((p) => [p.key, { name: p.name, type: 'string' as const, description: p.description }]),
    ),
  };
}

/** Problems of a configuration schema's keys and required list (names and descriptions are the schema's). */
export function configurationProblems(
  schema: ConfigurationSchema | null | undefined,
  at: string,
): RuleProblem[] {
  if (!isRecord(schema)) return [];
  const problems: RuleProblem[] = [];
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const keys = Object.keys(properties);
  for (const key of keys) {
    if (key.toLowerCase().startsWith(RESERVED_KEY_PREFIX))
      problems.push(...keyProblems(key, `${at}/properties/${pointerToken(key)}`));
  }
  if (Array.isArray(schema.required)) {
    schema.required.forEach((name, index) => {
      if (typeof name === 'string' && !keys.includes(name))
        problems.push({
          pointer: `${at}/required/${index}`,
          message: `"${name}" is not one of the parameters`,
        });
    });
  }
  return problems;
}

/** The component kinds (spec 2 §9). */
export const COMPONENT_TYPES = ['sidepanel', 'fullscreen'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** The component types still offered: those already present are removed; no side panel in government cloud. */
export function availableComponentTypes(
  present: readonly ComponentType[],
  options: { governmentCloud?: boolean } = {},
): ComponentType[] {
  return COMPONENT_TYPES.filter(
    (type) => !present.includes(type) && !(type === 'sidepanel' && options.governmentCloud),
  );
}

/** What the component rules read: the 4.1 field names (`source_url`), or 3.x's (`iframe_src`). */
export interface ComponentLike {
  type?: unknown;
  source_url?: unknown;
  views?: unknown;
  user_configuration?: { schema?: ConfigurationSchema } | unknown;
}

/**
 * A component's rules (spec 2 §5 "Component form"): a type, an https URL, a side panel with at least one
 * view and only known views (or `.all` prefixes), a full-screen component without views.
 * `urlField` is the URL's name in this shape (`source_url`, or `iframe_src` in 3.x).
 */
export function componentProblems(
  component: Record<string, unknown>,
  at: string,
  options: { urlField?: string; governmentCloud?: boolean; schemaPath?: string[] } = {},
): RuleProblem[] {
  const urlField = options.urlField ?? 'source_url';
  const problems: RuleProblem[] = [];
  const type = component.type;
  // Every missing field at once (spec 2 §5): a form without a type still hears about its URL.
  if (type !== 'sidepanel' && type !== 'fullscreen')
    problems.push({ pointer: `${at}/type`, message: RULE_MESSAGES.required });
  if (type === 'sidepanel' && options.governmentCloud)
    problems.push({ pointer: `${at}/type`, message: 'side panels are not available in this environment' });
  const url = component[urlField];
  const urlProblem = componentUrlProblem(url);
  if (urlProblem) problems.push({ pointer: `${at}/${urlField}`, message: urlProblem });
  const schemaPath = options.schemaPath ?? ['user_configuration', 'schema'];
  const schema = schemaPath.reduce<unknown>((v, k) => (isRecord(v) ? v[k] : undefined), component);
  const keys = parametersOf(isRecord(schema) ? schema : null).map((p) => p.key);
  if (typeof url === 'string') {
    for (const name of placeholderProblems(url, keys)) {
      problems.push({
        pointer: `${at}/${urlField}`,
        message: `the placeholder {{${name}}} is neither a platform value nor one of the component's parameter keys`,
      });
    }
  }
  problems.push(
    ...configurationProblems(isRecord(schema) ? schema : null, `${at}${pointerOf(...schemaPath)}`),
  );
  const views = component.views;
  if (type === 'sidepanel') {
    if (!Array.isArray(views) || views.length === 0)
      problems.push({ pointer: `${at}/views`, message: RULE_MESSAGES.view });
    else
      views.forEach((view, index) => {
        if (typeof view === 'string' && !isKnownView(view))
          problems.push({ pointer: `${at}/views/${index}`, message: `unknown view key "${view}"` });
      });
  } else if (type === 'fullscreen' && Array.isArray(views) && views.length > 0) {
    problems.push({ pointer: `${at}/views`, message: 'a full-screen component has no views' });
  }
  return problems;
}

/** A full-screen component drops its views (spec 2 §5); a side panel keeps them. */
export function normalizeComponent<T extends { type?: unknown; views?: unknown }>(component: T): T {
  if (component.type !== 'fullscreen' || !('views' in component)) return component;
  const { views: _dropped, ...rest } = component;
  return rest as T;
}

/** Post-installation instructions as the form and the manifest hold them. */
export interface PostInstallation {
  notes?: string | null;
  page?: { label?: string | null; url?: string | null } | null;
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** Notes, page label and page URL: all three or none (spec 2 §5); the URL must be http(s). */
export function postInstallationProblems(
  value: PostInstallation | null | undefined,
  at: string,
): RuleProblem[] {
  if (!isRecord(value)) return [];
  const page = isRecord(value.page) ? value.page : {};
  const fields = [
    { pointer: `${at}/notes`, value: value.notes },
    { pointer: `${at}/page/label`, value: page.label },
    { pointer: `${at}/page/url`, value: page.url },
  ];
  const given = fields.filter((f) => filled(f.value));
  const problems: RuleProblem[] =
    given.length === 0 || given.length === 3
      ? []
      : fields
          .filter((f) => !filled(f.value))
          .map((f) => ({ pointer: f.pointer, message: RULE_MESSAGES.required }));
  if (filled(page.url) && !isComponentUrl(page.url))
    problems.push({ pointer: `${at}/page/url`, message: RULE_MESSAGES.url });
  return problems;
}

/** Whether post-installation instructions are complete (notes, page label and page URL all given). */
export function isCompletePostInstallation(value: PostInstallation | null | undefined): boolean {
  return (
    isRecord(value) &&
    filled(value.notes) &&
    isRecord(value.page) &&
    filled(value.page.label) &&
    filled(value.page.url)
  );
}

/** Instructions as saved: trimmed, an empty page removed, nothing at all when everything is empty. */
export function cleanPostInstallation(
  value: PostInstallation | null | undefined,
): { notes: string; page?: { label: string; url: string } } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const page = value.page && typeof value.page === 'object' ? value.page : {};
  const notes = typeof value.notes === 'string' ? value.notes.trim() : '';
  const label = typeof page.label === 'string' ? page.label.trim() : '';
  const url = typeof page.url === 'string' ? page.url.trim() : '';
  if (!notes && !label && !url) return undefined;
  return label || url ? { notes, page: { label, url } } : { notes };
}

/** Permission problems: unknown tools and levels a tool does not offer (its disabled_uals). */
export function permissionsProblems(permissions: unknown, at: string): RuleProblem[] {
  if (!isRecord(permissions)) return [];
  const problems: RuleProblem[] = [];
  for (const scope of ['company', 'project'] as PermissionScope[]) {
    const tools = permissions[scope];
    if (!isRecord(tools)) continue;
    for (const [name, level] of Object.entries(tools)) {
      if (typeof level !== 'string' || !(MANIFEST_PERMISSION_LEVELS as readonly string[]).includes(level))
        continue;
      const problem = permissionProblem(scope, name, level);
      if (problem) problems.push({ pointer: `${at}/${scope}/${pointerToken(name)}`, message: problem });
    }
  }
  return problems;
}

/** Whether a value is a plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The extra rules over a parsed manifest of a known schema version (the JSON Schema has passed or not;
 * these read defensively). `governmentCloud` refuses side panels.
 */
export function manifestRuleProblems(
  manifest: Record<string, unknown>,
  options: { governmentCloud?: boolean } = {},
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  problems.push(
    ...postInstallationProblems(
      manifest.post_installation_instruction as PostInstallation,
      '/post_installation_instruction',
    ),
  );
  if (String(manifest.schema_version).startsWith('3')) {
    const components = isRecord(manifest.components) ? manifest.components : {};
    const iframe = isRecord(components.iframe) ? components.iframe : {};
    const instances = Array.isArray(iframe.instances) ? iframe.instances : [];
    instances.forEach((instance, index) => {
      if (isRecord(instance))
        problems.push(
          ...componentProblems(instance, `/components/iframe/instances/${index}`, {
            urlField: 'iframe_src',
            governmentCloud: options.governmentCloud,
            schemaPath: ['configuration', 'schema'],
          }),
        );
    });
    return problems;
  }
  for (const type of ['fullscreen', 'sidepanel'] as const) {
    const component = manifest[type];
    if (isRecord(component))
      problems.push(
        ...componentProblems({ ...component, type }, `/${type}`, {
          governmentCloud: options.governmentCloud,
        }),
      );
  }
  problems.push(...permissionsProblems(manifest.permissions, '/permissions'));
  return problems;
}
