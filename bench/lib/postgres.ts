import pg from 'pg';

/** Where throwaway databases are created; override with BENCH_PG_ADMIN_URL. */
export const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function quoted(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  return `"${name}"`;
}

/** Drops (if present) and creates an empty database; returns its URL. */
export async function freshDatabase(name: string): Promise<string> {
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoted(name)}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`));
}

/** Fails early with a readable message when PostgreSQL is not reachable. */
export async function checkPostgres(): Promise<string> {
  try {
    return await withAdmin(async (client) => {
      const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
      return rows[0]?.server_version ?? '?';
    });
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${adminUrl} (set BENCH_PG_ADMIN_URL): ${String(error)}`);
  }
}

/**
 * `count` installations of one app spread over the last three years (every 9th uninstalled, every 20th a
 * demo company, every 50th name needing CSV quotes): the metrics and CSV benches' seed.
 */
export async function seedInstallations(client: pg.Client, appId: number, count: number): Promise<void> {
  await client.query(
    `INSERT INTO platform_installations (developer_app_id, company_name, company_is_demo, user_email_address,
                                         status, installed_at, updated_at)
     SELECT $1::int, 'Builder Co ' || g || CASE WHEN g % 50 = 0 THEN ', "Ltd"' ELSE '' END, g % 20 = 0,
            'installer' || g || '@example.test', CASE WHEN g % 9 = 0 THEN 'uninstalled' ELSE 'installed' END,
            t, t
       FROM generate_series(1, $2::int) g,
            LATERAL (SELECT now() - interval '1095 days' + (g::float / $2::int) * interval '1095 days' AS t) times`,
    [appId, count],
  );
}
