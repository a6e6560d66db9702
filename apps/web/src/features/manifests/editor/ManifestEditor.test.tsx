import { EditorView } from '@codemirror/view';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import { type CreateEditorProps, CreateManifestEditor } from './ManifestEditor';
import type { ValidationProblem } from './useDebouncedValidation';

// jsdom measures no text: CodeMirror asks ranges for their rectangles.
Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

const VALID = '{\n  "schema_version": "4.1",\n  "app_manifest": { "uid": "x", "name": "y" }\n}';
const BAD_VIEW =
  '{\n  "schema_version": "4.1",\n  "sidepanel": {\n    "source_url": "https://example.com",\n    "views": ["nowhere.detail"]\n  }\n}';

function editorView(container: HTMLElement): EditorView {
  const element = container.querySelector('.cm-editor');
  const view = element instanceof HTMLElement ? EditorView.findFromDOM(element) : null;
  if (!view) throw new Error('no editor');
  return view;
}

/** Types into CodeMirror the way an edit lands: one transaction replacing the text. */
function setText(container: HTMLElement, text: string) {
  const view = editorView(container);
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

/** A validation endpoint stand-in: the unknown view gets a pointer, line and column; other text is valid. */
function validator() {
  return vi.fn(async (text: string): Promise<ValidationProblem[]> => {
    if (text.trim() === '' || text.includes('"schema_version": "4.1",\n  "app') === false) {
      try {
        JSON.parse(text);
      } catch {
        return [{ message: 'Invalid JSON, could not parse manifest', pointer: '', line: 1, column: 1 }];
      }
    }
    if (text.includes('nowhere.detail')) {
      return [
        { message: 'unknown view "nowhere.detail"', pointer: '/sidepanel/views/0', line: 5, column: 15 },
        { message: 'must have required property "app_manifest"', pointer: '', line: 1, column: 1 },
      ];
    }
    return [];
  });
}

function renderEditor(overrides: Partial<CreateEditorProps> = {}) {
  const props: CreateEditorProps = {
    templates: { '4.1': { schema_version: '4.1', app_manifest: { uid: 'generated', name: 'generated' } } },
    loadSnippets: vi.fn(),
    catalogue: { company: [], project: [] },
    validate: validator(),
    create: vi.fn(async () => undefined),
    suggestedVersion: '0.2.0',
    canSetSemanticVersions: true,
    canBuildPermissions: true,
    initialText: '',
    onCancel: vi.fn(),
    ...overrides,
  };
  return { ...renderWithProviders(<CreateManifestEditor {...props} />), props };
}

const createButton = () => screen.getByRole('button', { name: 'Create' });

describe('the manifest editor', () => {
  it('keeps Create disabled until the text on screen has been validated without errors', async () => {
    const { container, props, user } = renderEditor({ initialText: VALID });
    expect(createButton()).toBeDisabled();
    expect(screen.getByText(/Not validated yet/)).toBeInTheDocument();
    expect(await screen.findByText('The manifest is valid.')).toBeInTheDocument();
    expect(createButton()).toBeEnabled();
    expect(props.validate).toHaveBeenCalledWith(VALID);

    // An edit makes the text unvalidated again, until the next answer.
    setText(container, BAD_VIEW);
    expect(createButton()).toBeDisabled();
    expect(await screen.findByText('There are (2) content violations.')).toBeInTheDocument();
    expect(createButton()).toBeDisabled();

    // The list is collapsed to the count; Show opens it with each error's place.
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const list = await screen.findByRole('list');
    // Each error with its JSON pointer beside line and column, in the order of the document.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 1, column 1: must have required property "app_manifest"',
      'Line 5, column 15 — /sidepanel/views/0: unknown view "nowhere.detail"',
    ]);
    // Inline, at its line: a lint mark in the editor.
    await waitFor(() => {
      const marks = [...container.querySelectorAll('.cm-lintRange-error')].map((mark) => mark.textContent);
      expect(marks).toEqual(['{', '"nowhere.detail"']);
    });

    setText(container, VALID);
    expect(await screen.findByText('The manifest is valid.')).toBeInTheDocument();
    expect(container.querySelector('.cm-lintRange-error')).toBeNull();
    await user.click(createButton());
    expect(props.create).toHaveBeenCalledWith('0.2.0', VALID, false);
  });

  it('keeps user-level authentication: declared for 4.1, locked on with a service account (issue 20)', async () => {
    const WITH_ACCOUNT =
      '{\n  "schema_version": "4.1",\n  "app_manifest": { "uid": "x", "name": "y" },\n  "permissions": { "project": { "rfi": "readonly" } }\n}';
    const { container, props, user } = renderEditor({ initialText: VALID, initialAuthCode: true });
    const userLevel = screen.getByRole('checkbox', { name: 'User Level Authentication' });
    // Started from a version with user-level authentication: it stays on.
    expect(userLevel).toBeChecked();
    expect(userLevel).toBeEnabled();
    await user.click(userLevel);
    expect(userLevel).not.toBeChecked();

    setText(container, WITH_ACCOUNT);
    await waitFor(() => expect(userLevel).toBeChecked());
    expect(userLevel).toBeDisabled();
    expect(await screen.findByText('The manifest is valid.')).toBeInTheDocument();
    await user.click(createButton());
    expect(props.create).toHaveBeenCalledWith('0.2.0', WITH_ACCOUNT, true);
  });

  it('leaves authentication to a 3.x manifest’s oauth instances', async () => {
    const V3 = '{\n  "schema_version": "3.2",\n  "app_manifest": { "id": "x" }\n}';
    const validate = vi.fn(async () => []);
    const { props, user } = renderEditor({ initialText: V3, validate });
    expect(screen.queryByRole('checkbox', { name: 'User Level Authentication' })).toBeNull();
    expect(await screen.findByText('The manifest is valid.')).toBeInTheDocument();
    await user.click(createButton());
    expect(props.create).toHaveBeenCalledWith('0.2.0', V3, undefined);
  });

  it('validates only once the edits pause for a second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { container, props } = renderEditor({ initialText: VALID });
      act(() => vi.advanceTimersByTime(900));
      setText(container, `${VALID} `);
      act(() => vi.advanceTimersByTime(900));
      expect(props.validate).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(100));
      expect(props.validate).toHaveBeenCalledTimes(1);
      expect(props.validate).toHaveBeenCalledWith(`${VALID} `);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps Create disabled while validating', async () => {
    let answer: (problems: ValidationProblem[]) => void = () => undefined;
    const validate = vi.fn(() => new Promise<ValidationProblem[]>((resolve) => (answer = resolve)));
    renderEditor({ initialText: VALID, validate });
    expect(await screen.findByText('Validating…')).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    act(() => answer([]));
    expect(await screen.findByText('The manifest is valid.')).toBeInTheDocument();
    expect(createButton()).toBeEnabled();
  });

  it("says 'Invalid JSON, could not parse manifest' in the user's language", async () => {
    const validate = vi.fn(async () => [
      { message: 'Invalid JSON, could not parse manifest', pointer: '', line: 2, column: 3 },
    ]);
    const { user } = renderWithProviders(
      <CreateManifestEditor
        templates={undefined}
        loadSnippets={vi.fn()}
        catalogue={undefined}
        validate={validate}
        create={vi.fn()}
        suggestedVersion="0.1.0"
        canSetSemanticVersions
        canBuildPermissions={false}
        initialText={'{\n  "a": }'}
        onCancel={vi.fn()}
      />,
      { language: 'es' },
    );
    expect(await screen.findByText('Hay (1) infracción de contenido.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(
      screen.getByText('Línea 2, columna 3: JSON no válido, no se pudo analizar el manifiesto'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear' })).toBeDisabled();
  });

  it('checks the semantic version and shows the server’s detail on it', async () => {
    const create = vi.fn(async () => {
      throw new ApiError(422, 'validation_failed', 'Validation failed', [
        { path: 'semantic_version', message: 'must be greater than 0.2.0', code: 'invalid' },
      ]);
    });
    const { user } = renderEditor({ initialText: VALID, create });
    expect(await screen.findByText('The manifest is valid.')).toBeInTheDocument();
    const version = screen.getByRole('textbox', { name: /Semantic version/ });
    expect(version).toHaveValue('0.2.0');
    await user.clear(version);
    await user.type(version, '1.2');
    expect(
      screen.getByText('Enter the version as major.minor.patch, for example 1.2.0.'),
    ).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    await user.type(version, '.0');
    expect(createButton()).toBeEnabled();
    await user.click(createButton());
    expect(create).toHaveBeenCalledWith('1.2.0', VALID, false);
    expect(await screen.findByText('Is invalid')).toBeInTheDocument();
  });

  it('starts from the template of the chosen schema version', async () => {
    const { container, user } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Start from the template' }));
    expect(editorView(container).state.doc.toString()).toBe(
      JSON.stringify(
        { schema_version: '4.1', app_manifest: { uid: 'generated', name: 'generated' } },
        null,
        2,
      ),
    );
  });

  it('adds a component snippet of the document’s schema version', async () => {
    const loadSnippets = vi.fn(async () => ({
      oauth: {},
      iframe: {},
      fullscreen: {},
      sidepanel: { sidepanel: { source_url: 'https://example.com', views: ['rfi.detail'] } },
    }));
    const { container, user } = renderEditor({ initialText: VALID, loadSnippets });
    await user.click(screen.getByRole('button', { name: 'Side panel' }));
    await waitFor(() =>
      expect(JSON.parse(editorView(container).state.doc.toString()).sidepanel).toBeDefined(),
    );
    expect(loadSnippets).toHaveBeenCalledWith('4.1', true);
  });

  it('offers only the snippets that apply: no OAuth or iFrame for 4.1, all four for 3.x', async () => {
    const { container } = renderEditor({ initialText: VALID });
    const snippets = () =>
      within(screen.getByText('Add component').parentElement as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(snippets()).toEqual(['Full screen', 'Side panel']);
    setText(container, '{\n  "schema_version": "3.2"\n}');
    await waitFor(() => expect(snippets()).toEqual(['OAuth', 'iFrame', 'Full screen', 'Side panel']));
  });

  it('asks before a snippet replaces what the manifest has', async () => {
    const panel = { sidepanel: { source_url: 'https://example.com', views: ['rfi.detail'] } };
    const loadSnippets = vi.fn(async () => ({ oauth: {}, iframe: {}, fullscreen: {}, sidepanel: panel }));
    const { container, user } = renderEditor({ initialText: BAD_VIEW, loadSnippets });
    const current = () => JSON.parse(editorView(container).state.doc.toString());
    await user.click(screen.getByRole('button', { name: 'Side panel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replace part of the manifest?' });
    expect(confirm).toHaveTextContent('The manifest already has "sidepanel".');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(current().sidepanel.views).toEqual(['nowhere.detail']);

    await user.click(screen.getByRole('button', { name: 'Side panel' }));
    const again = await screen.findByRole('dialog', { name: 'Replace part of the manifest?' });
    await user.click(within(again).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(current().sidepanel.views).toEqual(['rfi.detail']));
  });

  it('builds permissions per company and project tool, disabled levels not selectable', async () => {
    const catalogue = {
      company: [
        { name: 'admin', friendly_name: 'Admin', disabled_uals: [2, 3] },
        { name: 'directory', friendly_name: 'Directory', disabled_uals: [] },
      ],
      project: [{ name: 'rfi', friendly_name: 'RFIs', disabled_uals: [] }],
    };
    const { container, user } = renderEditor({ initialText: VALID, catalogue });
    await user.click(screen.getByRole('button', { name: 'Build permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permission builder' });
    const company = within(dialog).getByRole('table', { name: 'Company' });
    const adminRow = within(company).getByRole('row', { name: /^Admin/ });
    expect(within(adminRow).getByRole('radio', { name: 'Read-only' })).toBeDisabled();
    expect(within(adminRow).getByRole('radio', { name: 'Standard' })).toBeDisabled();
    await user.click(within(adminRow).getByRole('radio', { name: 'Admin' }));
    const directoryRow = within(company).getByRole('row', { name: /^Directory/ });
    await user.click(within(directoryRow).getByRole('radio', { name: 'Read-only' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Project' }));
    const project = within(dialog).getByRole('table', { name: 'Project' });
    await user.click(within(project).getByRole('radio', { name: 'Standard' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply permissions' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(editorView(container).state.doc.toString()).permissions).toEqual({
      company: { admin: 'admin', directory: 'readonly' },
      project: { rfi: 'standard' },
    });
  });

  it("says 'Error parsing existing permissions' when the text's permissions cannot be read", async () => {
    const { user } = renderEditor({ initialText: '{"permissions": {"company": {"directory": 2}}}' });
    await user.click(screen.getByRole('button', { name: 'Build permissions' }));
    expect(await screen.findByText('Error parsing existing permissions')).toBeInTheDocument();
  });
});
