import {
  cleanPostInstallation,
  componentProblems,
  isCompletePostInstallation,
  isRecord,
  normalizeComponent,
  type PostInstallation,
  permissionsProblems,
  postInstallationProblems,
  type RuleProblem,
} from './rules';
import type { ConfiguredComponent, ConfiguredManifestInput } from './types';

// configured_manifest_content (the builder's form, spec 2 §3) ⇄ manifest content (schema 4.1), and the
// builder's own rules. Pointers of form problems use the form's field names, which are 4.1's.

type Levels = Record<string, 'readonly' | 'standard' | 'admin'>;

function nonEmpty(levels: Levels | null | undefined): Levels | undefined {
  return levels && Object.keys(levels).length > 0 ? levels : undefined;
}

/** Whether the service-account permissions count: checked, or not said and some tool chosen. */
function permissionsOf(form: ConfiguredManifestInput): { company?: Levels; project?: Levels } | undefined {
  if (form.service_account_enabled === false || !form.permissions) return undefined;
  const company = nonEmpty(form.permissions.company);
  const project = nonEmpty(form.permissions.project);
  if (!company && !project) return undefined;
  return { ...(company ? { company } : {}), ...(project ? { project } : {}) };
}

/**
 * Manifest validity for saving (spec 2 §5): auth code enabled, or a full-screen or side-panel component,
 * or project or company permissions, or complete post-installation instructions.
 */
export function isValidForSaving(form: ConfiguredManifestInput | null | undefined): boolean {
  if (!form) return false;
  const permissions = permissionsOf(form);
  return Boolean(
    form.auth_code_enabled ||
      form.fullscreen ||
      form.sidepanel ||
      permissions?.project ||
      permissions?.company ||
      isCompletePostInstallation(form.post_installation_instruction as PostInstallation),
  );
}

/**
 * Every rule of the builder's form (spec 2 §5): components (type, URL, views), post-installation all or
 * none, permission levels each tool allows; plus 'Please fill in the required fields…' when nothing would
 * be saved (pointer '').
 */
export function configuredProblems(
  form: ConfiguredManifestInput,
  options: { governmentCloud?: boolean } = {},
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (!isValidForSaving(form))
    problems.push({
      pointer: '',
      message: 'Please fill in the required fields below before creating a version.',
    });
  for (const slot of ['sidepanel', 'fullscreen'] as const) {
    const component = form[slot];
    if (!component) continue;
    if (component.type !== slot)
      problems.push({ pointer: `/${slot}/type`, message: `must be ${slot} in the ${slot} slot` });
    else problems.push(...componentProblems(component as Record<string, unknown>, `/${slot}`, options));
  }
  problems.push(
    ...postInstallationProblems(
      form.post_installation_instruction as PostInstallation,
      '/post_installation_instruction',
    ),
  );
  if (form.service_account_enabled !== false)
    problems.push(...permissionsProblems(form.permissions, '/permissions'));
  return problems;
}

function componentContent(
  component: ConfiguredComponent | ConfiguredManifestInput['sidepanel'],
  uuid: () => string,
) {
  if (!component) return undefined;
  const normalized = normalizeComponent(component);
  const properties = normalized.user_configuration?.schema?.properties ?? {};
  const out: Record<string, unknown> = {
    uuid: normalized.uuid || uuid(),
    source_url: normalized.source_url.trim(),
  };
  if (normalized.description?.trim()) out.description = normalized.description.trim();
  if (normalized.type === 'sidepanel') out.views = [...(normalized.views ?? [])];
  if (Object.keys(properties).length > 0) {
    out.user_configuration = {
      schema: {
        type: 'object',
        required: (normalized.user_configuration?.schema?.required ?? []).filter((k) => k in properties),
        properties: Object.fromEntries(
          Object.entries(properties).map(([key, p]) => [
            key,
            {
              name: p.name,
              type: 'string',
              description: p.description,
              ...(p.support_link ? { support_link: p.support_link } : {}),
            },
          ]),
        ),
      },
    };
  }
  return out;
}

