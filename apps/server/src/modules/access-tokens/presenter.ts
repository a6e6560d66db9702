import type { AccountSession, PersonalAccessToken, TokenScope } from '@lintel/shared';
import type { SessionRow } from '../../db/schema';
import type { TokenSummary } from './repository';
import { parseUserAgent } from './user-agent';

/** A token as listed: every field chosen, never the token or its hash. */
export function presentToken(token: TokenSummary, now = new Date()): PersonalAccessToken {
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes as TokenScope[],
    expires_at: token.expires_at?.toISOString() ?? null,
    expired: token.expires_at !== null && token.expires_at.getTime() <= now.getTime(),
    created_at: token.created_at.toISOString(),
    last_used_at: token.last_used_at?.toISOString() ?? null,
    last_used_ip: token.last_used_ip,
  };
}

/** A session as its owner sees it: never its id (the cookie's hash) or its CSRF token. */
export function presentSession(session: SessionRow, currentId: string | undefined): AccountSession {
  const agent = parseUserAgent(session.user_agent);
  return {
    id: session.public_id,
    browser: agent.browser,
    browser_version: agent.browserVersion,
    os: agent.os,
    device: agent.device,
    ip: session.ip,
    signed_in_at: session.created_at.toISOString(),
    last_seen_at: session.last_seen_at.toISOString(),
    current: session.id === currentId,
  };
}
