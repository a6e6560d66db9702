import Bowser from 'bowser';

export interface ParsedUserAgent {
  browser: string | null;
  browserVersion: string | null;
  os: string | null;
  device: string | null;
}

/** Browser, system and kind of device from a user agent (bowser); nulls for what it cannot tell. */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  if (!userAgent) return { browser: null, browserVersion: null, os: null, device: null };
  try {
    const parsed = Bowser.parse(userAgent);
    return {
      browser: parsed.browser.name || null,
      browserVersion: parsed.browser.version || null,
      os: [parsed.os.name, parsed.os.versionName].filter(Boolean).join(' ') || null,
      device: parsed.platform.type || null,
    };
  } catch {
    return { browser: null, browserVersion: null, os: null, device: null };
  }
}

/**
 * What makes a browser "the same" for the new-browser notice: its name and system (not its version, which
 * changes with every update), or the raw agent when bowser recognises neither.
 */
export function browserSignature(userAgent: string | null | undefined): string {
  const parsed = parseUserAgent(userAgent);
  if (!parsed.browser && !parsed.os) return `raw:${(userAgent ?? '').slice(0, 200)}`;
  return `${parsed.browser ?? '?'}|${parsed.os?.split(' ')[0] ?? '?'}|${parsed.device ?? '?'}`;
}

/** "Chrome on Linux", for people (e-mails). */
export function describeBrowser(userAgent: string | null | undefined): string {
  const parsed = parseUserAgent(userAgent);
  if (!parsed.browser && !parsed.os) return 'an unknown browser';
  return `${parsed.browser ?? 'a browser'} on ${parsed.os ?? 'an unknown system'}`;
}
