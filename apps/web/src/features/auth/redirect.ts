/**
 * The in-app path to go to after signing in. Only same-origin paths are accepted ("/x", not
 * "//evil.example" or "https://…"), so the `redirect` parameter cannot send users elsewhere.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/sign_in')) return fallback;
  return value;
}

/**
 * Whether a same-origin path is served by the embedded platform (its consent page, its company pages)
 * rather than by this web app: reaching it needs a full page load, the SPA router knows no such route.
 */
export function isPlatformPath(path: string): boolean {
  return /^\/(sandbox|production)(\/|\?|#|$)/.test(path);
}

/** The browser's full page load, behind an object so that tests can watch it (jsdom cannot navigate). */
export const pageLoad = {
  assign(path: string): void {
    window.location.assign(path);
  },
};

/**
 * Goes to a path `safeRedirect` accepted: inside the SPA through `navigate`, or with a full page load
 * for the platform's pages (the consent page sends users here to sign in first).
 */
export function goToRedirect(path: string, navigate: (to: string, options: { replace: true }) => void): void {
  if (isPlatformPath(path)) pageLoad.assign(path);
  else navigate(path, { replace: true });
}

/** The sign-in URL that brings the user back to `path` afterwards. */
export function signInPath(path: string): string {
  return path && path !== '/' ? `/sign_in?redirect=${encodeURIComponent(path)}` : '/sign_in';
}
