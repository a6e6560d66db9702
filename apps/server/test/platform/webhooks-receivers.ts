import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlatformContext, WebhookDeps } from '@lintel/platform';

/** One POST a receiver got. */
export interface Received {
  headers: Record<string, string>;
  body: string;
  at: number;
}

export type Behaviour = (request: Received, response: ServerResponse) => void;

export const answer =
  (status: number, body = '', headers: Record<string, string> = {}): Behaviour =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/plain', ...headers });
    response.end(body);
  };

/** Never answers (the connection is held open until the receiver closes). */
export const hang: Behaviour = () => {};

/** A webhook receiver on 127.0.0.1 (no test traffic leaves the machine); its behaviour can change. */
export class Receiver {
  readonly received: Received[] = [];
  behaviour: Behaviour = answer(200, 'ok');
  #server: Server;
  #open = new Set<ServerResponse>();
  port = 0;

  private constructor() {
    this.#server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers[name] = value;
        }
        const got = { headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.received.push(got);
        this.#open.add(response);
        response.on('close', () => this.#open.delete(response));
        this.behaviour(got, response);
      });
    });
  }

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    receiver.port = (receiver.#server.address() as AddressInfo).port;
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async close(): Promise<void> {
    for (const response of this.#open) response.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** A port nothing listens on (bound, then closed). */
export async function closedPort(): Promise<number> {
  const receiver = await Receiver.start();
  const port = receiver.port;
  await receiver.close();
  return port;
}

/** Jobs as sent, instead of the queue: the tests run them (drainDestination) when they choose. */
export class SentJobs {
  readonly sent: { name: string; data: { url: string }; startAfter?: Date | undefined }[] = [];
  readonly jobs: WebhookDeps['jobs'] = {
    send: async (_executor, name, data, options) => {
      this.sent.push({ name, data: data as { url: string }, startAfter: options?.startAfter });
    },
  };
}

/** A platform context on a fake clock and a job recorder, over a runtime's database and sealer. */
export function fakeContext(
  base: PlatformContext,
  options: { start?: Date; allowPrivate?: boolean } = {},
): { ctx: PlatformContext; clock: { now: Date; advance(ms: number): void }; jobs: SentJobs } {
  const clock = {
    now: options.start ?? new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const jobs = new SentJobs();
  const ctx: PlatformContext = {
    ...base,
    now: () => clock.now,
    webhooks: {
      secrets: base.webhooks.secrets,
      jobs: jobs.jobs,
      allowPrivateDestinations: options.allowPrivate ?? true,
    },
  };
  return { ctx, clock, jobs };
}
