import { useSession } from '../auth/queries';

/** The server's default SUPPORT_EMAIL, named only while the session (which carries the setting) loads. */
const DEFAULT_SUPPORT_EMAIL = 'api-support@lintel.dev';

/** The API support address (spec 2 §8): the server's SUPPORT_EMAIL, which arrives with the session. */
export function useSupportEmail(): string {
  return useSession().data?.support_email || DEFAULT_SUPPORT_EMAIL;
}
