import { spawnSync } from 'node:child_process';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { configDir } from '../src/config';
import { closedPort, errorBody, fakeServer, lintel, sendJson, tempDir } from './helpers';

const VALID = { schema_version: '4.1', app_manifest: { uid: 'generated', name: 'generated' } };

// Line 3 has a property the schema does not know; line 6 a name that is not text.
const INVALID_TEXT = `{
  "schema_version": "4.1",
  "mystery": true,
  "app_manifest": {
    "uid": "generated",
    "name": 42
  }
}
`;

async function manifestFile(name: string, text: string): Promise<{ dir: string; file: string }> {
  const dir = await tempDir('manifest');
  const file = path.join(dir, name);
  await writeFile(file, text);
  return { dir, file };
}

describe('lintel manifest validate (offline, the shared validator)', () => {
  it('says a valid file is valid and exits 0', async () => {
    const { file } = await manifestFile('ok.json', JSON.stringify(VALID, null, 2));
    const result = await lintel(['manifest', 'validate', file]);
    expect(result).toMatchObject({ status: 0, out: `${file}: valid\n`, err: '' });
  });

  it('prints each error as FILE:LINE:COLUMN: message (pointer), in document order, and exits 1', async () => {
    const { dir } = await manifestFile('app.json', INVALID_TEXT);
    const result = await lintel(['manifest', 'validate', 'app.json'], { cwd: dir });
    expect(result.status).toBe(1);
    const lines = result.out.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/^app\.json:\d+:\d+: .+ \(\/[^)]*\)$/);
    expect(lines).toContain('app.json:3:3: unknown property "mystery" (/mystery)');
    expect(lines.some((line) => /^app\.json:6:\d+: .*\(\/app_manifest\/name\)$/.test(line))).toBe(true);
    const positions = lines.map((line) => line.split(':').slice(1, 3).map(Number));
    const sorted = [...positions].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0));
    expect(positions).toEqual(sorted);
  });

  it('reports text that is not JSON at its place, without a pointer', async () => {
    const { file } = await manifestFile('broken.json', '{\n  "schema_version": \n');
    const result = await lintel(['manifest', 'validate', file]);
    expect(result.status).toBe(1);
    expect(result.out).toMatch(
      new RegExp(
        `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: Invalid JSON, could not parse manifest\\n$`,
      ),
    );
  });

  it('answers --json with the file, whether it is valid and the errors', async () => {
    const { file } = await manifestFile('app.json', INVALID_TEXT);
    const result = await lintel(['manifest', 'validate', file, '--json']);
    expect(result.status).toBe(1);
    const body = JSON.parse(result.out);
    expect(body.file).toBe(file);
    expect(body.valid).toBe(false);
    expect(body.errors).toContainEqual({
      message: 'unknown property "mystery"',
      pointer: '/mystery',
      line: 3,
      column: 3,
    });
  });

  it('exits 2 when the file cannot be read', async () => {
    const result = await lintel(['manifest', 'validate', '/nowhere/at/all.json']);
    expect(result.status).toBe(2);
    expect(result.err).toBe('lintel: Cannot read /nowhere/at/all.json (ENOENT).\n');
  });
});

describe('usage (exit status 2) and help', () => {
  it('documents the exit statuses in --help and exits 0', async () => {
    const result = await lintel(['--help']);
    expect(result.status).toBe(0);
    for (const text of [
      '0  done',
      '1  the manifest is invalid',
      '2  wrong usage',
      '3  the portal cannot be reached',
    ]) {
      expect(result.out).toContain(text);
    }
  });

  it.each([
    [['bogus']],
    [[]],
    [['manifest', 'push', 'x.json', '--version', '1.0.0']],
    [['versions', 'list', '--app', 'abc']],
    [['promote', '1.0.0', '--app', '1']],
    [['review', 'approve', '1.0.0', '--app', '1']],
    [['manifest', 'validate', 'x.json', '--environment', 'moon']],
    [['login', '--url', 'not a url', '--token', 'lnt_x']],
  ])('exits 2 for %j', async (argv) => {
    const result = await lintel(argv, { env: { LINTEL_CONFIG_DIR: await tempDir('usage') } });
    expect(result.status).toBe(2);
  });
});

