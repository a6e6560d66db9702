import type { DeveloperAppSummary } from '@lintel/shared';
import type { Manifest, ManifestSummary } from '@lintel/shared/manifests';
import { PortalClient, portalUrl } from './client';
import { loadConfig, saveConfig } from './config';
import { CliError, EXIT, type ExitStatus } from './errors';
import { type Io, table } from './io';
import { formatErrors, type ManifestEnvironment, readManifest, validate } from './manifest';

const ENVIRONMENT_TYPE = { sandbox: 'Sandbox', production: 'ProductionEnvironment' } as const;

async function client(io: Io): Promise<PortalClient> {
  return new PortalClient(await loadConfig(io.env), io.fetch);
}

function json(io: Io, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}

/** Checks the URL and the token with one read of the portal, then saves them (0600). */
export async function login(io: Io, options: { url: string; token: string }): Promise<ExitStatus> {
  const config = { url: portalUrl(options.url), token: options.token };
  await new PortalClient(config, io.fetch).request('GET', '/api/v1/developer_apps?per_page=1');
  const file = await saveConfig(io.env, config);
  io.out(`Logged in to ${config.url}; the token is kept in ${file} (readable by you only).\n`);
  return EXIT.ok;
}

export async function appsList(io: Io, options: { json?: boolean }): Promise<ExitStatus> {
  const apps = await (await client(io)).list<DeveloperAppSummary>(
    '/api/v1/developer_apps',
    new URLSearchParams(),
  );
  if (options.json) {
    json(io, apps);
  } else if (apps.length === 0) {
    io.out('No apps yet.\n');
  } else {
    io.out(
      table(
        ['ID', 'NAME', 'ROLE', 'SANDBOX'],
        apps.map((app) => [
          String(app.id),
          app.name,
          app.current_user_role ?? '-',
          app.sandbox_status ?? '-',
        ]),
      ),
    );
  }
  return EXIT.ok;
}

export async function manifestValidate(
  io: Io,
  file: string,
  options: { json?: boolean; environment: ManifestEnvironment },
): Promise<ExitStatus> {
  const errors = validate(await readManifest(io.cwd, file), options.environment);
  if (options.json) json(io, { file, valid: errors.length === 0, errors });
  else if (errors.length === 0) io.out(`${file}: valid\n`);
  else io.out(formatErrors(file, errors));
  return errors.length === 0 ? EXIT.ok : EXIT.refused;
}

/** A new sandbox version from the file; checked offline first, so an invalid file never reaches the portal. */
export async function manifestPush(
  io: Io,
  file: string,
  options: { app: number; version: string; json?: boolean },
): Promise<ExitStatus> {
  const text = await readManifest(io.cwd, file);
  const errors = validate(text, 'sandbox');
  if (errors.length > 0) {
    io.err(formatErrors(file, errors));
    return EXIT.refused;
  }
  const { data } = await (await client(io)).request<Manifest>('POST', '/api/v1/app_versioned_manifests', {
    developer_app_id: options.app,
    environment_type: 'Sandbox',
    semantic_version: options.version,
    content: text,
  });
  if (options.json) json(io, data);
  else
    io.out(
      `Created sandbox version ${data.semantic_version} of app ${data.developer_app_id} (id ${data.id}).\n`,
    );
  return EXIT.ok;
}

async function versionsOf(
  portal: PortalClient,
  app: number,
  environment: ManifestEnvironment,
): Promise<(ManifestSummary & { environment: ManifestEnvironment })[]> {
  const query = new URLSearchParams({
    'filters[developer_app_id]': String(app),
    'filters[versionable_type]': ENVIRONMENT_TYPE[environment],
  });
  const versions = await portal.list<ManifestSummary>('/api/v1/manifests', query);
  return versions.map((version) => ({ ...version, environment }));
}

export async function versionsList(
  io: Io,
  options: { app: number; environment?: ManifestEnvironment; json?: boolean },
): Promise<ExitStatus> {
  const portal = await client(io);
  const environments: ManifestEnvironment[] = options.environment
    ? [options.environment]
    : ['sandbox', 'production'];
  const versions = [];
  for (const environment of environments)
    versions.push(...(await versionsOf(portal, options.app, environment)));
  if (options.json) {
    json(io, versions);
  } else if (versions.length === 0) {
    io.out(`App ${options.app} has no versions yet.\n`);
  } else {
    io.out(
      table(
        ['ID', 'VERSION', 'ENVIRONMENT', 'STATE', 'CREATED'],
        versions.map((v) => [String(v.id), v.semantic_version, v.environment, v.state, v.created_at]),
      ),
    );
  }
  return EXIT.ok;
}

async function findVersion(
  portal: PortalClient,
  app: number,
  environment: ManifestEnvironment,
  version: string,
): Promise<ManifestSummary> {
  const found = (await versionsOf(portal, app, environment)).find((v) => v.semantic_version === version);
  if (!found) throw new CliError(EXIT.refused, [`App ${app} has no ${environment} version ${version}.`]);
  return found;
}

export async function promote(
  io: Io,
  version: string,
  options: { app: number; notes: string; json?: boolean },
): Promise<ExitStatus> {
  const portal = await client(io);
  const source = await findVersion(portal, options.app, 'sandbox', version);
  const { data } = await portal.request<Manifest>('POST', '/api/v1/app_version_promotions', {
    developer_app_id: options.app,
    app_version_promotion: { source_app_version_id: source.id, changelog: options.notes },
  });
  if (options.json) json(io, data);
  else io.out(`Promoted ${version} to production (production version id ${data.id}, ${data.state}).\n`);
  return EXIT.ok;
}

export async function review(
  io: Io,
  action: 'submit' | 'withdraw',
  version: string,
  options: { app: number; notes?: string; json?: boolean },
): Promise<ExitStatus> {
  const portal = await client(io);
  const target = await findVersion(portal, options.app, 'production', version);
  const { data } = await portal.request<Manifest>('PATCH', `/api/v1/app_versions/${target.id}`, {
    app_version: {
      id: target.id,
      state: action === 'submit' ? 'in_review' : 'confidential',
      ...(options.notes === undefined ? {} : { developer_notes: options.notes }),
    },
  });
  if (options.json) json(io, data);
  else
    io.out(
      `${action === 'submit' ? 'Submitted' : 'Withdrew'} production version ${version} (${data.state}).\n`,
    );
  return EXIT.ok;
}
