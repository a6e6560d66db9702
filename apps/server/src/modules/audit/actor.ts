import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../http/session';
import type { AuditActor } from './recorder';

/** The audit actor of a signed-in request: its user and client address (behind TRUST_PROXY, the forwarded one). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  return { userId: requireUser(request).id, clientAddress: request.ip ?? null };
}
