import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach a log: tokens, secrets, passwords (issue 8). */
const SECRET_PARAMETER = /token|secret|password/i;

/** The URL with the values of secret-looking query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName);
      } catch {}
      return equals >= 0 && SECRET_PARAMETER.test(name) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  headers?: { host?: string };
}

/** The server's logger: the level, and requests logged without the secrets a URL may carry. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.headers?.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
