import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { JobQueue } from '../queue';
import type { JobDefinition } from '../workers';
import { mailRepository as repository } from './repository';
import { type RenderedEmail, type TemplateName, templates } from './templates';

export const MAIL_QUEUE = 'mail.deliver';
export const MAIL_DEAD_LETTER_QUEUE = 'mail.dead';

export interface MailJob {
  outboundEmailId: number;
}

type TemplateData<T extends TemplateName> = Parameters<(typeof templates)[T]>[0];

export interface EmailRequest<T extends TemplateName> {
  to: string;
  template: T;
  data: TemplateData<T>;
  /** One delivery per key, ever: retries, restarts and repeated calls never send twice. */
  idempotencyKey: string;
  /** The announcement this message belongs to, for its delivery progress. */
  notificationId?: number;
}

/** The delivery job and its dead letters: a message is tried MAIL_MAX_ATTEMPTS times, then marked failed. */
export function mailJobs(
  mailer: Mailer,
  db: Db,
  config: Pick<Config, 'mailMaxAttempts'>,
): [JobDefinition<MailJob>, JobDefinition<MailJob>] {
  return [
    {
      name: MAIL_QUEUE,
      retryLimit: config.mailMaxAttempts - 1,
      retryDelaySeconds: 2,
      deadLetter: MAIL_DEAD_LETTER_QUEUE,
      heartbeatSeconds: 30,
      batchSize: 25,
      concurrency: 2,
      handle: (job) => mailer.deliver(db, job),
    },
    {
      name: MAIL_DEAD_LETTER_QUEUE,
      retryLimit: 2,
      retryDelaySeconds: 5,
      handle: (job) => mailer.markDead(db, job),
    },
  ];
}

/**
 * Every e-mail goes through here: rendered from a template, recorded in outbound_emails and queued in the
 * caller's transaction, delivered by the mail job over SMTP when SMTP_URL is set.
 */
/** Runs `step` until it succeeds: up to a minute, backing off from 100 ms to 5 s between tries. */
async function untilDone(step: () => Promise<void>, budgetMs = 60_000): Promise<void> {
  const deadline = Date.now() + budgetMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      return await step();
    } catch (error) {
      if (Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export class Mailer {
  #transport: Promise<Transporter> | undefined;
  /** Hears each message the SMTP server took or refused (operators' metrics). */
  observe: { sent(): void; failed(): void } = { sent: () => {}, failed: () => {} };

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailMaxAttempts'>,
    private readonly queue: JobQueue,
  ) {}

  /**
   * The SMTP transport, made on the first delivery: nodemailer is loaded only by a server that sends
   * (about 20 MB a server without SMTP never needs). A pool of connections: a fan-out of thousands of
   * messages must not open one connection each.
   */
  private transport(smtpUrl: string): Promise<Transporter> {
    this.#transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 5,
        maxMessages: 500,
        // A silent relay must not hold a worker for nodemailer's default ten minutes.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      }),
    );
    return this.#transport;
  }

  /** Records and enqueues one message; call it with the transaction of the change that causes it. */
  async enqueue<T extends TemplateName>(trx: Db, request: EmailRequest<T>): Promise<void> {
    await this.enqueueMany(trx, [request]);
  }

  /** Records and enqueues many messages in one round trip each (fan-out); duplicates by key are skipped. */
  async enqueueMany<T extends TemplateName>(trx: Db, requests: EmailRequest<T>[]): Promise<number> {
    if (requests.length === 0) return 0;
    const render = templates[requests[0]?.template as T] as (data: TemplateData<T>) => RenderedEmail;
    const ids = await repository.insertMany(
      trx,
      requests.map((request) => {
        const rendered = (templates[request.template] as typeof render)(request.data);
        return {
          idempotencyKey: request.idempotencyKey,
          to: request.to,
          subject: rendered.subject,
          template: request.template,
          text: rendered.text,
          html: rendered.html,
          notificationId: request.notificationId ?? null,
        };
      }),
    );
    await this.queue.insert(
      trx,
      MAIL_QUEUE,
      ids.map((id) => ({ outboundEmailId: id }) satisfies MailJob),
    );
    return ids.length;
  }

  /** The mail job: idempotent (a sent message is never sent again), retried with backoff, failed at last. */
  async deliver(db: Db, job: MailJob): Promise<void> {
    // Without SMTP the message stays queued in outbound_emails, where admins read it.
    if (!this.config.smtpUrl) return;
    const transport = await this.transport(this.config.smtpUrl);
    // Claiming and counting the attempt is one statement: a sent or failed message is never retried.
    const email = await repository.claimAttempt(db, job.outboundEmailId);
    if (!email) return;
    const attempts = email.attempts;
    try {
      await transport.sendMail({
        from: this.config.mailFrom,
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body,
        messageId: `<outbound-${email.id}.${email.idempotency_key.replace(/[^a-zA-Z0-9.-]/g, '-')}@lintel.localhost>`,
      });
    } catch (error) {
      this.observe.failed();
      const final = attempts >= this.config.mailMaxAttempts;
      await repository.recordFailure(
        db,
        email.id,
        error instanceof Error ? error.message : String(error),
        final,
      );
      if (!final) throw error;
      return;
    }
    this.observe.sent();
    // The message is out: recording that must not fail with a passing database outage, or the job's
    // retry would send it a second time (issue 8: every developer gets the mail exactly once).
    await untilDone(() => repository.markSent(db, email.id));
  }

  /** Dead letters: the queue gave up on the message. */
  async markDead(db: Db, job: MailJob): Promise<void> {
    await repository.recordFailure(db, job.outboundEmailId, 'Gave up after the last retry.', true);
  }

  async close(): Promise<void> {
    (await this.#transport)?.close();
  }
}
