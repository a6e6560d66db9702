import { json } from '@codemirror/lang-json';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { Box } from '@mantine/core';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

/** A problem at a 1-based line and column of the text, shown inline by the editor. */
export interface EditorProblem {
  line: number;
  column: number;
  message: string;
}

/** The document offset of a 1-based line and column, clamped into the text. */
export function offsetOf(doc: Text, line: number, column: number): number {
  const lineNumber = Math.min(Math.max(1, Math.trunc(line) || 1), doc.lines);
  const { from, to } = doc.line(lineNumber);
  return Math.min(from + Math.max(0, (Math.trunc(column) || 1) - 1), to);
}

/** Problems as CodeMirror lint diagnostics: each marks the rest of its token (at least one character). */
export function diagnosticsOf(doc: Text, problems: readonly EditorProblem[]): Diagnostic[] {
  return problems.map((problem) => {
    const from = offsetOf(doc, problem.line, problem.column);
    const lineEnd = doc.lineAt(from).to;
    const rest = doc.sliceString(from, lineEnd);
    const token = /^("(?:[^"\\]|\\.)*"?|[^\s,:{}[\]]+|.)/.exec(rest)?.[0] ?? '';
    return {
      from,
      to: Math.min(from + Math.max(token.length, 0), lineEnd),
      severity: 'error',
      message: problem.message,
    };
  });
}

export interface JsonCodeEditorProps {
  /** The text the editor starts with, and any text set from outside (a template, a snippet). */
  value: string;
  onChange?: (text: string) => void;
  readOnly?: boolean;
  problems?: readonly EditorProblem[];
  label: string;
  /** Receives the view, to insert text at the cursor. */
  onView?: (view: EditorView | null) => void;
  height?: string;
}

/**
 * CodeMirror 6 with JSON highlighting, folding, bracket matching and search (basicSetup), and the
 * server's validation errors as inline diagnostics at their lines. Loaded only with the manifest editor.
 */
export function JsonCodeEditor({
  value,
  onChange,
  readOnly = false,
  problems = [],
  label,
  onView,
  height = '100%',
}: JsonCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // One view for the editor's life; value, problems and the callbacks reach it through effects and refs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later values are applied below
  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          json(),
          lintGutter(),
          EditorView.lineWrapping,
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          // Focusable also when read-only, so that keyboard users can scroll and select (axe
          // scrollable-region-focusable).
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.theme({
            '&': { height: '100%' },
            '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)' },
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    onView?.(created);
    return () => {
      onView?.(null);
      created.destroy();
      view.current = null;
    };
  }, []);

  // A value set from outside replaces the text (typing never gets here: the text already matches).
  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === value) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    current.dispatch(setDiagnostics(current.state, diagnosticsOf(current.state.doc, problems)));
  }, [problems]);

  return (
    <Box
      ref={host}
      h={height}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, overflow: 'hidden' }}
    />
  );
}

export default JsonCodeEditor;
