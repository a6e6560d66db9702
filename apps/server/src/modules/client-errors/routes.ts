import { clientErrorEndpoints as api, type ClientErrorReport } from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import { loggableUrl } from '../../http/request-log';
import { route } from '../../http/route';
import { WindowLimiter } from '../../http/throttle';

/** Reports one client address may send per minute, and all of them together (this process). */
export const CLIENT_ERROR_RATE = { perClient: 10, total: 300, windowMs: 60_000 } as const;

/**
 * The report as logged: the page URL without its fragment (OAuth implicit flows put tokens there) and
 * with the values of secret-looking query parameters replaced, as the request log does.
 */
export function loggableReport(report: ClientErrorReport, headerUserAgent: string | undefined) {
  const url = report.url ? loggableUrl(report.url.split('#')[0] ?? '') : undefined;
  return {
    message: report.message,
    stack: report.stack || undefined,
    url: url || undefined,
    userAgent: (report.user_agent || headerUserAgent)?.slice(0, 500),
  };
}

/**
 * POST /api/v1/client_errors: the web app's crash screen reports what broke (spec 2 §8: "It has been
 * logged and reported"). No session is needed (a crash may come before sign-in); nothing is stored,
 * one log line is written, and each client address gets a few reports a minute (429 beyond).
 */
export function clientErrorRoutes(app: FastifyInstance): void {
  const limiter = new WindowLimiter({
    perKey: CLIENT_ERROR_RATE.perClient,
    total: CLIENT_ERROR_RATE.total,
    windowMs: CLIENT_ERROR_RATE.windowMs,
  });
  route(app, api.report, {
    handler: async (request) => {
      limiter.takeOrRefuse(request.ip, 'Too many error reports. Please slow down.');
      request.log.error(
        { clientError: loggableReport(request.body, request.headers['user-agent']) },
        'client error',
      );
      return undefined;
    },
  });
}
