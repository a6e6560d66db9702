import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { AccountAccessSlot } from '../access-tokens/LazySections';
import { FormExperienceSetting } from '../manifests/optIn/FormExperienceSetting';
import { AccountSectionsSlot } from '../two-factor/AccountSectionsSlot';
import { AccountSettingsForm } from './AccountSettingsForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { useAccount } from './queries';

export function AccountPage() {
  const { t } = useTranslation();
  const account = useAccount();

  return (
    <Container size="sm" py="md">
      <Title order={1} mb="lg">
        {t('account.title')}
      </Title>
      {account.isPending ? (
        <PageLoader />
      ) : account.isError ? (
        <QueryErrorAlert error={account.error} onRetry={() => void account.refetch()} />
      ) : (
        <Stack gap="lg">
          <AccountSettingsForm key={account.data.id} user={account.data} />
          <ChangePasswordForm />
          <FormExperienceSetting />
          {/* The sign-in security sections load on their own, after the page: last, so nothing the user
              is about to click moves down when they arrive. */}
          <AccountAccessSlot isAdmin={account.data.is_admin} />
          <AccountSectionsSlot />
        </Stack>
      )}
    </Container>
  );
}

export default AccountPage;
