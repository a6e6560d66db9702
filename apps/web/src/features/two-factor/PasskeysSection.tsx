import type { Passkey } from '@lintel/shared';
import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/ConfirmModal';
import { formatDateTime } from '../../components/format';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { PageLoader } from '../../components/PageLoader';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { applyServerErrors } from '../../forms/serverErrors';
import { passkeysSupported, useAddPasskey, usePasskeys, useRemovePasskey } from './queries';

/** The browser's own refusal (cancelled, timed out, not allowed): not a server error. */
function isCeremonyAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError' || name === 'InvalidStateError';
}

function AddPasskeyForm() {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (value) => (value.trim() ? null : t('errors.detail.required')) },
  });
  return (
    <form
      noValidate
      aria-label={t('account.twoFactor.passkeys.add')}
      onSubmit={form.onSubmit((values) =>
        add.mutate(values.name.trim(), {
          onSuccess: () => {
            form.reset();
            notifySaved(t('account.twoFactor.passkeys.added_toast'));
          },
          onError: (error) => applyServerErrors(form, error, t),
        }),
      )}
    >
      <Stack gap="xs">
        {add.error && isCeremonyAbort(add.error) ? (
          <Alert color="yellow" role="alert">
            {t('account.twoFactor.passkeys.cancelled')}
          </Alert>
        ) : (
          <MutationErrorAlert error={add.error} form={form} title={t('account.twoFactor.passkeys.failed')} />
        )}
        <Group align="flex-end">
          <TextInput
            label={t('account.twoFactor.fields.passkeyName')}
            placeholder={t('account.twoFactor.passkeys.namePlaceholder')}
            maxLength={80}
            required
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={add.isPending}>
            {t('account.twoFactor.passkeys.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasskeyRows({ passkeys }: { passkeys: Passkey[] }) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  return (
    <>
      <MutationErrorAlert error={remove.error} />
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('account.twoFactor.passkeys.name')}</Table.Th>
            <Table.Th>{t('account.twoFactor.passkeys.added')}</Table.Th>
            <Table.Th>{t('account.twoFactor.passkeys.lastUsed')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passkeys.map((passkey) => (
            <Table.Tr key={passkey.id}>
              <Table.Td>{passkey.name}</Table.Td>
              <Table.Td>{formatDateTime(passkey.created_at)}</Table.Td>
              <Table.Td>
                {formatDateTime(passkey.last_used_at) ?? t('account.twoFactor.passkeys.never')}
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('account.twoFactor.passkeys.remove', { name: passkey.name })}
                  onClick={() => setRemoving(passkey)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmModal
        opened={removing !== null}
        title={t('account.twoFactor.passkeys.removeTitle')}
        message={t('account.twoFactor.passkeys.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('account.twoFactor.passkeys.removeConfirm')}
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </>
  );
}

/** The account page's "Passkeys" section (issue 23): name, list and remove passkeys. */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const supported = passkeysSupported();
  return (
    <SectionCard
      id="account-passkeys"
      size="h3"
      title={t('account.twoFactor.passkeys.title')}
      description={t('account.twoFactor.passkeys.description')}
    >
      {passkeys.isPending ? (
        <PageLoader />
      ) : passkeys.isError ? (
        <QueryErrorAlert error={passkeys.error} onRetry={() => void passkeys.refetch()} />
      ) : (
        <Stack>
          {passkeys.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('account.twoFactor.passkeys.empty')}
            </Text>
          ) : (
            <PasskeyRows passkeys={passkeys.data} />
          )}
          {supported ? (
            <AddPasskeyForm />
          ) : (
            <Text size="sm" c="dimmed">
              {t('account.twoFactor.passkeys.unsupported')}
            </Text>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
