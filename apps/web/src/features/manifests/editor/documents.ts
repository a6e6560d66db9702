// Pure edits of the manifest text in the JSON editor: templates, snippets and the permission builder
// (spec 2 §2 "Manifest editor modal"). The server validates the result; these only write JSON.

export type TemplateFamily = '3' | '4.1';
export type SnippetKind = 'oauth' | 'iframe' | 'fullscreen' | 'sidepanel';
export type Levels = Record<string, string>;
export interface ScopedLevels {
  company: Levels;
  project: Levels;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The editor's way of writing JSON: two spaces, as the templates read. */
export const formatJson = (value: unknown): string => JSON.stringify(value, null, 2);

/** The text as a JSON object, or null when it is not one (empty, invalid, an array). */
export function parseObject(text: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The schema family a text declares ('3' for any 3.x), or null when it does not say. */
export function familyOf(text: string): TemplateFamily | null {
  const version = parseObject(text)?.schema_version;
  if (typeof version !== 'string') return null;
  if (version === '4.1') return '4.1';
  return /^3(\.\d+)?$/.test(version) ? '3' : null;
}

/** Whether the editor already holds a manifest a snippet goes into (the `has_existing_manifest` query). */
export const hasExistingManifest = (text: string): boolean => parseObject(text) !== null;

/**
 * The text with a snippet of the server's added: 4.1 snippets are top-level members, merged in; a 3.x
 * snippet for an existing manifest is one instance, appended to components.oauth or components.iframe;
 * otherwise the snippet is a whole manifest and replaces an empty editor. Null when the current text is
 * not a JSON object the snippet can go into.
 */
export function applySnippet(
  text: string,
  family: TemplateFamily,
  kind: SnippetKind,
  snippet: JsonObject,
): string | null {
  const current = parseObject(text);
  if (!current) return text.trim() === '' ? formatJson(snippet) : null;
  if (family === '4.1') return formatJson({ ...current, ...snippet });
  const component = kind === 'oauth' ? 'oauth' : 'iframe';
  const components = isObject(current.components) ? { ...current.components } : {};
  const holder = isObject(components[component]) ? { ...(components[component] as JsonObject) } : {};
  const instances = Array.isArray(holder.instances) ? [...holder.instances] : [];
  instances.push(snippet);
  components[component] = { ...holder, instances };
  return formatJson({ ...current, components });
}

/**
 * The snippets that apply to a schema family: 4.1 has no oauth instances and no iframe wrapper, so only
 * its full-screen and side-panel members are offered (issue 20 polish).
 */
export function snippetsFor(family: TemplateFamily): SnippetKind[] {
  return family === '4.1' ? ['fullscreen', 'sidepanel'] : ['oauth', 'iframe', 'fullscreen', 'sidepanel'];
}

/**
 * The members of the text a snippet would replace (a 4.1 snippet's top-level keys the manifest already
 * has, with something in them), so the editor can ask first. A 3.x snippet appends an instance and an
 * empty editor has nothing to lose: none.
 */
export function snippetOverwrites(text: string, family: TemplateFamily, snippet: JsonObject): string[] {
  if (family !== '4.1') return [];
  const current = parseObject(text);
  if (!current) return [];
  return Object.keys(snippet).filter((key) => {
    const value = current[key];
    return value !== undefined && value !== null && !(isObject(value) && Object.keys(value).length === 0);
  });
}

/** The permissions a manifest text grants, for the permission builder; null when they cannot be read. */
export function permissionsOf(text: string): ScopedLevels | null {
  if (text.trim() === '') return { company: {}, project: {} };
  const current = parseObject(text);
  if (!current) return null;
  const permissions = current.permissions;
  if (permissions === undefined) return { company: {}, project: {} };
  if (!isObject(permissions)) return null;
  const scope = (value: unknown): Levels | null => {
    if (value === undefined) return {};
    if (!isObject(value)) return null;
    const levels: Levels = {};
    for (const [tool, level] of Object.entries(value)) {
      if (typeof level !== 'string') return null;
      levels[tool] = level;
    }
    return levels;
  };
  const company = scope(permissions.company);
  const project = scope(permissions.project);
  return company && project ? { company, project } : null;
}

/** The text with its permissions replaced by the builder's (a scope with no tool is left out). */
export function withPermissions(text: string, levels: ScopedLevels): string | null {
  const current = parseObject(text.trim() === '' ? '{}' : text);
  if (!current) return null;
  const permissions: JsonObject = {};
  if (Object.keys(levels.company).length > 0) permissions.company = levels.company;
  if (Object.keys(levels.project).length > 0) permissions.project = levels.project;
  const { permissions: _old, ...rest } = current;
  return formatJson(Object.keys(permissions).length > 0 ? { ...rest, permissions } : rest);
}

/**
 * Whether a manifest declares OAuth instances (schema 3.x `components.oauth.instances`): the first sandbox
 * version that does raises the first-OAuth banner (spec 2 §4 Promotion).
 */
export function hasOauthComponent(content: unknown): boolean {
  if (!isObject(content) || !isObject(content.components)) return false;
  const oauth = content.components.oauth;
  return isObject(oauth) && Array.isArray(oauth.instances) && oauth.instances.length > 0;
}
