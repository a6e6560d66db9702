import type { TwoFactorSetup, TwoFactorStatus } from '@lintel/shared';
import { Alert, Badge, Button, Code, Group, Image, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format';
import { MutationErrorAlert } from '../../components/MutationErrorAlert';
import { notifySaved } from '../../components/notifySaved';
import { PageLoader } from '../../components/PageLoader';
import { PasswordInput } from '../../components/PasswordInput';
import { QueryErrorAlert } from '../../components/QueryErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { applyServerErrors } from '../../forms/serverErrors';
import { CodeInput } from './CodeInput';
import {
  useConfirmTotp,
  useDisableTotp,
  useRegenerateRecoveryCodes,
  useSetupTotp,
  useTwoFactorStatus,
} from './queries';
import { RecoveryCodes } from './RecoveryCodes';

/** The anchor the admin console sends administrators to (REQUIRE_ADMIN_2FA): /account#two-factor. */
export const TWO_FACTOR_ANCHOR = 'two-factor';

/** Scan the QR code (or type the key), then confirm with a first code. */
function SetupForm({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTotp();
  const form = useForm({ initialValues: { code: '' } });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        confirm.mutate(values.code.replace(/\s+/g, ''), {
          onSuccess: (answer) => onConfirmed(answer.recovery_codes),
          onError: (error) => applyServerErrors(form, error, t),
        }),
      )}
    >
      <Stack>
        <MutationErrorAlert error={confirm.error} form={form} title={t('account.twoFactor.setup.failed')} />
        <Text size="sm">{t('account.twoFactor.setup.scan')}</Text>
        <Image src={setup.qr_code_svg} alt={t('account.twoFactor.setup.qrAlt')} w={180} h={180} />
        <div>
          <Text size="sm" fw={500} id="two-factor-secret-label">
            {t('account.twoFactor.setup.secret')}
          </Text>
          <Code aria-labelledby="two-factor-secret-label" data-testid="two-factor-secret">
            {setup.secret}
          </Code>
        </div>
        <CodeInput
          label={t('account.twoFactor.setup.confirmLabel')}
          description={t('account.twoFactor.setup.confirmHint')}
          data-autofocus
          {...form.getInputProps('code')}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            {t('account.twoFactor.setup.confirm')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('account.twoFactor.setup.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RegenerateForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm({ initialValues: { code: '' } });
  return (
    <form
      noValidate
      aria-label={t('account.twoFactor.codes.regenerate')}
      onSubmit={form.onSubmit((values) =>
        regenerate.mutate(values.code.replace(/\s+/g, ''), {
          onSuccess: (answer) => {
            form.reset();
            onCodes(answer.recovery_codes);
          },
          onError: (error) => applyServerErrors(form, error, t),
        }),
      )}
    >
      <Stack gap="xs">
        <MutationErrorAlert
          error={regenerate.error}
          form={form}
          title={t('account.twoFactor.codes.regenerateFailed')}
        />
        <Text size="sm">{t('account.twoFactor.codes.regenerateHint')}</Text>
        <Group align="flex-end">
          <CodeInput {...form.getInputProps('code')} />
          <Button type="submit" variant="default" loading={regenerate.isPending}>
            {t('account.twoFactor.codes.regenerateSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableForm() {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const form = useForm({ initialValues: { current_password: '', code: '' } });
  return (
    <form
      noValidate
      aria-label={t('account.twoFactor.disable.submit')}
      onSubmit={form.onSubmit((values) =>
        disable.mutate(
          { current_password: values.current_password, code: values.code.replace(/\s+/g, '') },
          {
            onSuccess: () => notifySaved(t('account.twoFactor.disable.done')),
            onError: (error) => applyServerErrors(form, error, t),
          },
        ),
      )}
    >
      <Stack gap="xs">
        <MutationErrorAlert error={disable.error} form={form} title={t('account.twoFactor.disable.failed')} />
        <Text size="sm">{t('account.twoFactor.disable.hint')}</Text>
        <PasswordInput
          label={t('account.twoFactor.fields.currentPassword')}
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <CodeInput {...form.getInputProps('code')} />
        <Group>
          <Button type="submit" color="red" variant="light" loading={disable.isPending}>
            {t('account.twoFactor.disable.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Enabled({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<'none' | 'regenerate' | 'disable'>('none');
  return (
    <Stack>
      <Text size="sm">
        {t('account.twoFactor.section.enabledSince', { date: formatDateTime(status.totp_enabled_at) ?? '' })}{' '}
        {t('account.twoFactor.section.codesLeft', { count: status.recovery_codes_left })}
      </Text>
      <Group gap="xs">
        <Button
          variant={panel === 'regenerate' ? 'light' : 'default'}
          size="xs"
          aria-expanded={panel === 'regenerate'}
          onClick={() => setPanel(panel === 'regenerate' ? 'none' : 'regenerate')}
        >
          {t('account.twoFactor.codes.regenerate')}
        </Button>
        <Button
          variant={panel === 'disable' ? 'light' : 'default'}
          color="red"
          size="xs"
          aria-expanded={panel === 'disable'}
          onClick={() => setPanel(panel === 'disable' ? 'none' : 'disable')}
        >
          {t('account.twoFactor.disable.action')}
        </Button>
      </Group>
      {panel === 'regenerate' ? (
        <RegenerateForm
          onCodes={(codes) => {
            setPanel('none');
            onCodes(codes);
          }}
        />
      ) : null}
      {panel === 'disable' ? <DisableForm /> : null}
    </Stack>
  );
}

/** The account page's "Two-factor authentication" section (issue 23). */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const start = useSetupTotp();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const anchor = useRef<HTMLDivElement>(null);

  // Sent here by the admin console (/account#two-factor): bring the section into view.
  useEffect(() => {
    if (window.location.hash === `#${TWO_FACTOR_ANCHOR}`) anchor.current?.scrollIntoView?.();
  }, []);

  const enabled = status.data?.totp_enabled ?? false;
  return (
    <div id={TWO_FACTOR_ANCHOR} ref={anchor}>
      <SectionCard
        id="account-two-factor"
        size="h3"
        title={t('account.twoFactor.section.title')}
        description={t('account.twoFactor.section.description')}
        aside={
          status.data ? (
            <Badge color={enabled ? 'teal' : 'gray'} variant="light">
              {enabled ? t('account.twoFactor.section.on') : t('account.twoFactor.section.off')}
            </Badge>
          ) : undefined
        }
      >
        {status.isPending ? (
          <PageLoader />
        ) : status.isError ? (
          <QueryErrorAlert error={status.error} onRetry={() => void status.refetch()} />
        ) : (
          <Stack>
            {status.data.setup_required ? (
              <Alert color="orange" role="alert">
                {t('account.twoFactor.section.setupRequired')}
              </Alert>
            ) : null}
            {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
            {enabled ? (
              <Enabled status={status.data} onCodes={setCodes} />
            ) : pending ? (
              <SetupForm
                setup={pending}
                onCancel={() => setPending(null)}
                onConfirmed={(recovery) => {
                  setPending(null);
                  setCodes(recovery);
                }}
              />
            ) : (
              <Stack gap="xs" align="flex-start">
                <MutationErrorAlert error={start.error} title={t('account.twoFactor.setup.failed')} />
                <Button
                  loading={start.isPending}
                  onClick={() => start.mutate(undefined, { onSuccess: setPending })}
                >
                  {t('account.twoFactor.section.turnOn')}
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </SectionCard>
    </div>
  );
}
