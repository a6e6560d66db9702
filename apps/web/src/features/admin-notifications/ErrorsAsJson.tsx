import { Code } from '@mantine/core';
import type { TFunction } from 'i18next';
import { exceptionMessage, type ResponseErrorOptions, responseErrors } from '../../api/errorText';

/**
 * The admin notification form's "An error occurred" panel (spec 1 §8): the response's errors as
 * formatted JSON, else the error message, else 'Error occurred'. For MutationErrorAlert's `format`.
 */
export function errorsAsJson(t: TFunction) {
  return (error: unknown, options: ResponseErrorOptions) => {
    const list = responseErrors(t, error, options);
    const text = list
      ? JSON.stringify(list, null, 2)
      : exceptionMessage(t, error, options.language) || t('adminNotifications.errors.fallback');
    return (
      <Code block data-testid="error-json">
        {text}
      </Code>
    );
  };
}
