import type { PersonalAccessToken } from '@lintel/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';

export interface RevokeTokenModalProps {
  token: PersonalAccessToken | null;
  loading: boolean;
  onConfirm: (token: PersonalAccessToken) => void;
  onCancel: () => void;
}

/** Asks before revoking a token: whatever uses it stops at once. */
export function RevokeTokenModal({ token, loading, onConfirm, onCancel }: RevokeTokenModalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={token !== null}
      title={t('accessTokens.tokens.revokeTitle')}
      message={token ? t('accessTokens.tokens.revokeMessage', { name: token.name }) : ''}
      confirmLabel={t('accessTokens.tokens.revoke')}
      danger
      loading={loading}
      onCancel={onCancel}
      onConfirm={() => {
        if (token) onConfirm(token);
      }}
    />
  );
}
