import {
  DEVELOPER_APP_LIMITS,
  OOB_REDIRECT_URI,
  parseRedirectUris,
  type RedirectUriProblem,
} from '@lintel/shared';
import { Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { notifySaved } from '../../../components/notifySaved';
import { SubmitRow } from '../../../components/SubmitRow';
import { applyServerErrors } from '../../../forms/serverErrors';

/** Where the field sits in its request body, which is also where the server's details point. */
export type RedirectUrisField = 'sandbox.redirect_uri' | 'developer_app.redirect_uri';

export interface RedirectUrisFormProps {
  /** The saved value, one URI per line. */
  value: string;
  field: RedirectUrisField;
  editable: boolean;
  saving: boolean;
  error: unknown;
  /** Saves the new value; its failure is shown on the field (details) or in the alert. */
  onSave: (value: string) => Promise<unknown>;
  label: string;
}

type Values = Record<string, { redirect_uri: string }>;

const valuesOf = (field: RedirectUrisField, value: string): Values => ({
  [field.split('.')[0] as string]: { redirect_uri: value },
});

const textOf = (field: RedirectUrisField, values: Values) =>
  values[field.split('.')[0] as string]?.redirect_uri ?? '';

function problemText(t: TFunction, problem: RedirectUriProblem): string {
  const message = t(`developerApps.redirectUris.reasons.${problem.reason}`, {
    max: problem.reason === 'too_many' ? DEVELOPER_APP_LIMITS.redirectUris : DEVELOPER_APP_LIMITS.redirectUri,
    scheme: problem.value.slice(0, problem.value.indexOf(':') + 1),
  });
  return problem.line > 0
    ? t('developerApps.redirectUris.lineProblem', { line: problem.line, message })
    : message;
}

/** Redirect URIs, one per line, checked line by line as they are typed with the shared rules (spec 2 §5). */
export function RedirectUrisForm({
  value,
  field,
  editable,
  saving,
  error,
  onSave,
  label,
}: RedirectUrisFormProps) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: valuesOf(field, value),
    validateInputOnChange: true,
    validate: (values) => {
      const problems = parseRedirectUris(textOf(field, values)).problems;
      if (problems.length === 0) return {};
      return {
        [field]: problems.map((problem) => (
          // Mantine renders the error inside a <p>: one block-level span per problem line.
          <span key={`${problem.line}:${problem.reason}`} style={{ display: 'block' }}>
            {problemText(t, problem)}
          </span>
        )),
      };
    },
  });
  // A new saved value (after a save or a refetch) replaces the text unless it is being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the saved value only
  useEffect(() => {
    if (form.isDirty()) return;
    form.setValues(valuesOf(field, value));
    form.resetDirty(valuesOf(field, value));
  }, [value]);

  const draft = textOf(field, form.getValues()).trim();
  const modified = draft !== value.trim();
  const invalid = parseRedirectUris(draft).problems.length > 0;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const text = textOf(field, values).trim();
        if (!editable || text === value.trim()) return;
        onSave(text).then(
          () => {
            form.resetDirty(valuesOf(field, text));
            notifySaved(t('developerApps.settings.saved'));
          },
          (failure: unknown) => applyServerErrors(form, failure, t),
        );
      })}
    >
      <Stack gap="xs">
        <Textarea
          label={label}
          readOnly={!editable}
          autosize
          minRows={3}
          maxRows={10}
          spellCheck={false}
          // The rules, then any problem: both are announced with the field.
          description={t('developerApps.redirectUris.note', { oob: OOB_REDIRECT_URI })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps(field)}
          errorProps={{ 'data-testid': 'redirect-uri-errors' }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <MutationErrorAlert error={error} form={form} title={t('developerApps.errorOccurred')} />
        {editable ? (
          <SubmitRow disabled={!modified || invalid} loading={saving}>
            {t('common.save')}
          </SubmitRow>
        ) : null}
      </Stack>
    </form>
  );
}
