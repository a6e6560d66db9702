/**
 * The in-app path to go to after signing in. Only same-origin paths are accepted ("/x", not
 * "//evil.example" or "https://…"), so the `redirect` parameter cannot send users elsewhere.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/sign_in')) return fallback;
  return value;
}

/** The sign-in URL that brings the user back to `path` afterwards. */
export function signInPath(path: string): string {
  return path && path !== '/' ? `/sign_in?redirect=${encodeURIComponent(path)}` : '/sign_in';
}

/**
 * Whether a path is served by the server rather than the web app (the platform's OAuth pages under
 * /sandbox and /production): going there after signing in needs a full page load.
 */
export function isServerPath(path: string): boolean {
  return /^\/(sandbox|production)(\/|\?|$)/.test(path);
}
