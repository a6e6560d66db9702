import {
  type CreatedPersonalAccessToken,
  expiryAfterDays,
  grantableScopes,
  TOKEN_EXPIRY_PRESETS,
  TOKEN_LIMITS,
  type TokenScope,
} from '@lintel/shared';
import { Alert, Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { useCreateAccessToken } from './queries';

type Expiry = `${(typeof TOKEN_EXPIRY_PRESETS)[number]}` | 'date' | 'none';

interface Values {
  name: string;
  expiry: Expiry;
  date: string;
  scopes: TokenScope[];
}

export interface CreateTokenFormProps {
  isAdmin: boolean;
  onCreated: (token: CreatedPersonalAccessToken) => void;
  onCancel: () => void;
}

/** The form of a new token: its name, when it expires (30/60/90 days, a date, or never) and its scopes. */
export function CreateTokenForm({ isAdmin, onCreated, onCancel }: CreateTokenFormProps) {
  const { t } = useTranslation();
  const create = useCreateAccessToken();
  const scopes = grantableScopes({ is_admin: isAdmin });
  const form = useForm<Values>({
    initialValues: { name: '', expiry: '30', date: '', scopes: [] },
    validate: {
      name: (value) =>
        value.trim() === ''
          ? t('validation.required')
          : value.trim().length > TOKEN_LIMITS.name
            ? t('validation.tooLong', { max: TOKEN_LIMITS.name })
            : null,
      date: (value, values) => {
        if (values.expiry !== 'date') return null;
        if (!value) return t('accessTokens.validation.dateRequired');
        return dayjs(value).isAfter(dayjs(), 'day') ? null : t('accessTokens.validation.dateInPast');
      },
      scopes: (value) => (value.length === 0 ? t('accessTokens.tokens.scopesHint') : null),
    },
  });
  const expiry = form.getValues().expiry;

  const expiresAt = (values: Values): string | null => {
    if (values.expiry === 'none') return null;
    if (values.expiry === 'date') return values.date;
    return expiryAfterDays(Number(values.expiry)).toISOString();
  };

  return (
    <form
      noValidate
      aria-label={t('accessTokens.tokens.createTitle')}
      onSubmit={form.onSubmit((values) =>
        create.mutate(
          {
            personal_access_token: {
              name: values.name.trim(),
              expires_at: expiresAt(values),
              scopes: values.scopes,
            },
          },
          { onSuccess: (created) => onCreated(created) },
        ),
      )}
    >
      <Stack>
        <MutationErrorAlert error={create.error} title={t('accessTokens.tokens.createFailed')} />
        <TextInput
          label={t('accessTokens.tokens.name')}
          description={t('accessTokens.tokens.nameHint')}
          required
          maxLength={TOKEN_LIMITS.name}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Select
          label={t('accessTokens.tokens.expiry')}
          allowDeselect={false}
          data={[
            ...TOKEN_EXPIRY_PRESETS.map((days) => ({
              value: String(days),
              label: t('accessTokens.tokens.expiryDays', { count: days }),
            })),
            { value: 'date', label: t('accessTokens.tokens.expiryDate') },
            { value: 'none', label: t('accessTokens.tokens.expiryNone') },
          ]}
          {...form.getInputProps('expiry')}
        />
        {expiry === 'date' ? (
          <TextInput
            type="date"
            label={t('accessTokens.tokens.expiryDateLabel')}
            required
            min={dayjs().add(1, 'day').format('YYYY-MM-DD')}
            {...form.getInputProps('date')}
          />
        ) : null}
        {expiry === 'none' ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={16} aria-hidden />} role="note">
            {t('accessTokens.tokens.noExpiryWarning')}
          </Alert>
        ) : null}
        <Checkbox.Group
          label={t('accessTokens.tokens.scopes')}
          description={t('accessTokens.tokens.scopesHint')}
          required
          {...form.getInputProps('scopes')}
        >
          <Stack gap="xs" mt="xs">
            {scopes.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={`${t(`accessTokens.tokens.scope.${scope}`)} (${scope})`}
                description={t(`accessTokens.tokens.scopeHint.${scope}`)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('accessTokens.tokens.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('accessTokens.tokens.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
