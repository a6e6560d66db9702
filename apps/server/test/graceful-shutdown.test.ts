// Issue 24 "Graceful restarts": on SIGTERM the real server process stops taking connections, answers the
// request in flight, lets the running mail job finish (the mail goes out once: not lost, not sent again by
// the next process), closes the pool and exits 0. PostgreSQL only: the next process must open the same
// database while the test reads it (PGlite keeps a data directory to one process).
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/index';
import { Mailbox } from './mailbox';
import { serverEnv, startServer } from './server-process';
import { createTestDatabase } from './support';

const postgres = process.env.TEST_DATABASE_URL;

/** Sends a request's head and half its body now; `finish` sends the rest and resolves with the answer. */
function slowRequest(url: string, path: string, body: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (chunk) => {
    answer += String(chunk);
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  const half = Math.floor(body.length / 2);
  const opened = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return {
    started: opened.then(() => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
      );
    }),
    finish: () => {
      socket.write(body.slice(half));
      return closed;
    },
  };
}

describe.runIf(postgres)('SIGTERM (the real server process, PostgreSQL)', () => {
  let database: DatabaseHandle;
  let mailbox: Mailbox;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase();
    mailbox = new Mailbox();
    env = serverEnv(database.connectionString ?? '', {
      SMTP_URL: await mailbox.start(),
      SCRYPT_LOG_N: '10',
      SHUTDOWN_GRACE_MS: '10000',
    });
  });
  afterAll(async () => {
    await mailbox?.stop();
    await database?.close();
  });

  it('answers the request in flight, finishes the mail job once, and exits 0', async () => {
    const server = await startServer(env);
    try {
      // A mail job in flight: the sign-up's confirmation, held by a slow SMTP server.
      mailbox.holdMs = 3_000;
      const email = `shutdown-${randomBytes(3).toString('hex')}@example.test`;
      const signUp = await fetch(`${server.url}/api/v1/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Sig Term',
          company_name: 'Exit Co',
          email,
          password: 'a long password 1',
        }),
      });
      expect(signUp.status).toBe(201);
      const deadline = Date.now() + 30_000;
      while (mailbox.receiving === 0) {
        if (Date.now() > deadline) throw new Error(`the mail job never reached SMTP:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      // A request in flight: its head and half its body are in when the signal comes.
      const request = slowRequest(
        server.url,
        '/api/v1/session',
        JSON.stringify({ email, password: 'not the password' }),
      );
      await request.started;
      await new Promise((resolve) => setTimeout(resolve, 200));
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));

      // New connections are refused (or answered 503) while the old ones finish.
      const late = await fetch(`${server.url}/api/v1/health/live`).then(
        (response) => response.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(late);

      const answer = await request.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 (401|403)/);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
      expect(mailbox.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }

    // The next process on the same database does not send it again.
    mailbox.holdMs = 0;
    const next = await startServer(env);
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(mailbox.messages.filter((message) => message.subject.length > 0)).toHaveLength(1);
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    } finally {
      if (next.child.exitCode === null) next.child.kill('SIGKILL');
    }
  }, 180_000);

  it('exits at once on a second signal', async () => {
    const server = await startServer(env);
    try {
      mailbox.holdMs = 20_000;
      const email = `twice-${randomBytes(3).toString('hex')}@example.test`;
      await fetch(`${server.url}/api/v1/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Two Signals',
          company_name: 'Exit Co',
          email,
          password: 'a long password 1',
        }),
      });
      const deadline = Date.now() + 30_000;
      while (mailbox.receiving === 0) {
        if (Date.now() > deadline) throw new Error('the mail job never reached SMTP');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      // Well before the job (held 20 s) or the grace (10 s) would have ended.
      expect(Date.now() - signalled).toBeLessThan(5_000);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      mailbox.holdMs = 0;
    }
  }, 120_000);
});
