/** What the Try it panel's commands are made of: the app's values as the portal shows them. */
export interface TryItValues {
  /** The environment's OAuth server base (`{auth}/oauth/token`). */
  authBase: string;
  /** The environment's REST API base (`{api}/rest/v1.0/…`). */
  apiBase: string;
  clientId: string;
  companyId: number;
  /** The first registered redirect URI, or null when none is registered. */
  redirectUri: string | null;
  /** Confidential apps authenticate with their secret; public ones use PKCE instead. */
  confidential: boolean;
  state: string;
}

/** The secret never appears in a command: the developer sets this variable from the card. */
export const SECRET_VARIABLE = '$CLIENT_SECRET';
/** Stands in for a redirect URI until one is registered. */
export const REDIRECT_URI_PLACEHOLDER = '$REDIRECT_URI';

/** Quotes a shell word in single quotes (URLs with `?` and `&`). */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The first redirect URI of a registered list (one per line). */
export function firstRedirectUri(list: string): string | null {
  return (
    list
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line.length > 0) ?? null
  );
}

/** Client credentials: a token, then the company's projects with it (the company header is required). */
export function clientCredentialsCommands(v: TryItValues): string {
  return [
    `curl -X POST ${v.authBase}/oauth/token \\`,
    '  -F grant_type=client_credentials \\',
    `  -F client_id=${v.clientId} \\`,
    `  -F client_secret=${SECRET_VARIABLE}`,
    '',
    '# Put the access_token of the answer in TOKEN, then:',
    `curl ${shellQuote(`${v.apiBase}/rest/v1.0/projects?company_id=${v.companyId}`)} \\`,
    '  -H "Authorization: Bearer $TOKEN" \\',
    `  -H "Platform-Company-Id: ${v.companyId}"`,
  ].join('\n');
}

/** The authorize URL to open in a browser (PKCE parameters for a public app). */
export function authorizeUrl(v: TryItValues): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: v.clientId,
    redirect_uri: v.redirectUri ?? REDIRECT_URI_PLACEHOLDER,
    state: v.state,
  });
  let url = `${v.authBase}/oauth/authorize?${params.toString()}`;
  if (!v.confidential) url += '&code_challenge=$CODE_CHALLENGE&code_challenge_method=S256';
  return url;
}

/** The code exchange, then a call as the user who allowed the app. */
export function authorizationCodeCommands(v: TryItValues): string {
  return [
    `curl -X POST ${v.authBase}/oauth/token \\`,
    '  -F grant_type=authorization_code \\',
    '  -F code=$CODE \\',
    `  -F client_id=${v.clientId} \\`,
    v.confidential ? `  -F client_secret=${SECRET_VARIABLE} \\` : '  -F code_verifier=$CODE_VERIFIER \\',
    `  -F redirect_uri=${shellQuote(v.redirectUri ?? REDIRECT_URI_PLACEHOLDER)}`,
    '',
    '# Put the access_token of the answer in TOKEN, then:',
    `curl ${v.apiBase}/rest/v1.0/me \\`,
    '  -H "Authorization: Bearer $TOKEN"',
  ].join('\n');
}

/** A call with a test token (a user token: the company header is needed for company resources only). */
export function testTokenCommand(apiBase: string, companyId: number, token: string): string {
  return [
    `curl ${shellQuote(`${apiBase}/rest/v1.0/projects?company_id=${companyId}`)} \\`,
    `  -H "Authorization: Bearer ${token}" \\`,
    `  -H "Platform-Company-Id: ${companyId}"`,
  ].join('\n');
}
