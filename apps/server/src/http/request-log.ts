import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';

/*
 * One log line per request, made cheaply. Fastify's own request logging writes two lines per request
 * (one with the full URL, query secrets included) through a pino child logger made for every request
 * (~30 µs each, most of it for requests that never log anything else). Here:
 * - `request.log` is a lazy child: the pino child (with the request id) is made the first time the
 *   request logs at an enabled level (an error, a warning), not for every request;
 * - one line when the answer is sent (RequestLogController): request id, method, URL with the values of
 *   secret-looking query parameters replaced, status and response time.
 */

type Bindings = Record<string, unknown>;
type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Query parameters whose values never reach the log (tokens of confirmation and reset links, …). */
const SECRET_PARAMETER = /token|password|secret|code|key|signature|session|credential/i;

/** The URL as logged: the path, and the query with the values of secret-looking parameters replaced. */
export function loggableUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const parts = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const rawKey = equals === -1 ? part : part.slice(0, equals);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as written.
      }
      return equals !== -1 && SECRET_PARAMETER.test(key) ? `${rawKey}=[redacted]` : part;
    });
  return `${url.slice(0, start)}?${parts.join('&')}`;
}

/** Whether a logger writes `level` (pino says; a logger that cannot say is taken to write it). */
function enabled(logger: FastifyBaseLogger, level: string): boolean {
  const { isLevelEnabled } = logger as { isLevelEnabled?: (level: string) => boolean };
  return isLevelEnabled ? isLevelEnabled.call(logger, level) : true;
}

/** `request.log` that makes its pino child on first use. */
class LazyChildLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #log(method: Method, args: unknown[]): void {
    // A disabled level costs nothing: the child is only made for a line that is written.
    if (!this.#child && !enabled(this.#parent, method)) return;
    (this.#logger()[method] as (...values: unknown[]) => void)(...args);
  }

  isLevelEnabled(level: string): boolean {
    return enabled(this.#child ?? this.#parent, level);
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: object) {
    return this.#logger().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child, unless the route sets its own level or serializers
 * (then pino's child at once, as Fastify would make it).
 */
export function lazyChildLoggerFactory(
  this: FastifyInstance,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: object,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings) as unknown as FastifyBaseLogger;
}

/**
 * Fastify's `logController`: no "incoming request" line, and one line per answered request (written
 * with the server's logger and the request id, so it makes no child logger).
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const log = request.server.log;
    const level = error ? 'error' : 'info';
    if (!enabled(log, level)) return;
    log[level](
      {
        reqId: request.id,
        method: request.method,
        url: loggableUrl(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ...(error ? { err: error } : {}),
      },
      error ? 'request errored' : 'request',
    );
  }
}
