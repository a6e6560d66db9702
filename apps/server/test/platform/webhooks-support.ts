import type { Runtime } from '../../src/runtime';
import { grant, platformDb, type SandboxApp } from './rest-support';

/** A REST call as a partner makes it (every method, DELETE with a body too). */
export function call(
  runtime: Runtime,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { token: string; company?: number | null; body?: unknown },
) {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}` };
  if (options.company !== undefined && options.company !== null)
    headers['platform-company-id'] = String(options.company);
  return runtime.app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

export const HOOKS = '/sandbox/rest/v1.0/webhooks/hooks';

/** The app may use the webhooks API, write projects and RFIs, and read and delete submittals. */
export function grantWebhooks(runtime: Runtime, app: SandboxApp, level = 'standard') {
  return grant(
    runtime,
    app.appId,
    { rfi: 'standard', submittals: 'standard' },
    { portfolio: 'standard', ...(level === 'none' ? {} : { webhooks: level }) },
  );
}

/** Another project of the company than `except`. */
export async function otherProjectId(runtime: Runtime, companyId: number, except: number): Promise<number> {
  const row = await platformDb(runtime)
    .selectFrom('platform_projects')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '<>', except)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function count(
  runtime: Runtime,
  table:
    | 'platform_webhook_hooks'
    | 'platform_webhook_triggers'
    | 'platform_webhook_deliveries'
    | 'platform_webhook_events',
): Promise<number> {
  const row = await platformDb(runtime)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
