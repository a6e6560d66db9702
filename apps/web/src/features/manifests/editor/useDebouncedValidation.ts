import { useEffect, useRef, useState } from 'react';

/** Validation is asked for this long after the last edit (spec 2 §5, §9: 1000 ms). */
export const VALIDATION_DEBOUNCE_MS = 1000;

export interface ValidationProblem {
  message: string;
  pointer: string;
  line: number;
  column: number;
}

/**
 * Where the editor's text stands: not yet validated (`pending`: edited, the debounce running),
 * `validating`, `valid`, `invalid` (with problems) or `failed` (the validation call itself failed).
 */
export type ValidationState =
  | { status: 'pending' }
  | { status: 'validating' }
  | { status: 'valid' }
  | { status: 'invalid'; problems: ValidationProblem[] }
  | { status: 'failed'; error: unknown };

/**
 * Validates `text` with `validate` 1000 ms after it last changed. An answer for a text that has since
 * changed is dropped, so the state always describes the text on screen.
 */
export function useDebouncedValidation(
  text: string,
  validate: (text: string) => Promise<ValidationProblem[]>,
  delay = VALIDATION_DEBOUNCE_MS,
): ValidationState {
  const [state, setState] = useState<ValidationState>({ status: 'pending' });
  const validator = useRef(validate);
  validator.current = validate;

  useEffect(() => {
    let current = true;
    setState({ status: 'pending' });
    const timer = setTimeout(() => {
      setState({ status: 'validating' });
      validator.current(text).then(
        (problems) => {
          if (current) setState(problems.length > 0 ? { status: 'invalid', problems } : { status: 'valid' });
        },
        (error: unknown) => {
          if (current) setState({ status: 'failed', error });
        },
      );
    }, delay);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, delay]);

  return state;
}
