import { OOB_REDIRECT_URI, parseRedirectUris } from '@lintel/shared';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { errorMessage } from '../../../api/formErrors';

export interface RedirectUrisFormProps {
  /** The saved value, one URI per line. */
  value: string;
  /** The API path of the field's errors, e.g. `developer_app.redirect_uri`. */
  errorPath: string;
  editable: boolean;
  saving: boolean;
  error: unknown;
  onSave: (value: string) => void;
  label: string;
}

/** Redirect URIs, one per line, checked line by line as they are typed (spec 2 §5). */
export function RedirectUrisForm({
  value,
  errorPath,
  editable,
  saving,
  error,
  onSave,
  label,
}: RedirectUrisFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [saved, setSaved] = useState(value);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const noteId = useId();
  const errorId = useId();
  // A new saved value (after a save or a refetch) replaces the draft.
  const [justSaved, setJustSaved] = useState(false);
  if (saved !== value) {
    setSaved(value);
    setDraft(value);
    // The new value came back from our own save: say so until the text is edited again.
    if (submitted !== null) {
      setJustSaved(true);
      setSubmitted(null);
    }
  }

  const { problems } = parseRedirectUris(draft);
  const modified = draft.trim() !== value.trim();
  const serverDetails = isApiError(error) ? error.details.filter((detail) => detail.path === errorPath) : [];
  // The server's messages describe what was sent; they go away once the text is edited again.
  const current = submitted !== null && draft.trim() === submitted;
  const otherError = current && Boolean(error) && serverDetails.length === 0;

  const messages = [
    ...problems.map((problem) =>
      problem.line > 0
        ? t('developerApps.redirectUris.lineProblem', { line: problem.line, message: problem.message })
        : problem.message,
    ),
    ...(current ? serverDetails.map((detail) => detail.message) : []),
  ];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!editable || !modified || problems.length > 0) return;
        setSubmitted(draft.trim());
        onSave(draft.trim());
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={label}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setJustSaved(false);
          }}
          readOnly={!editable}
          autosize
          minRows={3}
          maxRows={10}
          spellCheck={false}
          // The rules stay announced next to any error (Mantine would otherwise replace this id).
          aria-describedby={messages.length > 0 ? `${noteId} ${errorId}` : noteId}
          errorProps={{ id: errorId }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          error={
            messages.length > 0 ? (
              // Mantine renders the error inside a <p>: one block-level span per problem line.
              <span data-testid="redirect-uri-errors">
                {messages.map((message) => (
                  <span key={message} style={{ display: 'block' }}>
                    {message}
                  </span>
                ))}
              </span>
            ) : undefined
          }
        />
        <Text size="xs" c="dimmed" id={noteId}>
          {t('developerApps.redirectUris.note', { oob: OOB_REDIRECT_URI })}
        </Text>
        {justSaved ? (
          <Alert color="green" role="status">
            {t('developerApps.settings.saved')}
          </Alert>
        ) : null}
        {otherError ? (
          <Alert
            color="red"
            role="alert"
            icon={<IconAlertCircle aria-hidden />}
            title={t('developerApps.errorOccurred')}
          >
            {errorMessage(error, t('errors.generic'))}
          </Alert>
        ) : null}
        {editable ? (
          <Group justify="flex-end">
            <Button type="submit" disabled={!modified || problems.length > 0} loading={saving}>
              {t('common.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
