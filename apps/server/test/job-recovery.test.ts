// Issue 24 "A job cut mid-run resumes within a minute": a worker that claimed a job and then lost its
// database connection (or its process) never records the outcome, and the job stays "active". Every queue
// heartbeats, so supervision fails such a job once its heartbeat stops and another worker runs it again —
// within a minute, not after pg-boss's 15-minute expiry — and the fan-out's idempotency keeps it to one
// mail per developer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FANOUT_QUEUE } from '../src/modules/notifications/service';
import type { Runtime } from '../src/runtime';
import { createUser, signIn, startTestRuntime } from './support';

const DEVELOPERS = 25;

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a job whose worker vanished mid-run', () => {
  let runtime: Runtime;
  beforeAll(async () => {
    // No workers yet: the test claims the job first, as the worker that is about to vanish.
    runtime = await startTestRuntime();
  });
  afterAll(() => runtime?.close());

  it('runs again within a minute and mails each developer once', async () => {
    for (let i = 0; i < DEVELOPERS; i++) await createUser(runtime);
    const admin = await signIn(
      runtime.app,
      await createUser(runtime, { isAdmin: true, criticalEmails: false }),
    );
    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/admin/notifications',
      payload: { title: 'Vanished worker', summary: 'A drill.', body: 'Details', critical: true },
    });
    expect(created.statusCode).toBe(201);
    const notificationId = created.json().id as number;

    // The worker claims the fan-out (state active, heartbeat now) and is never heard of again.
    const claimed = await runtime.queue.boss.fetch(FANOUT_QUEUE);
    expect(claimed).toHaveLength(1);

    const vanishedAt = Date.now();
    await runtime.startWorkers();

    const mailsOf = () =>
      runtime.database.db
        .selectFrom('outbound_emails')
        .select(['to_address'])
        .where('notification_id', '=', notificationId)
        .execute();
    await until(async () => (await mailsOf()).length >= DEVELOPERS, 60_000);
    expect(Date.now() - vanishedAt).toBeLessThan(60_000);
    await until(
      async () =>
        (
          await runtime.database.db
            .selectFrom('notifications')
            .select('fanout_completed_at')
            .where('id', '=', notificationId)
            .executeTakeFirstOrThrow()
        ).fanout_completed_at !== null,
      10_000,
    );
    const mails = await mailsOf();
    expect(mails).toHaveLength(DEVELOPERS);
    expect(new Set(mails.map((mail) => mail.to_address)).size).toBe(DEVELOPERS);
  }, 90_000);
});