/**
 * The schema-4.1 manifest of a form: `app_manifest` from the app, components without their `type`, a
 * full-screen component without views, permissions only with the service account, empty parts left out.
 */
export function toManifestContent(
  form: ConfiguredManifestInput,
  app: { uid: string; name: string },
  uuid: () => string = () => crypto.randomUUID(),
): Record<string, unknown> {
  const content: Record<string, unknown> = {
    schema_version: '4.1',
    app_manifest: { uid: app.uid, name: app.name },
  };
  const instructions = cleanPostInstallation(form.post_installation_instruction as PostInstallation);
  if (instructions) content.post_installation_instruction = instructions;
  const fullscreen = componentContent(form.fullscreen, uuid);
  if (fullscreen) content.fullscreen = fullscreen;
  const sidepanel = componentContent(form.sidepanel, uuid);
  if (sidepanel) content.sidepanel = sidepanel;
  const permissions = permissionsOf(form);
  if (permissions) content.permissions = permissions;
  return content;
}

/** The outcome of reading a manifest into the builder's form. */
export type BuilderReading =
  | { ok: true; configured: ConfiguredManifestInput }
  | { ok: false; reason: string };

function parametersAreStrings(schema: unknown): boolean {
  if (!isRecord(schema)) return true;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.values(properties).every((p) => isRecord(p) && (p.type === undefined || p.type === 'string'));
}

function formComponent(
  type: 'sidepanel' | 'fullscreen',
  source: Record<string, unknown>,
  url: unknown,
  schema: unknown,
): ConfiguredComponent {
  const component: Record<string, unknown> = { type, source_url: typeof url === 'string' ? url : '' };
  if (typeof source.uuid === 'string') component.uuid = source.uuid;
  if (typeof source.description === 'string') component.description = source.description;
  if (type === 'sidepanel')
    component.views = Array.isArray(source.views) ? source.views.filter((v) => typeof v === 'string') : [];
  if (isRecord(schema) && isRecord(schema.properties) && Object.keys(schema.properties).length > 0) {
    component.user_configuration = {
      schema: {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(schema.properties).map(([key, p]) => {
            const param = isRecord(p) ? p : {};
            return [
              key,
              {
                name: typeof param.name === 'string' ? param.name : '',
                type: 'string',
                description: typeof param.description === 'string' ? param.description : '',
                ...(isRecord(param.support_link) ? { support_link: param.support_link } : {}),
              },
            ];
          }),
        ),
        required: Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === 'string') : [],
      },
    };
  }
  return component as ConfiguredComponent;
}

/**
 * Reads a manifest into the builder's form, or says why the builder cannot show it (reference
 * "Components in the form-based builder": e.g. a 3.x manifest with two side panels, or a parameter that is
 * not a string). `authCodeEnabled` is the user-level authentication declared beside a 4.1 document
 * (authenticationOf: the content decides wherever it speaks).
 */
