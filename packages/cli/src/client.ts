import type { CliConfig } from './config';
import { CliError, EXIT } from './errors';

export type Fetch = typeof fetch;

/** The portal's error body (ARCHITECTURE.md): `errors` are the human texts, shown as they are. */
interface ErrorBody {
  errors?: unknown;
  error?: { code?: unknown; message?: unknown };
}

/** Normalises a portal URL as typed: no trailing slash; http(s) only. */
export function portalUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(EXIT.usage, [
      `"${value}" is not a URL: give the portal's address, e.g. https://portal.example.com`,
    ]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(EXIT.usage, [`"${value}" is not an http(s) URL`]);
  }
  return url.toString().replace(/\/+$/, '');
}

function errorTexts(body: unknown): string[] {
  const parsed = (body ?? {}) as ErrorBody;
  if (Array.isArray(parsed.errors) && parsed.errors.every((text) => typeof text === 'string')) {
    return parsed.errors as string[];
  }
  if (typeof parsed.error?.message === 'string') return [parsed.error.message];
  return [];
}

/** One call to the portal's API with the bearer token; its JSON answer and headers, or a CliError. */
export class PortalClient {
  constructor(
    private readonly config: CliConfig,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  async request<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
  ): Promise<{ data: T; headers: Headers }> {
    const url = `${this.config.url}${path}`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers: {
          Authorization: `Bearer ${this.config.token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new CliError(EXIT.unreachable, [`Cannot reach the portal at ${this.config.url} (${why}).`]);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text.length > 0 ? JSON.parse(text) : null;
    } catch {
      // Not JSON: something other than the portal's API answers at this address.
      throw new CliError(EXIT.unreachable, [
        `${this.config.url} did not answer as a Lintel portal (HTTP ${response.status} ${method} ${path}, not JSON): check the URL.`,
      ]);
    }
    if (response.ok) return { data: parsed as T, headers: response.headers };
    const texts = errorTexts(parsed);
    if (response.status === 401) {
      throw new CliError(EXIT.unreachable, [
        ...(texts.length > 0 ? texts : ['Unauthorized']),
        'The token was refused: run `lintel login --url URL --token TOKEN` with a valid personal access token.',
      ]);
    }
    if (texts.length === 0) {
      throw new CliError(EXIT.unreachable, [
        `${this.config.url} did not answer as a Lintel portal (HTTP ${response.status} ${method} ${path}): check the URL.`,
      ]);
    }
    throw new CliError(response.status >= 500 ? EXIT.unreachable : EXIT.refused, texts);
  }

  /** Every page of a list (Total header), 100 at a time. */
  async list<T>(path: string, query: URLSearchParams): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      query.set('page', String(page));
      query.set('per_page', '100');
      const { data, headers } = await this.request<T[]>('GET', `${path}?${query.toString()}`);
      items.push(...data);
      const total = Number(headers.get('Total') ?? items.length);
      if (data.length === 0 || items.length >= total) return items;
    }
  }
}
