import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The OAuth server's own pages (consent, errors shown to the user, the out-of-band code): small,
 * server-rendered, no script, in English or Spanish by Accept-Language. The platform is another system
 * than the portal, so these texts live here rather than in the web app's i18n files.
 */
export type Lang = 'en' | 'es';

const MESSAGES = {
  en: {
    consentTitle: 'Authorize {app}',
    consentQuestion: 'Allow {app} to access {company} as {user}?',
    consentDetail:
      'The application will be able to read and change this company’s data on your behalf, until you or the company revoke its access.',
    allow: 'Allow',
    deny: 'Deny',
    errorTitle: 'Authorization failed',
    unknownClient:
      'The application that sent you here is unknown or no longer has access. Check the client ID it uses.',
    badRedirect:
      'The redirect URI the application sent is not registered for it. Redirect URIs must match a registered one exactly, trailing slash included.',
    notMember:
      'You are not a user of {company}, so you cannot authorize {app} there. Ask the app’s owner to add you as a collaborator.',
    formExpired:
      'This authorization form has expired or was not issued to you. Go back to the application and start again.',
    refused: 'The application’s request was refused.',
    errorCode: 'Error',
    codeTitle: 'Authorization code',
    codeIntro: 'Copy this code and paste it into the application. It works once, within ten minutes.',
    codeLabel: 'Authorization code',
    noCode: 'There is no authorization code to show.',
  },
  es: {
    consentTitle: 'Autorizar {app}',
    consentQuestion: '¿Permitir que {app} acceda a {company} como {user}?',
    consentDetail:
      'La aplicación podrá leer y cambiar los datos de esta empresa en tu nombre, hasta que tú o la empresa revoquéis su acceso.',
    allow: 'Permitir',
    deny: 'Denegar',
    errorTitle: 'La autorización ha fallado',
    unknownClient:
      'La aplicación que te ha enviado aquí es desconocida o ya no tiene acceso. Comprueba el ID de cliente que usa.',
    badRedirect:
      'La URI de redirección que ha enviado la aplicación no está registrada para ella. Debe coincidir exactamente con una registrada, incluida la barra final.',
    notMember:
      'No eres usuario de {company}, así que no puedes autorizar {app} allí. Pide al propietario de la app que te añada como colaborador.',
    formExpired:
      'Este formulario de autorización ha caducado o no se emitió para ti. Vuelve a la aplicación y empieza de nuevo.',
    refused: 'Se ha rechazado la solicitud de la aplicación.',
    errorCode: 'Error',
    codeTitle: 'Código de autorización',
    codeIntro: 'Copia este código y pégalo en la aplicación. Sirve una vez, durante diez minutos.',
    codeLabel: 'Código de autorización',
    noCode: 'No hay ningún código de autorización que mostrar.',
  },
} as const;

export type MessageKey = keyof (typeof MESSAGES)['en'];

/** Every message exists in both languages (the type says so; the unit test checks the placeholders). */
export const messages: Record<Lang, Record<MessageKey, string>> = MESSAGES;

/** The user's language among ours: the first of Accept-Language by weight that we speak, else English. */
export function languageOf(header: string | undefined): Lang {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'en' || primary === 'es') return primary;
  }
  return 'en';
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A message with its {placeholders} filled, everything HTML-escaped. */
export function t(lang: Lang, key: MessageKey, values: Record<string, string> = {}): string {
  return escapeHtml(messages[lang][key]).replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : `<strong>${escapeHtml(values[name])}</strong>`,
  );
}

/** The same text without markup (titles). */
function plain(lang: Lang, key: MessageKey, values: Record<string, string> = {}): string {
  return escapeHtml(
    messages[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole),
  );
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1b1f24;margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #d0d5dc;border-radius:8px;padding:1.5rem 2rem}
h1{font-size:1.4rem;margin-top:0}p{line-height:1.5}.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #1c5fd1;cursor:pointer}
button[value=allow]{background:#1c5fd1;color:#fff}button[value=deny]{background:#fff;color:#1c5fd1}
button:focus-visible,input:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
label{display:block;font-weight:600;margin-bottom:.25rem}input[readonly]{font:1rem ui-monospace,monospace;width:100%;box-sizing:border-box;padding:.5rem}
.error{color:#a1131a}`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/**
 * Sends a page: no caching, no framing (a consent page in a frame is clickjacking), no script, forms
 * only to this server and — since browsers apply form-action to the redirect that answers a form — to
 * the origin the consent sends the user back to.
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  page: { lang: Lang; title: string; body: string; formTarget?: string | undefined },
) {
  const formAction = ["'self'", ...(page.formTarget ? [page.formTarget] : [])].join(' ');
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .header('X-Frame-Options', 'DENY')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(
      `<!doctype html>\n<html lang="${page.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title><style>${STYLE}</style></head><body><main>${page.body}</main></body></html>`,
    );
}

const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);

/**
 * What a redirect URI's form-action source is: its origin (http/https) or its scheme (native apps);
 * undefined for what no browser should be sent to.
 */
export function formTargetOf(redirectUri: string): string | undefined {
  try {
    const url = new URL(redirectUri);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    if (UNSAFE_SCHEMES.has(url.protocol.toLowerCase())) return undefined;
    return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) ? url.protocol : undefined;
  } catch {
    return undefined;
  }
}

