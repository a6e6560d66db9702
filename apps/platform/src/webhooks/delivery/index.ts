/**
 * STUB (wh-api): the delivery engine's entry points as the contract names them, so the API and its events
 * compile and can be tested before the engine lands. wh-delivery's real `delivery/index.ts` replaces this
 * file whole at merge: scheduleDeliveries does nothing here, and checkDestination checks only the URL's
 * shape, its scheme and literal addresses (no DNS).
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { PlatformContext } from '../../context';
import type { Executor } from '../types';

/** Queues the delivery jobs of these deliveries in the executor's transaction (stub: nothing). */
export async function scheduleDeliveries(
  _ctx: PlatformContext,
  _executor: Executor,
  _deliveryIds: readonly number[],
): Promise<void> {}

const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

function privateAddress(host: string): boolean {
  if (isIP(host) === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (isIP(host) === 6) return host === '::1' || /^f[cd]/i.test(host) || /^fe[89ab]/i.test(host);
  return false;
}

const loopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

/** Why a destination URL may not be saved, or null (stub: shape, scheme and literal addresses only). */
export async function checkDestination(
  url: string,
  options: { allowPrivate: boolean },
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL (https://…)';
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must be an https URL';
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  if (METADATA.has(host)) return 'must not be a cloud metadata address';
  if (parsed.protocol === 'http:' && !(options.allowPrivate && loopback(host)))
    return options.allowPrivate ? 'must be an https URL (http only to loopback)' : 'must be an https URL';
  if (!options.allowPrivate && (loopback(host) || privateAddress(host)))
    return 'must not be a loopback, private or link-local address';
  if (privateAddress(host) && !loopback(host) && /^169\.254\.|^fe[89ab]/i.test(host))
    return 'must not be a link-local address';
  return null;
}

/** A new Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}
