import { type ChangeEvent, type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';

/*
 * A small form hook for the pages a first visit may open (sign-in): @mantine/form weighs ~6 kB gzip
 * and a zod schema with zod far more, which would land in the sign-in route's initial JS (limit: the
 * `size` script). Same shape as @mantine/form's `useForm` for what those pages use (initialValues,
 * validate, onSubmit, getInputProps, values, setFieldError, setErrors), so a page can move between
 * them by changing its import.
 *
 * Validation may be loaded lazily: pass `lazyValidate(() => import('./signInValidation'))` and the
 * module (with its zod schema) is fetched on the first change of a field, and awaited on the first blur
 * or submit — never part of the page's initial JS, nor of its load: fetched on idle or on the first focus
 * (the e-mail field is autofocused), its ~30 kB gzip and their evaluation landed in the sign-in page's
 * first seconds, which Lighthouse counts (issue 24).
 */

export type FormErrors = Record<string, ReactNode>;

type Rules<V> = { [K in keyof V]?: (value: V[K], values: V) => ReactNode | null | undefined };

/** A whole-form validator: errors by field path ('' or no key: valid). */
export type FormValidator<V> = ((values: V) => FormErrors | Promise<FormErrors>) & { prefetch?: () => void };

export interface LightFormOptions<V> {
  initialValues: V;
  /** Per-field rules (as @mantine/form), or a whole-form validator such as a zod resolver. */
  validate?: Rules<V> | FormValidator<V>;
  /** Also validate a field when it loses focus (as @mantine/form's option of that name). */
  validateInputOnBlur?: boolean;
}

/**
 * Loads a validator module on demand: `load` resolves to a module with a `validate(values)` export.
 * Fetched on the first change of a field, awaited on the first blur or submit.
 */
export function lazyValidate<V>(
  load: () => Promise<{ validate: (values: V) => FormErrors | Promise<FormErrors> }>,
): FormValidator<V> {
  let loading: Promise<{ validate: (values: V) => FormErrors | Promise<FormErrors> }> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed chunk may load on the next attempt
      throw error;
    });
    return loading;
  };
  const validator: FormValidator<V> = async (values) => (await get()).validate(values);
  validator.prefetch = () => void get().catch(() => {});
  return validator;
}

function cleaned(errors: FormErrors): FormErrors {
  const result: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (message !== null && message !== undefined && message !== false && message !== '')
      result[path] = message;
  }
  return result;
}

/** Rules answer at once; a validator function may answer later (a lazily loaded schema). */
function runValidation<V extends object>(
  validate: LightFormOptions<V>['validate'],
  values: V,
): FormErrors | Promise<FormErrors> {
  if (!validate) return {};
  if (typeof validate === 'function') return Promise.resolve(validate(values)).then(cleaned);
  const errors: FormErrors = {};
  for (const key of Object.keys(validate) as (keyof V & string)[]) {
    errors[key] = validate[key]?.(values[key], values);
  }
  return cleaned(errors);
}

function eventValue(input: unknown): unknown {
  if (input && typeof input === 'object' && 'currentTarget' in input) {
    const target = (input as ChangeEvent<HTMLInputElement>).currentTarget;
    return target.type === 'checkbox' ? target.checked : target.value;
  }
  return input;
}

export function useLightForm<V extends object>({
  initialValues,
  validate,
  validateInputOnBlur = false,
}: LightFormOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrorsState] = useState<FormErrors>({});
  // The latest values, for validations that finish after more typing.
  const latest = useRef(values);
  latest.current = values;
  const validateRef = useRef(validate);
  validateRef.current = validate;

  const validateField = useCallback(async (path: string, next: V) => {
    const all = await runValidation(validateRef.current, next);
    if (latest.current !== next) return;
    setErrorsState((current) => {
      const { [path]: _old, ...rest } = current;
      return all[path] === undefined ? rest : { ...rest, [path]: all[path] };
    });
  }, []);

  const setFieldValue = useCallback(<K extends keyof V & string>(path: K, value: V[K]) => {
    const current = validateRef.current;
    if (typeof current === 'function') current.prefetch?.();
    const next = { ...latest.current, [path]: value };
    latest.current = next;
    setValues(next);
    // As @mantine/form: a change clears the field's error.
    setErrorsState((current) => {
      if (!(path in current)) return current;
      const { [path]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const setFieldError = useCallback((path: string, message: ReactNode) => {
    setErrorsState((current) => cleaned({ ...current, [path]: message }));
  }, []);

  const setErrors = useCallback((next: FormErrors) => setErrorsState(cleaned(next)), []);
  const clearErrors = useCallback(() => setErrorsState({}), []);

  const getInputProps = <K extends keyof V & string>(path: K) => ({
    value: values[path],
    error: errors[path],
    onChange: (input: unknown) => setFieldValue(path, eventValue(input) as V[K]),
    onBlur: () => {
      if (validateInputOnBlur) void validateField(path, latest.current);
    },
  });

  const onSubmit =
    (handler: (values: V, event?: FormEvent<HTMLFormElement>) => void) =>
    (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      const snapshot = latest.current;
      const finish = (found: FormErrors) => {
        setErrorsState(found);
        if (Object.keys(found).length === 0) handler(snapshot, event);
      };
      const found = runValidation(validateRef.current, snapshot);
      if (found instanceof Promise) void found.then(finish);
      else finish(found);
    };

  return { values, errors, setFieldValue, setFieldError, setErrors, clearErrors, getInputProps, onSubmit };
}
