import type { Socket } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { SMTP_PORT } from './env';

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
 * A real SMTP server on 127.0.0.1 that keeps every message it receives. The portal's mail job delivers
 * to it over SMTP (SMTP_URL in the Playwright config), exactly as it would to a production relay.
 */
export class Mailbox {
  readonly messages: ReceivedMessage[] = [];
  #server: SMTPServer | undefined;
  readonly #sockets = new Set<Socket>();

  constructor(private readonly port = SMTP_PORT) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
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
    server.on('error', () => {
      // A client that hangs up mid-message is the portal's problem to retry, not the test's.
    });
    this.#server = server;
    server.server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // The next test file listens on the same port: do not wait for idle connections to linger.
      for (const socket of this.#sockets) socket.destroy();
    });
  }

  find(query: MessageQuery): ReceivedMessage | undefined {
    const to = query.to.toLowerCase();
    return this.messages.find(
      (message) => message.to.includes(to) && subjectMatches(message.subject, query.subject),
    );
  }

  /** Polls until a matching message has arrived; the mail job delivers asynchronously, with retries. */
  async waitForMessage(query: MessageQuery, timeoutMs = 30_000): Promise<ReceivedMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.find(query);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = this.messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
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
