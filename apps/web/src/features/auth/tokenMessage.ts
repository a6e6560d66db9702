import type { TFunction } from 'i18next';
import { isApiError } from '../../api/client';
import { errorText, type ResponseErrorOptions, sectionErrorMessage } from '../../api/errorText';

/**
 * A link's token refused (password reset, e-mail confirmation): the code's own text in the user's
 * language ("This link is invalid or has expired…") says more than the server's detail on a field the
 * page does not show; other errors read as a section alert.
 */
// Here, not in api/errorText.ts: only these two lazy pages need it, and every byte of the entry counts.
export function tokenAwareMessage(t: TFunction, error: unknown, options: ResponseErrorOptions): string {
  return isApiError(error) && error.code === 'invalid_token'
    ? errorText(t, error)
    : sectionErrorMessage(t, error, options);
}
