import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { isApiError } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { useTwoFactorStatus } from './queries';
import { TWO_FACTOR_ANCHOR } from './TwoFactorSection';

const SETUP_PATH = `/account#${TWO_FACTOR_ANCHOR}`;

/**
 * REQUIRE_ADMIN_2FA: an administrator without a second factor is sent to the account page's two-factor
 * section before any admin screen (the server refuses their admin calls with two_factor_setup_required).
 */
export function AdminTwoFactorGate({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  if (status.isPending) return <PageLoader />;
  if (status.data?.setup_required) return <Navigate to={SETUP_PATH} replace />;
  if (isApiError(status.error) && status.error.code === 'two_factor_setup_required') {
    return (
      <Container size="sm" py="md">
        <Alert color="orange" title={t('account.twoFactor.gate.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('account.twoFactor.gate.body')}</Text>
            <Button component={Link} to={SETUP_PATH} size="xs">
              {t('account.twoFactor.gate.go')}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  // The status could not be read: the page itself answers (the server enforces the rule anyway).
  return <>{children}</>;
}

/** `Page` behind the gate. */
export function gated<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function Gated(props: P) {
    return (
      <AdminTwoFactorGate>
        <Page {...props} />
      </AdminTwoFactorGate>
    );
  }
  Gated.displayName = `Gated(${Page.displayName ?? Page.name})`;
  return Gated;
}
