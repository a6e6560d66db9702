import { useSession } from '../auth/queries';
import { ReferenceScreen } from './ReferenceScreen';

/** The /reference/* route: mounts the reference screen with the session's flags (spec 1 §1). */
export function ReferenceRoute() {
  const user = useSession().data?.user ?? null;
  return (
    <ReferenceScreen
      isAdmin={user?.is_admin ?? false}
      isEmployee={user?.is_employee ?? false}
      isSignedIn={user !== null}
      branch={import.meta.env.VITE_REFERENCE_BRANCH}
      devApiUrl={import.meta.env.VITE_DEV_API_URL}
    />
  );
}

export default ReferenceRoute;
