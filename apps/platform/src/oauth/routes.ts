import type { FastifyInstance } from 'fastify';
import type { PlatformContext } from '../context';
import type { PlatformEnvironment } from '../tokens';

// PLACEHOLDER until the OAuth server work lands.
export function oauthRoutes(
  _app: FastifyInstance,
  _ctx: PlatformContext,
  _environment: PlatformEnvironment,
) {}
