import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (issue 22 "Safe outbound calls"): https, or http to loopback while private
 * destinations are allowed; in production no host that resolves to a loopback, private or link-local
 * address; the cloud metadata addresses never. This is the check made when a hook is saved; the same
 * rules hold again when a delivery connects (request-filtering-agent, in post.ts), against DNS rebinding.
 */

/** The cloud metadata endpoints (AWS, GCP, Azure share the IPv4 one): refused whatever the setting. */
export const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254'] as const;

export type AddressClass = 'metadata' | 'loopback' | 'private' | 'link-local' | 'reserved' | 'public';

const ranges = (entries: [AddressClass, string, number, 'ipv4' | 'ipv6'][]) =>
  entries.map(([kind, network, prefix, family]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { kind, list, family };
  });

/** Every range that is not the public internet, by what it is (IANA special-purpose registries). */
const SPECIAL = ranges([
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['loopback', '::1', 128, 'ipv6'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['private', '100.64.0.0', 10, 'ipv4'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['reserved', '0.0.0.0', 8, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['reserved', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['reserved', '::', 128, 'ipv6'],
  ['reserved', '100::', 64, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
  ['reserved', 'ff00::', 8, 'ipv6'],
]);

/** An IPv4 address carried in IPv6 (::ffff:a.b.c.d, NAT64 64:ff9b::/96), as IPv4; else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** What an IP address is; `null` when the text is not an IP address. */
export function classifyAddress(address: string): AddressClass | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return null;
  const inner = family === 6 ? embeddedIpv4(bare) : null;
  if (inner) return classifyAddress(inner);
  const normal = family === 6 ? normalIpv6(bare) : bare;
  if (METADATA_ADDRESSES.some((meta) => meta === normal)) return 'metadata';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const range of SPECIAL) {
    if (range.family === type && range.list.check(bare, type)) return range.kind;
  }
  return 'public';
}

/** An IPv6 address in its shortest form (so `fd00:ec2:0::254` matches `fd00:ec2::254`). */
function normalIpv6(address: string): string {
  try {
    return new URL(`http://[${address}]/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return address.toLowerCase();
  }
}

/** Why a delivery may not go to this address, or null when it may. */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  const kind = classifyAddress(address);
  if (kind === null || kind === 'public') return null;
  if (kind === 'metadata') return 'must not be a cloud metadata address';
  if (allowPrivate && kind !== 'reserved') return null;
  return kind === 'reserved'
    ? 'must not resolve to a reserved address'
    : `must not resolve to a ${kind} address (loopback, private and link-local addresses are refused)`;
}

const isLoopbackHost = (host: string) => host === 'localhost' || classifyAddress(host) === 'loopback';

export interface DestinationCheckOptions {
  /** WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS. */
  allowPrivate: boolean;
  /** Resolves a host name to its addresses (tests give their own; default: the system resolver). */
  resolve?: (host: string) => Promise<string[]>;
}

const DNS_TIMEOUT_MS = 3000;

async function systemResolve(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), DNS_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Why a destination URL may not be saved, or null. The message completes "destination_url …".
 * Allowed: https anywhere public; with `allowPrivate`, also http to loopback and https to private
 * addresses. In production (`allowPrivate` false) the host is resolved and every address it has must
 * be public; a host that does not resolve is accepted here (its deliveries fail with "DNS lookup
 * failed", and the connect-time filter checks again whatever it resolves to then).
 */
export async function checkDestination(
  url: string,
  options: DestinationCheckOptions,
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL (https://…)';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must be an https URL';
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  if (url.length > 2000) return 'must be at most 2000 characters';
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host) return 'must name a host';
  const literal = classifyAddress(host);
  if (literal === 'metadata') return 'must not be a cloud metadata address';
  if (parsed.protocol === 'http:' && !(options.allowPrivate && isLoopbackHost(host))) {
    return options.allowPrivate ? 'must be an https URL (http only to localhost)' : 'must be an https URL';
  }
  if (literal !== null) return addressRefusal(host, options.allowPrivate);
  if (options.allowPrivate) return null;
  if (host === 'localhost' || host.endsWith('.localhost')) return addressRefusal('127.0.0.1', false);
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch {
    return null;
  }
  for (const address of addresses) {
    const refusal = addressRefusal(address, false);
    if (refusal) return refusal;
  }
  return null;
}
