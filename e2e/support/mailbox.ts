import { createServer, type Server } from 'node:http';
import type { Server as NetServer } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { MAILBOX_PORT, SMTP_PORT } from './env';

/** One message the portal delivered, as a reader would see it. */
export interface ReceivedMessage {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: Date;
}

export interface MessageQuery {
  to: string;
  /** A part of the subject (case-insensitive) or a pattern it must match. */
  subject?: string | RegExp;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, with a small HTTP service that
 * answers them as JSON. The portal's mail job delivers to it over SMTP (SMTP_URL in the Playwright
 * config), exactly as it would to a production relay. One per run, in the web server's process
 * (e2e/support/server.ts): journeys run in two workers at once, and every recipient address is a
 * journey's own, so they share it.
 */
export class MailboxServer {
  readonly messages: ReceivedMessage[] = [];
  #smtp: SMTPServer | undefined;
  #http: Server | undefined;

  constructor(
    private readonly smtpPort = SMTP_PORT,
    private readonly httpPort = MAILBOX_PORT,
  ) {}

  async start(): Promise<void> {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 1000,
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        readAll(stream)
          .then((raw) => PostalMime.parse(raw))
          .then((email) => {
            this.messages.push({
              to,
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              receivedAt: new Date(),
            });
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      },
    });
    smtp.on('error', () => {
      // A client that hangs up mid-message is the portal's problem to retry, not the test's.
    });
    this.#smtp = smtp;
    await listen(smtp.server, this.smtpPort);
    // GET /messages?to=<address>: that recipient's messages (all of them without `to`), oldest first.
    const http = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://mailbox');
      if (request.method !== 'GET' || url.pathname !== '/messages') {
        response.writeHead(404).end();
        return;
      }
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = to ? this.messages.filter((message) => message.to.includes(to)) : this.messages;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
    });
    this.#http = http;
    await listen(http, this.httpPort);
  }

  async stop(): Promise<void> {
    const smtp = this.#smtp;
    const http = this.#http;
    this.#smtp = undefined;
    this.#http = undefined;
    await Promise.all([
      smtp && new Promise<void>((resolve) => smtp.close(() => resolve())),
      http && new Promise<void>((resolve) => http.close(() => resolve())),
    ]);
  }
}

function listen(server: NetServer, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The run's mailbox as a journey reads it: the messages the run's MailboxServer received. */
export class Mailbox {
  constructor(private readonly url = `http://127.0.0.1:${MAILBOX_PORT}`) {}

  /** Checks that the run's mailbox answers (the web server starts it before the portal). */
  async start(): Promise<void> {
    await this.all();
  }

  /** Nothing to stop: the mailbox lives as long as the run's web server. */
  async stop(): Promise<void> {}

  /** Every message received so far (to one address when `to` is given), oldest first. */
  async all(to?: string): Promise<ReceivedMessage[]> {
    const response = await fetch(`${this.url}/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`);
    if (!response.ok) throw new Error(`The run's mailbox answered ${response.status}.`);
    const messages = (await response.json()) as (Omit<ReceivedMessage, 'receivedAt'> & {
      receivedAt: string;
    })[];
    return messages.map((message) => ({ ...message, receivedAt: new Date(message.receivedAt) }));
  }

  async find(query: MessageQuery): Promise<ReceivedMessage | undefined> {
    const messages = await this.all(query.to);
    return messages.find((message) => subjectMatches(message.subject, query.subject));
  }

  /** Polls until a matching message has arrived; the mail job delivers asynchronously, with retries. */
  async waitForMessage(query: MessageQuery, timeoutMs = 30_000): Promise<ReceivedMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await this.find(query);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen =
          (await this.all(query.to)).map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
        throw new Error(
          `No e-mail to ${query.to}${query.subject ? ` about ${String(query.subject)}` : ''} within ${timeoutMs} ms (received: ${seen}).`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function subjectMatches(subject: string, expected: string | RegExp | undefined): boolean {
  if (expected === undefined) return true;
  if (typeof expected === 'string') return subject.toLowerCase().includes(expected.toLowerCase());
  return expected.test(subject);
}

/** The link in a message that carries a `token=` (confirmation and reset e-mails), from its text part. */
export function linkFrom(message: ReceivedMessage): string {
  const pattern = /https?:\/\/[^\s"'<>]+[?&]token=[^\s"'<>&]+/;
  const match = message.text.match(pattern) ?? message.html.replace(/&amp;/g, '&').match(pattern);
  if (!match) throw new Error(`No link with a token in the e-mail "${message.subject}".`);
  return match[0];
}
