import { AccessTokensSection } from './AccessTokensSection';
import { SessionsSection } from './SessionsSection';

/**
 * The account page's "Sessions" and "Personal access tokens" (issue 23), one lazy chunk: the account
 * page's own dependencies, which the entry chunk lists, stay as they were.
 */
export default function AccountAccessSections({ isAdmin }: { isAdmin: boolean }) {
  return (
    <>
      <SessionsSection />
      <AccessTokensSection isAdmin={isAdmin} />
    </>
  );
}
