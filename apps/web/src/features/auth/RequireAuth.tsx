import { Navigate, Outlet, useLocation } from 'react-router';
import { ForbiddenPage } from '../../components/ErrorPage';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { useSession } from './queries';
import { signInPath } from './redirect';

/** Protected routes: signed-out visitors go to /sign_in?redirect=<where they were going>. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageLoader />;
  if (session.isError)
    return <QueryErrorAlert error={session.error} onRetry={() => void session.refetch()} />;
  if (!session.data) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <Outlet />;
}

/** Admin-only routes: other signed-in users see a 403 page. */
export function RequireAdmin() {
  const session = useSession();
  if (!session.data?.user.is_admin) return <ForbiddenPage />;
  return <Outlet />;
}
