import { PasskeysSection } from './PasskeysSection';
import { TwoFactorSection } from './TwoFactorSection';

/** The account page's second-factor sections: two-factor authentication, then passkeys. */
export default function AccountSections() {
  return (
    <>
      <TwoFactorSection />
      <PasskeysSection />
    </>
  );
}
