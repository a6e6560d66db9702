// The CSRF token of the current session. The session query sets it (features/auth/queries.ts);
// the API client sends it with every state-changing request.
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}
