import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** API answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

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
    customTypes: COMPRESSIBLE,
    // Request bodies stay uncompressed: a compressed upload would slip past the body limit's intent.
    globalDecompression: false,
  });
}
