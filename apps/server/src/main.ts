import { ConfigError, loadConfig } from './config';
import { loggerOptions } from './http/logging';
import { reconcileSandboxes } from './modules/sandboxes/reconcile';
import { type Runtime, startRuntime } from './runtime';
import { DEMO_ACCOUNTS, demoDepsOf, seedDemo } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  // A signal while starting (the migrations, each run in the migrator's one transaction; the demo seed):
  // stop at once. The transaction in progress rolls back with its connection, and the next start runs
  // the migrations that did not commit.
  const stopWhileStarting = (signal: NodeJS.Signals) => {
    process.stderr.write(
      `Lintel received ${signal} while starting and stopped; a migration in progress is rolled back and the next start completes it.\n`,
    );
    process.exit(1);
  };
  process.once('SIGTERM', stopWhileStarting);
  process.once('SIGINT', stopWhileStarting);
  const runtime = await startRuntime(config, { logger: loggerOptions(config.logLevel) });
  const { app } = runtime;

  if (config.seedDemo) {
    const started = performance.now();
    if (await seedDemo(demoDepsOf(runtime), config)) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      app.log.info(`Seeded the demo accounts and the demo app on an empty database in ${seconds} s.`);
    }
  }

  let stopping = false;
  const stop = async (signal: string) => {
    // A second signal while finishing: the operator wants out now.
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    app.log.info(
      { signal, graceMs: config.shutdownGraceMs },
      'shutting down: no new connections; finishing requests in flight and running jobs',
    );
    const timer = setTimeout(() => {
      app.log.error(`shutdown took longer than ${config.shutdownGraceMs} ms; exiting`);
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    try {
      await runtime.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.off('SIGTERM', stopWhileStarting);
  process.off('SIGINT', stopWhileStarting);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  await untilReady(runtime);
  const where = runtime.database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL';
  const lines = [
    '',
    `  Lintel is running at ${config.publicUrl} (database: ${where}; mail: ${config.smtpUrl ? 'SMTP' : 'kept in outbound_emails, readable at /admin/outbound_emails'})`,
    `  The sandbox platform (OAuth and REST API) answers at ${config.publicUrl}/sandbox, production at ${config.publicUrl}/production`,
    ...(config.seedDemo
      ? [
          '  Demo accounts:',
          ...DEMO_ACCOUNTS.map(
            (a) =>
              `    ${a.email.padEnd(20)} password: ${config.demoPassword}${a.is_admin ? '  (administrator)' : ''}`,
          ),
        ]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  // Sandboxes that went live before the sandbox platform kept companies get theirs, in the background.
  if (config.reconcileSandboxes) {
    reconcileSandboxes({ db: runtime.database.db, platform: runtime.platform }, runtime.services)
      .then((told) => {
        if (told > 0)
          app.log.info(`Built the sandbox companies of ${told} apps made before the sandbox platform.`);
      })
      .catch((error) => app.log.error({ err: error }, "could not build the older sandboxes' companies"));
  }
}

/**
 * Waits until the portal is ready (database, migrations, storage, workers: /api/v1/health/ready), so
 * the banner is printed when the address works; after a minute it says what is still failing.
 */
async function untilReady(runtime: Runtime): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await runtime.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    if (answer.statusCode === 200) return;
    if (Date.now() > deadline) {
      runtime.app.log.warn({ failing: answer.json().failing }, 'not ready after a minute; serving anyway');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Lintel could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
