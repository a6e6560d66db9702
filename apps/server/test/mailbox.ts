import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export class Mailbox {
  readonly messages: ReceivedMessage[] = [];
  /** When set, the server refuses the next N messages with a temporary error. */
  refuseNext = 0;
  /** When set, each message is held this long before the server accepts it (a slow SMTP server). */
  holdMs = 0;
  /** Messages whose data arrived and are being held. */
  receiving = 0;
  #server: SMTPServer;
  port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          if (this.holdMs > 0) {
            this.receiving += 1;
            await new Promise((resolve) => setTimeout(resolve, this.holdMs));
            this.receiving -= 1;
          }
          if (this.refuseNext > 0) {
            this.refuseNext -= 1;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          this.messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
            messageId: parsed.messageId ?? '',
          });
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async waitFor(
    predicate: (message: ReceivedMessage) => boolean,
    timeoutMs = 20_000,
  ): Promise<ReceivedMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no such message arrived');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
