import type { EndpointKey } from '@lintel/shared';
import { ApiError, apiUrl, type CallInput, type CallOutput, errorFromBody, isRecord, target } from './client';
import { getCsrfToken } from './csrf';
import type { QueryParams } from './query-string';

// Multipart uploads with progress, apart from client.ts: only the pages with a file field need them, so
// they stay out of the entry chunk that every first visit (sign-in) downloads.

/** Flattens a body into form fields the way the server reads them: `developer_app[name]`, files as files. */
export function toFormData(body: unknown, form = new FormData(), prefix = ''): FormData {
  if (body instanceof Blob) {
    form.append(prefix, body, body instanceof File ? body.name : 'blob');
  } else if (Array.isArray(body)) {
    for (const [index, item] of body.entries()) toFormData(item, form, `${prefix}[${index}]`);
  } else if (isRecord(body)) {
    for (const [key, value] of Object.entries(body))
      toFormData(value, form, prefix ? `${prefix}[${key}]` : key);
  } else if (body !== undefined) {
    form.append(prefix, body === null ? '' : String(body));
  }
  return form;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, or null while the size is not known. */
  percent: number | null;
}

/**
 * Sends a body with files as multipart/form-data (same contract, same key), reporting upload
 * progress as it goes; answers like `call`.
 */
export function upload<K extends EndpointKey>(
  key: K,
  input: CallInput<K> & { onProgress?: (progress: UploadProgress) => void },
): Promise<CallOutput<K>> {
  const { method, path } = target(key, input.params as Record<string, string | number> | undefined);
  const form = toFormData(input.body);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path, input.query as QueryParams | undefined));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getCsrfToken();
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (event) => {
      input.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent:
          event.lengthComputable && event.total > 0 ? Math.round((event.loaded / event.total) * 100) : null,
      });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as CallOutput<K>);
        } catch {
          reject(new ApiError(xhr.status, 'bad_response', 'The answer could not be read.'));
        }
      } else {
        reject(
          errorFromBody(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader('x-request-id')),
        );
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was canceled.', 'AbortError'));
    input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
