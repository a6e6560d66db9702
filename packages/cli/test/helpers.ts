import { mkdtemp } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Io } from '../src/io';
import { run } from '../src/run';

/** A run of the CLI in this process: its exit status and what it wrote. */
export async function lintel(
  argv: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<{ status: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    env: { HOME: os.tmpdir(), ...options.env },
    cwd: options.cwd ?? process.cwd(),
    fetch: globalThis.fetch,
  };
  const status = await run(argv, io);
  return { status, out, err };
}

export async function tempDir(label: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `lintel-cli-${label}-`));
}

/** A stand-in HTTP server on 127.0.0.1 (a fake portal, or something that is not one). */
export async function fakeServer(
  handler: (request: IncomingMessage, body: string, response: ServerResponse) => void,
): Promise<{
  url: string;
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  close: () => Promise<void>;
}> {
  const requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (one just freed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** The portal's error body (ARCHITECTURE.md). */
export function errorBody(code: string, message: string, errors = [message]) {
  return { errors, error: { code, message, details: [] } };
}