export function fromManifestContent(content: unknown, authCodeEnabled = false): BuilderReading {
  if (!isRecord(content)) return { ok: false, reason: 'the manifest is not a JSON object' };
  const version = content.schema_version;
  const form: ConfiguredManifestInput = {};
  if (isRecord(content.post_installation_instruction)) {
    const p = content.post_installation_instruction;
    const page = isRecord(p.page) ? p.page : undefined;
    form.post_installation_instruction = {
      notes: typeof p.notes === 'string' ? p.notes : '',
      page: {
        label: typeof page?.label === 'string' ? page.label : '',
        url: typeof page?.url === 'string' ? page.url : '',
      },
    };
  }
  if (version === '4.1') {
    for (const type of ['fullscreen', 'sidepanel'] as const) {
      const c = content[type];
      if (!isRecord(c)) continue;
      const schema = isRecord(c.user_configuration) ? c.user_configuration.schema : undefined;
      if (!parametersAreStrings(schema))
        return { ok: false, reason: `the ${type} has a parameter that is not a string` };
      form[type] = formComponent(type, c, c.source_url, schema);
    }
    const permissions = isRecord(content.permissions) ? content.permissions : {};
    const company = isRecord(permissions.company) ? (permissions.company as Levels) : {};
    const project = isRecord(permissions.project) ? (permissions.project as Levels) : {};
    form.permissions = { company, project };
    Object.assign(form, authenticationOf(content, authCodeEnabled));
    return { ok: true, configured: form };
  }
  if (typeof version === 'string' && /^3(\.\d+)?$/.test(version)) {
    const components = isRecord(content.components) ? content.components : {};
    const iframe =
      isRecord(components.iframe) && Array.isArray(components.iframe.instances)
        ? components.iframe.instances
        : [];
    for (const instance of iframe) {
      if (!isRecord(instance) || (instance.type !== 'sidepanel' && instance.type !== 'fullscreen'))
        return { ok: false, reason: 'an iframe component has no known type' };
      if (form[instance.type])
        return { ok: false, reason: `the manifest has more than one ${instance.type} component` };
      const schema = isRecord(instance.configuration) ? instance.configuration.schema : undefined;
      if (!parametersAreStrings(schema))
        return { ok: false, reason: `the ${instance.type} has a parameter that is not a string` };
      form[instance.type] = formComponent(instance.type, instance, instance.iframe_src, schema);
    }
    Object.assign(form, authenticationOf(content, authCodeEnabled));
    form.permissions = { company: {}, project: {} };
    return { ok: true, configured: form };
  }
  return { ok: false, reason: `schema version ${JSON.stringify(version)} is not one the builder knows` };
}

/** Whether the builder can show this manifest (else the "not available" modal, spec 2 §2). */
export function canShowInBuilder(content: unknown): boolean {
  return fromManifestContent(content).ok;
}

/** The authentication a version has: "User Level Authentication" and "Service Account Authentication". */
export interface ManifestAuthentication {
  auth_code_enabled: boolean;
  service_account_enabled: boolean;
}

function oauthGrants(content: Record<string, unknown>): unknown[] {
  const components = isRecord(content.components) ? content.components : {};
  const oauth = components.oauth;
  if (!isRecord(oauth) || !Array.isArray(oauth.instances)) return [];
  return oauth.instances.filter(isRecord).map((i) => i.grant_type);
}

function grantsPermissions(content: Record<string, unknown>): boolean {
  const permissions = isRecord(content.permissions) ? content.permissions : {};
  return (['company', 'project'] as const).some(
    (scope) => isRecord(permissions[scope]) && Object.keys(permissions[scope]).length > 0,
  );
}

/**
 * The authentication of a manifest, the one rule behind the stored flags, the builder and the diff
 * (reference "Components in the form-based builder"): a service account always comes on top of user-level
 * authentication. 3.x says both with its oauth instances (`client_credentials` is the service account,
 * `authorization_code` user level). 4.1 has no oauth instances: its service account is its permissions,
 * and user-level authentication without one is not written in the document (one set of credentials serves
 * every grant type), so there — and only there — `declaredAuthCode` (the builder's checkbox, the editor's)
 * decides. Whatever is declared, the content wins wherever it speaks.
 */
export function authenticationOf(content: unknown, declaredAuthCode = false): ManifestAuthentication {
  if (!isRecord(content)) return { auth_code_enabled: declaredAuthCode, service_account_enabled: false };
  const version = content.schema_version;
  if (typeof version === 'string' && /^3(\.\d+)?$/.test(version)) {
    const grants = oauthGrants(content);
    const serviceAccount = grants.includes('client_credentials');
    return {
      auth_code_enabled: serviceAccount || grants.includes('authorization_code'),
      service_account_enabled: serviceAccount,
    };
  }
  const serviceAccount = grantsPermissions(content);
  return { auth_code_enabled: serviceAccount || declaredAuthCode, service_account_enabled: serviceAccount };
}

/** Whether a manifest has user-level (authorization-code) authentication: see authenticationOf. */
export function authCodeEnabledOf(content: unknown, declaredAuthCode = false): boolean {
  return authenticationOf(content, declaredAuthCode).auth_code_enabled;
}
