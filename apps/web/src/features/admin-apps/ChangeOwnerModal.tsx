import { changeOwnerRequest } from '@lintel/shared';
import { Alert, Autocomplete, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { applyServerErrors } from '../../forms/serverErrors';
import { zodResolver } from '../../forms/zodResolver';
import { useOwnerOptions } from '../admin-lists/queries';
import { useChangeOwner } from './queries';

/** The pause after typing before developers are looked up (shorter than a list filter's: it only suggests). */
const SUGGEST_DEBOUNCE_MS = 300;

interface ChangeOwnerModalProps {
  appId: number;
  /** The current owner, left out of the suggestions. */
  ownerId: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * Hands the app to another developer, found by e-mail (spec 1 §2, §6: flagged as dangerous). The
 * server refuses an unknown or unconfirmed developer on the field; the old owner becomes admin. As the
 * admin types, registered developers whose name or e-mail matches are suggested (the developers list's
 * search); a typed address that is not suggested may still be sent.
 */
export function ChangeOwnerModal({ appId, ownerId, opened, onClose }: ChangeOwnerModalProps) {
  const { t } = useTranslation();
  const change = useChangeOwner(appId);
  const form = useForm({
    initialValues: { owner: { email: '' } },
    validate: zodResolver(changeOwnerRequest, t),
  });
  const [typed] = useDebouncedValue(form.values.owner.email, SUGGEST_DEBOUNCE_MS);
  const developers = useOwnerOptions(opened ? typed : '');
  const suggestions = useMemo(
    () => (developers.data?.items ?? []).filter((developer) => developer.id !== ownerId),
    [developers.data, ownerId],
  );
  const nameOf = useMemo(
    () => new Map(suggestions.map((developer) => [developer.email, developer.name])),
    [suggestions],
  );
  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };
  const onSubmit = form.onSubmit((values) => {
    change.mutate(values.owner.email, {
      onSuccess: (app) => {
        notifySaved(t('adminApps.changeOwner.changed', { email: app.owner.email }));
        close();
      },
      onError: (error) => {
        applyServerErrors(form, error, t);
        // The server's refusal of the e-mail (unknown, unconfirmed, already the owner), in plain words.
        if (isApiError(error) && error.details.some((detail) => detail.path === 'owner.email'))
          form.setFieldError('owner.email', t('adminApps.changeOwner.unknownDeveloper'));
      },
    });
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('adminApps.changeOwner.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
            {t('adminApps.changeOwner.danger')}
          </Alert>
          <Autocomplete
            type="email"
            label={t('adminApps.changeOwner.email')}
            description={t('adminApps.changeOwner.emailHint')}
            required
            data-autofocus
            autoComplete="off"
            data={suggestions.map((developer) => developer.email)}
            // The server already matched what was typed (name or e-mail): show its answer as it is.
            filter={({ options }) => options}
            renderOption={({ option }) => (
              <Stack gap={0}>
                <Text size="sm">{option.value}</Text>
                {nameOf.get(option.value) ? (
                  <Text size="xs" c="dimmed">
                    {nameOf.get(option.value)}
                  </Text>
                ) : null}
              </Stack>
            )}
            {...form.getInputProps('owner.email')}
          />
          <MutationErrorAlert error={change.error} form={form} title={t('adminApps.couldNotSave')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={change.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={change.isPending}>
              {t('adminApps.changeOwner.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
