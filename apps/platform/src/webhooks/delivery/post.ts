import type { Agent, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { METADATA_ADDRESSES } from './addresses';

/** Webhooks.md §5: a receiver has 5 s to answer. */
export const DELIVERY_TIMEOUT_MS = 5000;
/** Response bodies are read up to this many bytes, then the connection is dropped. */
export const RESPONSE_BODY_CAP = 10 * 1024;

/** What one POST came back with. */
export interface PostOutcome {
  ok: boolean;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  /** Why it failed, in words; null on a 2xx. */
  error: string | null;
}

export interface PostOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Ends the request at once (the process is stopping); the promise then rejects. */
  signal?: AbortSignal;
}

/**
 * The metadata addresses as the resolver may give them, compared as text by the filter (it matches
 * single addresses exactly; CIDR entries of the other family would make it refuse everything).
 */
const DENIED = [...METADATA_ADDRESSES, '::ffff:169.254.169.254', '::ffff:a9fe:a9fe'];

const agents = new Map<string, Agent>();

/**
 * request-filtering-agent is loaded when the first webhook is sent, not at start: a portal that sends
 * none never holds it (issue 24: the idle server's memory).
 */
let filtering: Promise<typeof import('request-filtering-agent')> | undefined;

/**
 * The connect-time guard: request-filtering-agent checks every address a host resolves to (and literal
 * addresses) before connecting, so a name that turned private after the hook was saved is refused.
 * Sockets are kept alive per destination: a receiver taking a burst is not reconnected for each event.
 */
async function agentFor(protocol: string, allowPrivate: boolean): Promise<Agent> {
  const key = `${protocol}${allowPrivate}`;
  const known = agents.get(key);
  if (known) return known;
  filtering ??= import('request-filtering-agent');
  const { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } = await filtering;
  let agent = agents.get(key);
  if (!agent) {
    const options = {
      keepAlive: true,
      maxSockets: 4,
      allowPrivateIPAddress: allowPrivate,
      allowMetaIPAddress: false,
      denyIPAddressList: DENIED,
    };
    agent =
      protocol === 'https:'
        ? new RequestFilteringHttpsAgent(options)
        : new RequestFilteringHttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_OSSL)/;

/** A network error in the words the deliveries log shows. */
export function describeError(error: unknown, host: string): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  if (/is not allowed\. Because/.test(text)) {
    return /denyIPAddressList/.test(text)
      ? `Refused: ${host} is a cloud metadata address`
      : `Refused: ${host} resolves to a loopback, private or link-local address`;
  }
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NODATA':
      return `DNS lookup failed: ${host} does not resolve`;
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
      return 'Connection reset by the receiver';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'Host unreachable';
    case 'EPIPE':
      return 'Connection closed by the receiver';
  }
  if (code && TLS_CODES.test(code)) return `TLS error: ${text}`;
  if (/ssl|tls|certificate/i.test(text)) return `TLS error: ${text}`;
  return `Request failed: ${text}`;
}

function headersOf(response: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * POSTs one delivery. 5 s from the start of the request to the end of the (capped) answer, connection
 * included; redirects are not followed (a 3xx fails like any answer other than 2xx).
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  const target = new URL(url);
  const agent = await agentFor(target.protocol, options.allowPrivate);
  if (options.signal?.aborted) throw new Error('delivery abandoned');
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const payload = Buffer.from(body, 'utf8');
  return new Promise<PostOutcome>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      resolve(outcome);
    };
    const fail = (error: string, status: number | null = null) =>
      finish({ ok: false, status, headers: null, body: null, error });
    const req = send(target, {
      method: 'POST',
      agent,
      headers: { ...headers, 'content-length': String(payload.length) },
    });
    let answeredStatus: number | null = null;
    const timer = setTimeout(() => {
      fail(`Timed out after ${timeoutMs / 1000} s`, answeredStatus);
      req.destroy();
    }, timeoutMs);
    const abort = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(new Error('delivery abandoned'));
    };
    options.signal?.addEventListener('abort', abort, { once: true });
    req.on('error', (error) => fail(describeError(error, target.hostname)));
    req.on('response', (response) => {
      const status = response.statusCode ?? 0;
      answeredStatus = status;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_CAP).toString('utf8');
        const ok = status >= 200 && status < 300;
        const error = ok
          ? null
          : status >= 300 && status < 400
            ? `HTTP ${status} (redirects are not followed)`
            : `HTTP ${status}`;
        finish({ ok, status, headers: headersOf(response), body: text, error });
      };
      response.on('data', (chunk: Buffer) => {
        if (size >= RESPONSE_BODY_CAP) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_BODY_CAP) {
          done();
          // The rest is not read: the socket goes, it is not kept for the next delivery.
          response.destroy();
          req.destroy();
        }
      });
      response.on('end', done);
      response.on('error', () => done());
      response.on('aborted', () => done());
    });
    req.end(payload);
  });
}
