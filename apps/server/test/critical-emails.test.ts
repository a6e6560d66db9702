import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from '../src/jobs/mail/mailer';
import { NotificationService } from '../src/modules/notifications/service';
import type { Runtime } from '../src/runtime';
import { Mailbox } from './mailbox';
import { type Client, createNotification, createUser, signIn, startTestRuntime } from './support';

let mailbox: Mailbox;
let runtime: Runtime;
let admin: Client;

async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Everyone a critical notification is e-mailed to: confirmed users with critical e-mails on. */
function criticalRecipients() {
  return runtime.database.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('critical_emails', '=', true)
    .where('confirmed_at', 'is not', null)
    .execute();
}

beforeAll(async () => {
  mailbox = new Mailbox();
  runtime = await startTestRuntime({ env: { SMTP_URL: await mailbox.start() }, workers: true });
  admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true, criticalEmails: false }));
});
afterAll(async () => {
  await runtime?.close();
  await mailbox?.stop();
});

describe('critical notifications are e-mailed exactly once to opted-in developers', () => {
  it('sends subject = title and body = summary (rendered), never the body, and reports progress', async () => {
    const optedIn = [await createUser(runtime), await createUser(runtime), await createUser(runtime)];
    const optedOut = await createUser(runtime, { criticalEmails: false });
    const unconfirmed = await createUser(runtime, { confirmed: false });

    const response = await admin.request({
      method: 'POST',
      url: '/api/v1/admin/notifications',
      payload: {
        title: 'Planned outage on Sunday',
        summary: 'The **API** is down from 2:00 to 4:00 UTC.',
        body: 'SECRET-BODY-TEXT with all the details',
        critical: true,
      },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();

    for (const user of optedIn) {
      const message = await mailbox.waitFor((m) => m.to.includes(user.email));
      expect(message.subject).toBe('Planned outage on Sunday');
      expect(message.text).toContain('The API is down from 2:00 to 4:00 UTC.');
      expect(message.html).toContain('<strong>API</strong>');
      expect(message.text).not.toContain('SECRET-BODY-TEXT');
      expect(message.html).not.toContain('SECRET-BODY-TEXT');
    }
    const progress = await until(
      async () =>
        (await admin.request({ method: 'GET', url: `/api/v1/admin/notifications/${id}` })).json().delivery,
      (delivery) => delivery.sent === delivery.total && delivery.total > 0,
    );
    const recipients = await criticalRecipients();
    expect(progress).toEqual({ total: recipients.length, queued: 0, sent: recipients.length, failed: 0 });
    for (const { email } of recipients) {
      expect(
        mailbox.messages.filter((m) => m.to.includes(email) && m.subject === 'Planned outage on Sunday'),
      ).toHaveLength(1);
    }
    for (const user of [optedOut, unconfirmed, admin.user]) {
      expect(mailbox.messages.filter((m) => m.to.includes(user.email))).toEqual([]);
    }
  });

  it('renders markdown safely: no raw HTML, event handlers, javascript: or data: links', async () => {
    const reader = await createUser(runtime);
    await admin.request({
      method: 'POST',
      url: '/api/v1/admin/notifications',
      payload: {
        title: 'Safety check',
        summary:
          'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> [click](javascript:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=) [ok](https://example.com/ok)',
        body: 'b',
        critical: true,
      },
    });
    const message = await mailbox.waitFor((m) => m.to.includes(reader.email) && m.subject === 'Safety check');
    expect(message.html).not.toMatch(/<script|onerror|javascript:|data:text/i);
    expect(message.html).toContain('href="https://example.com/ok"');
  });

  it('finishes after a crash halfway without sending anyone a second message', async () => {
    const notification = await createNotification(runtime, { critical: true, title: 'Crash test' });
    const recipients = await criticalRecipients();
    expect(recipients.length).toBeGreaterThanOrEqual(4);

    // The first run dies after one batch of two.
    const flaky = new Mailer(runtime.config, runtime.queue);
    let batches = 0;
    const enqueueMany = flaky.enqueueMany.bind(flaky);
    flaky.enqueueMany = async (trx, requests) => {
      batches += 1;
      if (batches === 2) throw new Error('killed');
      return enqueueMany(trx, requests);
    };
    const deps = {
      db: runtime.database.db,
      config: runtime.config,
      queue: runtime.queue,
      fanoutBatchSize: 2,
    };
    await expect(
      new NotificationService({ ...deps, mailer: flaky }).fanOut({ notificationId: notification.id }),
    ).rejects.toThrow('killed');
    const halfway = await runtime.database.db
      .selectFrom('outbound_emails')
      .select('id')
      .where('notification_id', '=', notification.id)
      .execute();
    expect(halfway).toHaveLength(2);

    // The retry, and a stray second run, continue where it stopped.
    const service = new NotificationService({ ...deps, mailer: runtime.mailer });
    await service.fanOut({ notificationId: notification.id });
    await service.fanOut({ notificationId: notification.id });
    const rows = await runtime.database.db
      .selectFrom('outbound_emails')
      .select(['to_address'])
      .where('notification_id', '=', notification.id)
      .execute();
    expect(rows).toHaveLength(recipients.length);
    expect(new Set(rows.map((r) => r.to_address)).size).toBe(recipients.length);
    await until(
      async () => mailbox.messages.filter((m) => m.subject === 'Crash test').length,
      (count) => count >= recipients.length,
    );
    expect(mailbox.messages.filter((m) => m.subject === 'Crash test')).toHaveLength(recipients.length);
  });
});
