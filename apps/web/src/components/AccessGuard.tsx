import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { ErrorPage, type ErrorPageProps, ForbiddenPage } from './ErrorPage';

/** The two answers that replace a whole page: the record is not there for you, or not yours to see. */
export type DeniedStatus = 403 | 404;

/** 404 for an id that cannot exist or a query that answered 404, 403 for one that answered 403, else null. */
export function deniedStatus(error: unknown, invalidId = false): DeniedStatus | null {
  if (invalidId) return 404;
  if (isApiError(error) && (error.status === 403 || error.status === 404)) return error.status;
  return null;
}

/** What a page says instead of the generic "Page not found" (its own title, a way back). */
export type NotFoundTexts = Partial<Pick<ErrorPageProps, 'title' | 'description' | 'action'>>;

export interface AccessDeniedPageProps {
  status: DeniedStatus;
  notFound?: NotFoundTexts;
}

/** The designed 404 or 403 page (spec: a record the actor may not see is a 404, one not theirs to do a 403). */
export function AccessDeniedPage({ status, notFound }: AccessDeniedPageProps) {
  const { t } = useTranslation();
  if (status === 403) return <ForbiddenPage />;
  return (
    <ErrorPage
      code="404"
      title={notFound?.title ?? t('errors.notFound.title')}
      description={notFound?.description ?? (notFound?.title ? undefined : t('errors.notFound.description'))}
      action={notFound?.action}
    />
  );
}

export interface GuardOptions {
  /** The route's id cannot name a record (`/apps/abc`): a 404 without asking the server. */
  invalidId?: boolean;
  notFound?: NotFoundTexts;
}

/**
 * The guard of a detail page: the designed 404/403 page when its query answered so (or its id is
 * invalid), else null. `const denied = guardAccess(query.error, {…}); if (denied) return denied;`
 */
export function guardAccess(
  error: unknown,
  { invalidId = false, notFound }: GuardOptions = {},
): ReactElement | null {
  const status = deniedStatus(error, invalidId);
  return status ? <AccessDeniedPage status={status} notFound={notFound} /> : null;
}