export function langOf(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'];
  return languageOf(Array.isArray(header) ? header[0] : header);
}

/** A problem shown to the user (never sent back to the client): unknown client, bad redirect URI… */
export function errorPage(
  reply: FastifyReply,
  lang: Lang,
  status: number,
  key: MessageKey,
  values: Record<string, string> = {},
) {
  return sendPage(reply, status, {
    lang,
    title: plain(lang, 'errorTitle'),
    body: `<h1>${t(lang, 'errorTitle')}</h1><p class="error" role="alert">${t(lang, key, values)}</p>`,
  });
}

/**
 * The OAuth errors' descriptions in Spanish, for the page an out-of-band client's user reads (a client
 * redirected to gets the reference's English texts, as its code may compare them).
 */
const DESCRIPTIONS_ES: Record<string, string> = {
  invalid_request:
    'Falta un parámetro obligatorio en la solicitud, incluye un valor no admitido o está mal formada.',
  invalid_client:
    'La autenticación del cliente ha fallado: cliente desconocido, sin autenticación o con un método no admitido.',
  invalid_grant:
    'La autorización enviada no es válida, ha caducado, se ha revocado, no coincide con la URI de redirección de la solicitud o se emitió para otro cliente.',
  unauthorized_client: 'El cliente no está autorizado a hacer esta solicitud con este método.',
  unsupported_grant_type: 'El servidor de autorización no admite este tipo de concesión.',
  unsupported_response_type: 'El servidor de autorización no admite este tipo de respuesta.',
  invalid_scope: 'El ámbito solicitado no es válido, es desconocido o está mal formado.',
  access_denied: 'El propietario del recurso o el servidor de autorización han denegado la solicitud.',
  server_error:
    'El servidor de autorización ha encontrado un problema inesperado y no ha podido atender la solicitud.',
};

/** An error's description in the page's language: the reference's text in English, ours in Spanish. */
export function describeError(lang: Lang, error: string, description: string): string {
  if (lang === 'en') return description;
  const parameter = /^(Missing required|Invalid) parameter: ([a-z_]+)\.$/.exec(description);
  if (parameter) {
    return `${parameter[1] === 'Invalid' ? 'Parámetro no válido' : 'Falta el parámetro obligatorio'}: ${parameter[2]}.`;
  }
  return DESCRIPTIONS_ES[error] ?? description;
}

/** An out-of-band client's error: shown, with the OAuth error code and description, never redirected. */
export function oobErrorPage(reply: FastifyReply, lang: Lang, error: string, description: string) {
  return sendPage(reply, 400, {
    lang,
    title: plain(lang, 'errorTitle'),
    body: `<h1>${t(lang, 'errorTitle')}</h1><p class="error" role="alert">${t(lang, 'refused')}</p><p>${t(lang, 'errorCode')}: <code>${escapeHtml(error)}</code></p><p>${escapeHtml(describeError(lang, error, description))}</p>`,
  });
}

export function consentPage(
  reply: FastifyReply,
  lang: Lang,
  page: {
    action: string;
    app: string;
    company: string;
    user: string;
    fields: Record<string, string | undefined>;
    formTarget: string | undefined;
  },
) {
  const values = { app: page.app, company: page.company, user: page.user };
  const hidden = Object.entries(page.fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return sendPage(reply, 200, {
    lang,
    title: plain(lang, 'consentTitle', values),
    formTarget: page.formTarget,
    body: `<h1>${t(lang, 'consentTitle', values)}</h1><p id="question">${t(lang, 'consentQuestion', values)}</p><p>${t(lang, 'consentDetail')}</p><form method="post" action="${escapeHtml(page.action)}" aria-labelledby="question">${hidden}<div class="actions"><button type="submit" name="decision" value="allow">${t(lang, 'allow')}</button><button type="submit" name="decision" value="deny">${t(lang, 'deny')}</button></div></form>`,
  });
}

export function codePage(reply: FastifyReply, lang: Lang, code: string | undefined) {
  if (!code) return errorPage(reply, lang, 400, 'noCode');
  return sendPage(reply, 200, {
    lang,
    title: plain(lang, 'codeTitle'),
    body: `<h1>${t(lang, 'codeTitle')}</h1><p>${t(lang, 'codeIntro')}</p><label for="code">${t(lang, 'codeLabel')}</label><input id="code" readonly value="${escapeHtml(code)}">`,
  });
}
