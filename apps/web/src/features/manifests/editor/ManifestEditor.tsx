import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Divider,
  Group,
  List,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { detailText } from '../../../api/errorText';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { MutationErrorAlert } from '../../../components/MutationErrorAlert';
import { copyWithToast } from '../copyToClipboard';
import {
  applySnippet,
  familyOf,
  formatJson,
  hasExistingManifest,
  permissionsOf,
  type ScopedLevels,
  type SnippetKind,
  snippetOverwrites,
  snippetsFor,
  type TemplateFamily,
  withPermissions,
} from './documents';
import { JsonCodeEditor } from './JsonCodeEditor';
import { PermissionBuilderModal, type PermissionCatalogue } from './PermissionBuilderModal';
import { useDebouncedValidation, type ValidationProblem } from './useDebouncedValidation';

/** The editor's own 'Copied' toast stays this long (spec 2 §8, §9: 1500 ms). */
export const EDITOR_COPIED_MS = 1500;
/** The spec's message for text that is not JSON, as the validation endpoint words it. */
export const INVALID_JSON = 'Invalid JSON, could not parse manifest';

const FAMILIES: TemplateFamily[] = ['4.1', '3'];
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

type JsonObject = Record<string, unknown>;

export interface ManifestEditorData {
  /** GET /api/v1/manifest_templates: the template of each family. */
  templates: Record<string, JsonObject> | undefined;
  /** GET /api/v1/manifest_templates/:version/snippets. */
  loadSnippets: (family: TemplateFamily, hasExisting: boolean) => Promise<Record<SnippetKind, JsonObject>>;
  /** GET /api/v1/manifest_permissions. */
  catalogue: PermissionCatalogue | undefined;
  /** POST /api/v1/manifest_validations: the errors of a text, [] when valid. */
  validate: (text: string) => Promise<ValidationProblem[]>;
  /**
   * POST /api/v1/app_versioned_manifests with the content and, for a 4.1 document, the user-level
   * authentication declared beside it (undefined for 3.x, whose oauth instances say it): rejects with the
   * API's error.
   */
  create: (semanticVersion: string, text: string, authCodeEnabled: boolean | undefined) => Promise<void>;
}

export interface CreateEditorProps extends ManifestEditorData {
  /** The suggested version (spec 2 §5: the last one's minor part raised, or 0.1.0). */
  suggestedVersion: string;
  /** canSetSemanticVersions: the version is the developer's to choose; otherwise the suggestion is used. */
  canSetSemanticVersions: boolean;
  /** canViewClientCredentials: the permission builder is offered. */
  canBuildPermissions: boolean;
  /** The text the editor starts from (empty, or the latest version's content to start a new one). */
  initialText: string;
  /** The user-level authentication of the version the text starts from (a 4.1 document cannot say it). */
  initialAuthCode?: boolean;
  onCancel: () => void;
}

/** One validation problem in the user's language where the spec words it, else the validator's words. */
function useProblemText() {
  const { t } = useTranslation();
  return useCallback(
    (problem: ValidationProblem) =>
      problem.message === INVALID_JSON ? t('classicManifests.editor.invalidJson') : problem.message,
    [t],
  );
}

/** The errors as the document has them: by line and column (the server sends them so; this keeps it). */
function inTextOrder(problems: readonly ValidationProblem[]): ValidationProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The validation state under the editor: what is being checked, the list of content violations. */
function ValidationReport({ state }: { state: ReturnType<typeof useDebouncedValidation> }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [open, setOpen] = useState(false);
  switch (state.status) {
    case 'pending':
      return (
        <Text size="sm" c="dimmed" role="status">
          {t('classicManifests.editor.notValidated')}
        </Text>
      );
    case 'validating':
      return (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('classicManifests.editor.validating')}</Text>
        </Group>
      );
    case 'valid':
      return (
        <Group gap="xs" role="status">
          <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
          <Text size="sm" fw={500}>
            {t('classicManifests.editor.valid')}
          </Text>
        </Group>
      );
    case 'failed':
      return <MutationErrorAlert error={state.error} title={t('classicManifests.editor.validationFailed')} />;
    case 'invalid':
      return (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600}>
              {t('classicManifests.editor.violations', { count: state.problems.length })}
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              aria-controls="manifest-violations"
            >
              {open ? t('classicManifests.editor.hide') : t('classicManifests.editor.show')}
            </Anchor>
          </Group>
          <Collapse expanded={open}>
            <List id="manifest-violations" size="sm" mt="xs" spacing={4}>
              {inTextOrder(state.problems).map((problem) => (
                <List.Item key={`${problem.pointer}|${problem.line}|${problem.column}|${problem.message}`}>
                  {problem.pointer
                    ? t('classicManifests.editor.problemAtPointer', {
                        line: problem.line,
                        column: problem.column,
                        pointer: problem.pointer,
                        message: problemText(problem),
                      })
                    : t('classicManifests.editor.problemAt', {
                        line: problem.line,
                        column: problem.column,
                        message: problemText(problem),
                      })}
                </List.Item>
              ))}
            </List>
          </Collapse>
        </Alert>
      );
  }
}

function SidebarBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The full-screen manifest editor, creating (spec 2 §2 "Manifest editor modal", §5): a JSON editor with
 * the schema templates, component snippets and the permission builder beside it, the semantic version,
 * validation 1000 ms after the last edit with each error inline at its line, and Create only once the
 * text on screen has been validated without errors.
 */
export function CreateManifestEditor({
  templates,
  loadSnippets,
  catalogue,
  validate,
  create,
  suggestedVersion,
  canSetSemanticVersions,
  canBuildPermissions,
  initialText,
  initialAuthCode = false,
  onCancel,
}: CreateEditorProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [text, setText] = useState(initialText);
  // What the editor is told to show when the text is set from outside (template, snippet, permissions).
  const [shown, setShown] = useState(initialText);
  const [family, setFamily] = useState<TemplateFamily>(familyOf(initialText) ?? '4.1');
  const [version, setVersion] = useState(suggestedVersion);
  const [versionError, setVersionError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [snippetError, setSnippetError] = useState<string | null>(null);
  const [snippetLoading, setSnippetLoading] = useState<SnippetKind | null>(null);
  const [permissionsOpen, setPermissionsOpen] = useState(false);
  const [overwrite, setOverwrite] = useState<{ next: string; keys: string[] } | null>(null);
  const [declaredAuthCode, setDeclaredAuthCode] = useState(initialAuthCode);
  const validation = useDebouncedValidation(text, validate);

  const problems = useMemo(
    () =>
      validation.status === 'invalid'
        ? validation.problems.map((problem) => ({ ...problem, message: problemText(problem) }))
        : [],
    [validation, problemText],
  );

  const replaceText = (next: string) => {
    setText(next);
    setShown(next);
  };

  const chooseFamily = (next: TemplateFamily) => {
    setFamily(next);
    const template = templates?.[next];
    if (template && text.trim() === '') replaceText(formatJson(template));
  };

  const documentFamily = familyOf(text) ?? family;
  // A 4.1 service account (its permissions) always comes with user-level authentication: locked on.
  const granted = permissionsOf(text);
  const serviceAccount =
    granted !== null && Object.keys(granted.company).length + Object.keys(granted.project).length > 0;
  const authCode = documentFamily === '4.1' ? declaredAuthCode || serviceAccount : undefined;

  const addSnippet = async (kind: SnippetKind) => {
    setSnippetError(null);
    setSnippetLoading(kind);
    try {
      const snippets = await loadSnippets(documentFamily, hasExistingManifest(text));
      const next = applySnippet(text, documentFamily, kind, snippets[kind]);
      if (next === null) setSnippetError(t('classicManifests.editor.snippetNeedsJson'));
      else {
        const replaced = snippetOverwrites(text, documentFamily, snippets[kind]);
        // What the snippet would replace is the developer's: ask first.
        if (replaced.length > 0) setOverwrite({ next, keys: replaced });
        else replaceText(next);
      }
    } catch {
      setSnippetError(t('classicManifests.editor.snippetFailed'));
    } finally {
      setSnippetLoading(null);
    }
  };

  const applyPermissions = (levels: ScopedLevels) => {
    const next = withPermissions(text, levels);
    if (next !== null) replaceText(next);
    setPermissionsOpen(false);
  };

  const versionValid = SEMVER.test(version.trim());
  const canCreate = validation.status === 'valid' && versionValid && !saving;

  const submit = async () => {
    if (!canCreate) return;
    setSaving(true);
    setVersionError(null);
    setSaveError(null);
    try {
      await create(version.trim(), text, authCode);
    } catch (error) {
      const detail = isApiError(error) ? error.details.find((d) => d.path === 'semantic_version') : undefined;
      if (detail) setVersionError(detailText(t, detail));
      else setSaveError(error);
      setSaving(false);
    }
  };

  return (
    <Stack h="100%" gap="md">
      <Group align="stretch" gap="lg" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
          <JsonCodeEditor
            value={shown}
            onChange={setText}
            problems={problems}
            label={t('classicManifests.editor.label')}
          />
        </Stack>
        <Stack w={300} gap="lg" style={{ flexShrink: 0, overflowY: 'auto' }}>
          <SidebarBlock title={t('classicManifests.editor.template.title')}>
            <Select
              label={t('classicManifests.editor.template.schema')}
              data={FAMILIES.map((value) => ({ value, label: value }))}
              value={family}
              onChange={(value) => value && chooseFamily(value as TemplateFamily)}
              allowDeselect={false}
            />
            <Button
              variant="light"
              size="xs"
              disabled={!templates?.[family]}
              onClick={() => {
                const template = templates?.[family];
                if (template) replaceText(formatJson(template));
              }}
            >
              {t('classicManifests.editor.template.use')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('classicManifests.editor.template.hint')}
            </Text>
          </SidebarBlock>
          <SidebarBlock title={t('classicManifests.editor.snippets.title')}>
            <Group gap="xs">
              {snippetsFor(documentFamily).map((kind) => (
                <Button
                  key={kind}
                  variant="default"
                  size="xs"
                  loading={snippetLoading === kind}
                  onClick={() => void addSnippet(kind)}
                >
                  {t(`classicManifests.editor.snippets.${kind}`)}
                </Button>
              ))}
            </Group>
            {snippetError ? (
              <Text size="xs" c="red.7" role="alert">
                {snippetError}
              </Text>
            ) : null}
          </SidebarBlock>
          {documentFamily === '4.1' ? (
            <SidebarBlock title={t('classicManifests.editor.authentication.title')}>
              <Checkbox
                label={t('classicManifests.editor.authentication.userLevel')}
                description={
                  serviceAccount
                    ? t('classicManifests.editor.authentication.locked')
                    : t('classicManifests.editor.authentication.userLevelDescription')
                }
                checked={authCode === true}
                disabled={serviceAccount}
                onChange={(event) => setDeclaredAuthCode(event.currentTarget.checked)}
              />
            </SidebarBlock>
          ) : null}
          {canBuildPermissions ? (
            <SidebarBlock title={t('classicManifests.permissions.title')}>
              <Button variant="default" size="xs" onClick={() => setPermissionsOpen(true)}>
                {t('classicManifests.permissions.open')}
              </Button>
            </SidebarBlock>
          ) : null}
          <Divider />
          {canSetSemanticVersions ? (
            <TextInput
              label={t('classicManifests.editor.version.label')}
              description={t('classicManifests.editor.version.hint', { suggestion: suggestedVersion })}
              value={version}
              onChange={(event) => {
                setVersion(event.currentTarget.value);
                setVersionError(null);
              }}
              error={
                versionError ??
                (version.trim() !== '' && !versionValid ? t('classicManifests.editor.version.format') : null)
              }
              required
            />
          ) : (
            <Text size="sm">{t('classicManifests.editor.version.fixed', { version: suggestedVersion })}</Text>
          )}
        </Stack>
      </Group>
      <ValidationReport state={validation} />
      <MutationErrorAlert error={saveError} title={t('classicManifests.editor.saveFailed')} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} disabled={!canCreate} loading={saving}>
          {t('classicManifests.editor.create')}
        </Button>
      </Group>
      <ConfirmModal
        opened={overwrite !== null}
        title={t('classicManifests.editor.snippets.overwrite.title')}
        message={t('classicManifests.editor.snippets.overwrite.message', {
          keys: (overwrite?.keys ?? []).map((key) => `"${key}"`).join(', '),
        })}
        confirmLabel={t('classicManifests.editor.snippets.overwrite.confirm')}
        onConfirm={() => {
          if (overwrite) replaceText(overwrite.next);
          setOverwrite(null);
        }}
        onCancel={() => setOverwrite(null)}
      />
      {permissionsOpen ? (
        <PermissionBuilderModal
          opened
          onClose={() => setPermissionsOpen(false)}
          catalogue={catalogue}
          initial={permissionsOf(text)}
          onApply={applyPermissions}
        />
      ) : null}
    </Stack>
  );
}

/** The read-only view of a version's manifest with a Copy button (spec 2 §2). */
export function ManifestReadOnly({ content, onClose }: { content: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useMemo(() => {
    try {
      return formatJson(content);
    } catch {
      return null;
    }
  }, [content]);

  const copy = async () => {
    if (text === null) return;
    await copyWithToast(
      text,
      { copied: t('classicManifests.editor.copied'), failed: t('manifests.builder.keys.copyFailed') },
      EDITOR_COPIED_MS,
    );
  };

  return (
    <Stack h="100%" gap="md">
      {text === null ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {t('classicManifests.editor.stringifyError')}
        </Alert>
      ) : (
        <div style={{ flex: 1, minHeight: 0 }}>
          <JsonCodeEditor value={text} readOnly label={t('classicManifests.editor.label')} />
        </div>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => void copy()}
          disabled={text === null}
        >
          {t('classicManifests.editor.copy')}
        </Button>
      </Group>
    </Stack>
  );
}
