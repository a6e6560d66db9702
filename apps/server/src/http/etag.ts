import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer kept as it goes out: its JSON text and the entity tag of that text. Kept answers skip the
 * serializer (a string with a JSON type is sent as it is) and a client that already has the tag gets 304.
 */
export interface KeptJson {
  body: string;
  /**
   * `W/"<sha1 of the body>"`: equal bodies, equal tags (also across processes). Weak, because the bytes
   * on the wire differ once compressed (RFC 9110 §8.8.1: a strong tag names one representation's bytes).
   */
  etag: string;
}

/** The content type Fastify gives a serialized answer (kept answers carry the same). */
export const JSON_UTF8 = 'application/json; charset=utf-8';

/** The entity tag of a body. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** A JSON text as a kept answer. */
export function keepJson(body: string): KeptJson {
  return { body, etag: etagOf(body) };
}

/**
 * Whether If-None-Match (the request's header, or the header's value) names this tag: weak comparison
 * (RFC 9110 §13.1.2), a list of tags, or `*`.
 */
export function matchesEtag(request: FastifyRequest | string | undefined, etag: string): boolean {
  const header = typeof request === 'object' ? request.headers['if-none-match'] : request;
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque;
  });
}

/**
 * The answer's caching headers: its tag, and a browser asked to revalidate every time (private: kept
 * answers are a signed-in user's).
 */
function tagged(reply: FastifyReply, kept: KeptJson): FastifyReply {
  return reply.header('ETag', kept.etag).header('Cache-Control', 'private, no-cache');
}

/** A kept answer as it is: its bytes, the serializer's content type, its tag. */
export function sendKept(reply: FastifyReply, kept: KeptJson): FastifyReply {
  return tagged(reply, kept).type(JSON_UTF8).send(kept.body);
}

/** 304 for a client that has the kept answer already (If-None-Match named its tag): no body, no type. */
export function notModified(reply: FastifyReply, kept: KeptJson): FastifyReply {
  return tagged(reply, kept).code(304).removeHeader('content-type').send();
}

/** The kept answer, or 304 when the request's If-None-Match names its tag. */
export function answerKept(request: FastifyRequest, reply: FastifyReply, kept: KeptJson): FastifyReply {
  return matchesEtag(request, kept.etag) ? notModified(reply, kept) : sendKept(reply, kept);
}
