import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** API answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * API answers up to this size are compressed in one synchronous call; larger ones stream. The plugin's
 * default shrinks with the host's cores (8 kB on two, 4 kB on four or more), which sent a page of
 * "My apps" (10 kB) through the stream path: brotli there cost the server ~0.3 ms more CPU per request
 * than the whole rest of the list (bench/RESULTS.md §17), against ~0.05 ms for one call. 64 kB, the
 * plugin's own ceiling, blocks the event loop for at most ~0.5 ms at brotli quality 4.
 */
export const COMPRESS_SYNC_LIMIT_BYTES = 64 * 1024;

// JSON, XML and text, but never a server-sent event stream (compression would hold events back) and not
// application/octet-stream (files: the default list of @fastify/compress includes it).
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;

/**
 * Compresses API answers above COMPRESS_THRESHOLD_BYTES by Accept-Encoding (brotli, else gzip).
 * The web build's files are compressed at build time and served precompressed by @fastify/static, so
 * every route outside /api/ is left alone. Register before any route: the plugin hooks routes as they
 * are added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: COMPRESS_SYNC_LIMIT_BYTES,
    customTypes: COMPRESSIBLE,
    // Request bodies stay uncompressed: a compressed upload would slip past the body limit's intent.
    globalDecompression: false,
  });
}
