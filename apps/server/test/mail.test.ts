import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { Mailbox } from './mailbox';
import { createUser, outboundEmails, registerViaApi, startTestRuntime, tokenFrom } from './support';

let mailbox: Mailbox;
let runtime: Runtime;

async function waitForRow(id: number, status: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const row = await runtime.database.db
      .selectFrom('outbound_emails')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.status === status) return row;
    if (Date.now() > deadline) throw new Error(`e-mail ${id} is still ${row.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  runtime = await startTestRuntime({ env: { SMTP_URL: smtpUrl, MAIL_MAX_ATTEMPTS: '3' }, workers: true });
});
afterAll(async () => {
  await runtime?.close();
  await mailbox?.stop();
});

describe('mail delivery through the job queue', () => {
  it('sends the confirmation e-mail over SMTP as text and HTML and records it as sent', async () => {
    await registerViaApi(runtime, { name: 'Ñandú Müller', email: 'smtp@example.test' });
    const message = await mailbox.waitFor((m) => m.to.includes('smtp@example.test'));
    expect(message.subject).toBe('Confirm your Lintel account');
    expect(message.text).toContain('Ñandú Müller');
    const [row] = (await outboundEmails(runtime)).filter((e) => e.to_address === 'smtp@example.test');
    const token = tokenFrom(message.text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(message.html).toContain(`token=${token}`);
    const sent = await waitForRow(row?.id ?? 0, 'sent');
    expect(sent.attempts).toBe(1);
    expect(sent.sent_at).toBeInstanceOf(Date);
    // The stored copy shows that a link was sent, never the link itself (issue 8 "secrets out of copies").
    expect(sent.text_body).toContain('token=[redacted]');
    expect(sent.html_body).toContain('token=[redacted]');
    expect(`${sent.text_body}${sent.html_body}`).not.toContain(token);
  });

  it('never sends a message twice: a repeated delivery and a repeated request are no-ops', async () => {
    const user = await createUser(runtime);
    await runtime.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 2; i++) {
        await runtime.mailer.enqueue(trx, {
          to: user.email,
          template: 'passwordReset',
          data: { name: user.name, url: 'http://portal.test/password/reset?token=abc' },
          idempotencyKey: `test-once:${user.id}`,
        });
      }
    });
    const rows = (await outboundEmails(runtime)).filter((e) => e.to_address === user.email);
    expect(rows).toHaveLength(1);
    await waitForRow(rows[0]?.id ?? 0, 'sent');
    await runtime.mailer.deliver(runtime.database.db, { outboundEmailId: rows[0]?.id ?? 0 });
    expect(mailbox.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it('retries a temporary SMTP failure with backoff and then delivers', async () => {
    mailbox.refuseNext = 1;
    const user = await createUser(runtime);
    await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/password_resets',
      payload: { email: user.email },
    });
    await mailbox.waitFor((m) => m.to.includes(user.email), 30_000);
    const [row] = (await outboundEmails(runtime)).filter((e) => e.to_address === user.email);
    const sent = await waitForRow(row?.id ?? 0, 'sent');
    expect(sent.attempts).toBe(2);
  });

  it('marks a message failed after the last attempt', async () => {
    const user = await createUser(runtime);
    const id = await runtime.database.db.transaction().execute(async (trx) => {
      await runtime.mailer.enqueue(trx, {
        to: user.email,
        template: 'passwordReset',
        data: { name: user.name, url: 'http://portal.test/x?token=t' },
        idempotencyKey: `test-fail:${user.id}`,
      });
      const row = await trx
        .selectFrom('outbound_emails')
        .select('id')
        .where('to_address', '=', user.email)
        .executeTakeFirstOrThrow();
      return row.id;
    });
    // Run the attempts directly so the test does not wait for the backoff.
    await runtime.queue.boss.deleteAllJobs('mail.deliver');
    mailbox.refuseNext = 3;
    await expect(runtime.mailer.deliver(runtime.database.db, { outboundEmailId: id })).rejects.toThrow();
    await expect(runtime.mailer.deliver(runtime.database.db, { outboundEmailId: id })).rejects.toThrow();
    await runtime.mailer.deliver(runtime.database.db, { outboundEmailId: id });
    const row = await waitForRow(id, 'failed');
    expect(row.attempts).toBe(3);
    expect(row.last_error).toMatch(/Try again later/);
    await runtime.mailer.deliver(runtime.database.db, { outboundEmailId: id });
    expect((await waitForRow(id, 'failed')).attempts).toBe(3);
  });
});

describe('without SMTP_URL', () => {
  /** Runs `check` on a runtime of its own, without SMTP, holding the one queued e-mail of a password reset. */
  async function withQueuedResetMail(check: (local: Runtime, outboundEmailId: number) => Promise<void>) {
    const local = await startTestRuntime({ workers: false });
    try {
      const user = await createUser(local);
      await local.app.inject({
        method: 'POST',
        url: '/api/v1/password_resets',
        payload: { email: user.email },
      });
      const [row] = await outboundEmails(local);
      await check(local, row?.id ?? 0);
    } finally {
      await local.close();
    }
  }

  it('keeps messages queued in outbound_emails', async () => {
    await withQueuedResetMail(async (local, outboundEmailId) => {
      await local.mailer.deliver(local.database.db, { outboundEmailId });
      const after = (await outboundEmails(local))[0];
      expect(after).toMatchObject({ status: 'queued', attempts: 0, sent_at: null });
    });
  });

  it('marks a dead-lettered message failed', async () => {
    await withQueuedResetMail(async (local, outboundEmailId) => {
      await local.mailer.markDead(local.database.db, { outboundEmailId });
      expect((await outboundEmails(local))[0]?.status).toBe('failed');
    });
  });
});
