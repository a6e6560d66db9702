import type { ChangeEvent } from 'react';
import type { EditorContext } from './editorContext';

/** A value of the form by its dotted path. */
export function valueAt(values: unknown, path: string): unknown {
  let node = values;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The props of a text input or text area bound to a path. */
export function textProps(ctx: EditorContext, path: string) {
  const value = valueAt(ctx.values, path);
  const text = typeof value === 'string' ? value : '';
  return {
    value: text,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      ctx.set(path, event.currentTarget.value),
    error: ctx.error(path),
    readOnly: ctx.readOnly,
    ...ctx.decorate(path, text),
  };
}

/** The changed-field marker of a non-text input (select, radio group) bound to a path. */
export function markProps(ctx: EditorContext, path: string) {
  const { inputContainer } = ctx.decorate(path, '');
  return inputContainer ? { inputContainer } : {};
}

/** Yes/No as a radio group's string value ('' unanswered). */
export function yesNoValue(value: unknown): string {
  return value === true ? 'yes' : value === false ? 'no' : '';
}
