import { type AppPermissions, id as idSchema } from '@lintel/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index';
import type { DeveloperAppRow, UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import type { Guard } from '../../http/route';
import { requireUser } from '../../http/session';
import { type AppAccess, developerAppPolicy } from './policy';
import { developerAppRepository as repo } from './repository';

/** The app a request is about, with the actor's role and permissions on it. */
export interface AppContext extends AppAccess {
  app: DeveloperAppRow;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    appContext: AppContext | null;
  }
}

/**
 * Where a request names its app: a number, or undefined when the value is malformed (the contract's
 * validation then answers 422). A locator may throw 404 itself (a sandbox that does not exist).
 */
export type AppLocator = (request: FastifyRequest) => Promise<number | undefined> | number | undefined;

/** A permission of spec 2 §6, or a policy function of the access and the request. */
export type AppRequirement = keyof AppPermissions | ((access: AppAccess, request: FastifyRequest) => boolean);

export type AppScope = (locate: AppLocator, need?: AppRequirement) => Guard;

function parseId(value: unknown): number | undefined {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const field = (source: unknown, name: string): unknown =>
  typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[name] : undefined;

/** The app of `/…/:id`. */
export const appFromParams: AppLocator = (request) => parseId(field(request.params, 'id'));
/** The app of `?developer_app_id=…`. */
export const appFromQuery: AppLocator = (request) => parseId(field(request.query, 'developer_app_id'));
/** The app of a body's `developer_app_id`. */
export const appFromBody: AppLocator = (request) => parseId(field(request.body, 'developer_app_id'));

/**
 * The one app-scope check (issue 7 "One module shape"): the actor may see this app, else 404; may do
 * this, else 403. It runs before validation; the handler reads the result with appContextOf.
 */
export function createAppScope(app: FastifyInstance, db: Db): AppScope {
  app.decorateRequest('appContext', null);
  return (locate, need) => async (request) => {
    const user = requireUser(request);
    const appId = await locate(request);
    if (appId === undefined) return;
    const context = await loadAppContext(db, user, appId);
    if (need && !(typeof need === 'function' ? need(context, request) : context.permissions[need])) {
      throw errors.forbidden();
    }
    request.appContext = context;
  };
}

/** The app as `user` may see it on the developer routes, else 404. */
export async function loadAppContext(db: Db, user: UserRow, appId: number): Promise<AppContext> {
  const app = await repo.find(db, appId);
  const role = app ? await repo.roleOf(db, appId, user.id) : null;
  if (!app || !developerAppPolicy.canSee(user, app, role)) throw errors.notFound('App');
  return { app, user, ...developerAppPolicy.access(user, role) };
}

/** The context the route's app scope loaded. */
export function appContextOf(request: FastifyRequest): AppContext {
  if (!request.appContext) throw new Error(`${request.method} ${request.url} has no app scope`);
  return request.appContext;
}