describe('lintel login', () => {
  const servers: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('checks the token with the portal, then keeps URL and token in a 0600 file', async () => {
    const portal = await fakeServer((_request, _body, response) =>
      sendJson(response, 200, [], { Total: '0', 'Per-Page': '1' }),
    );
    servers.push(portal);
    const dir = path.join(await tempDir('login'), 'lintel');
    const result = await lintel(['login', '--url', `${portal.url}/`, '--token', 'lnt_secret'], {
      env: { LINTEL_CONFIG_DIR: dir },
    });
    expect(result.status).toBe(0);
    expect(result.out).toContain(`Logged in to ${portal.url}`);
    expect(result.out).not.toContain('lnt_secret');
    expect(portal.requests[0]?.headers.authorization).toBe('Bearer lnt_secret');
    const file = path.join(dir, 'config.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ url: portal.url, token: 'lnt_secret' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);

    // An existing, looser file is made 0600 again.
    await chmod(file, 0o644);
    expect(
      (
        await lintel(['login', '--url', portal.url, '--token', 'lnt_other'], {
          env: { LINTEL_CONFIG_DIR: dir },
        })
      ).status,
    ).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // The saved config is what later commands use.
    const list = await lintel(['apps', 'list'], { env: { LINTEL_CONFIG_DIR: dir } });
    expect(list).toMatchObject({ status: 0, out: 'No apps yet.\n' });
    expect(portal.requests.at(-1)?.headers.authorization).toBe('Bearer lnt_other');
  });

  it('a wrong URL: a clear message, exit 3, nothing saved', async () => {
    const dir = await tempDir('wrong-url');
    const port = await closedPort();
    const result = await lintel(['login', '--url', `http://127.0.0.1:${port}`, '--token', 'lnt_x'], {
      env: { LINTEL_CONFIG_DIR: dir },
    });
    expect(result.status).toBe(3);
    expect(result.err).toBe(`lintel: Cannot reach the portal at http://127.0.0.1:${port} (ECONNREFUSED).\n`);
    await expect(stat(path.join(dir, 'config.json'))).rejects.toThrow();

    const notPortal = await fakeServer((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>hello</html>');
    });
    servers.push(notPortal);
    const html = await lintel(['login', '--url', notPortal.url, '--token', 'lnt_x'], {
      env: { LINTEL_CONFIG_DIR: dir },
    });
    expect(html.status).toBe(3);
    expect(html.err).toContain('did not answer as a Lintel portal');
    await expect(stat(path.join(dir, 'config.json'))).rejects.toThrow();
  });

  it('a refused token: the server text as it is, exit 3', async () => {
    const portal = await fakeServer((_request, _body, response) =>
      sendJson(response, 401, errorBody('unauthorized', 'The access token is invalid, expired or revoked.')),
    );
    servers.push(portal);
    const dir = await tempDir('refused');
    const result = await lintel(['login', '--url', portal.url, '--token', 'lnt_bad'], {
      env: { LINTEL_CONFIG_DIR: dir },
    });
    expect(result.status).toBe(3);
    expect(result.err).toContain('lintel: The access token is invalid, expired or revoked.\n');
    await expect(stat(path.join(dir, 'config.json'))).rejects.toThrow();
  });

  it('not logged in: exit 3 with what to do', async () => {
    const result = await lintel(['apps', 'list'], { env: { LINTEL_CONFIG_DIR: await tempDir('none') } });
    expect(result.status).toBe(3);
    expect(result.err).toContain('Not logged in: run `lintel login --url URL --token TOKEN`');
  });

  it('finds its config under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/config', HOME: '/home/u' })).toBe('/x/config/lintel');
    expect(configDir({ HOME: '/home/u' })).toBe('/home/u/.config/lintel');
    expect(configDir({ LINTEL_CONFIG_DIR: '/t', XDG_CONFIG_HOME: '/x' })).toBe('/t');
  });
});

describe('calls against a portal (a stand-in here; test/online in apps/server for the real one)', () => {
  it('shows the server’s error texts as they are and exits 1 on a refusal', async () => {
    const portal = await fakeServer((request, _body, response) =>
      request.method === 'POST'
        ? sendJson(
            response,
            422,
            errorBody('validation_failed', 'Validation failed', ['Semantic version has already been taken']),
          )
        : sendJson(response, 200, []),
    );
    try {
      const { file } = await manifestFile('ok.json', JSON.stringify(VALID));
      const env = { LINTEL_URL: portal.url, LINTEL_TOKEN: 'lnt_ci' };
      const result = await lintel(['manifest', 'push', file, '--app', '7', '--version', '1.0.0'], { env });
      expect(result.status).toBe(1);
      expect(result.err).toBe('lintel: Semantic version has already been taken\n');
      const post = portal.requests.find((request) => request.method === 'POST');
      expect(post?.url).toBe('/api/v1/app_versioned_manifests');
      expect(post?.headers.authorization).toBe('Bearer lnt_ci');
      expect(JSON.parse(post?.body ?? '{}')).toEqual({
        developer_app_id: 7,
        environment_type: 'Sandbox',
        semantic_version: '1.0.0',
        content: JSON.stringify(VALID),
      });
    } finally {
      await portal.close();
    }
  });

  it('never sends an invalid manifest: the errors, exit 1, no request', async () => {
    const portal = await fakeServer((_request, _body, response) => sendJson(response, 201, {}));
    try {
      const { file } = await manifestFile('bad.json', INVALID_TEXT);
      const result = await lintel(['manifest', 'push', file, '--app', '7', '--version', '1.0.0'], {
        env: { LINTEL_URL: portal.url, LINTEL_TOKEN: 'lnt_ci' },
      });
      expect(result.status).toBe(1);
      expect(result.err).toContain(`${file}:3:3: unknown property "mystery" (/mystery)`);
      expect(portal.requests).toEqual([]);
    } finally {
      await portal.close();
    }
  });
});

describe('the lintel bin', () => {
  it('runs through node with its exit status', () => {
    const bin = fileURLToPath(new URL('../bin/lintel.mjs', import.meta.url));
    const result = spawnSync(process.execPath, [bin, 'manifest', 'validate', '/nowhere.json'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Cannot read /nowhere.json');
  });
});
