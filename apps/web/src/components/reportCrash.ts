import { CLIENT_ERROR_LIMITS } from '@lintel/shared';

// Control characters the server refuses in a report (a message or stack rarely has them).
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

const clip = (value: string, max: number) => value.replace(CONTROL, ' ').toWellFormed().slice(0, max);

/**
 * Tells the server about a crash (POST /api/v1/client_errors, which logs it): its message, stack and the
 * component stack, the page and the browser. Loaded by the error boundary only after a crash, so none of
 * it weighs on a first load; without cookies, so it needs no session or CSRF token. Never throws.
 */
export async function reportCrash(error: unknown, componentStack?: string | null): Promise<void> {
  const isError = error instanceof Error;
  const message = (isError ? `${error.name}: ${error.message}` : String(error)).trim() || 'Unknown error';
  const stack = [isError ? error.stack : '', componentStack ? `Component stack:${componentStack}` : '']
    .filter(Boolean)
    .join('\n');
  const body = {
    message: clip(message, CLIENT_ERROR_LIMITS.message),
    ...(stack ? { stack: clip(stack, CLIENT_ERROR_LIMITS.stack) } : {}),
    url: clip(window.location.href, CLIENT_ERROR_LIMITS.url),
    user_agent: clip(navigator.userAgent, CLIENT_ERROR_LIMITS.userAgent),
  };
  try {
    await fetch('/api/v1/client_errors', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'omit',
      keepalive: true,
      body: JSON.stringify(body),
    });
  } catch {
    // Reporting is best effort: the crash screen is already shown.
  }
}
