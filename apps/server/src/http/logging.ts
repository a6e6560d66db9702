import type { FastifyServerOptions } from 'fastify';
import { loggableUrl } from './request-log';

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
        url: loggableUrl(request.url),
        host: request.headers?.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
