/** The library's authorization handler, used directly (its redirect building is ours: see authorize.ts). */
declare module '@node-oauth/oauth2-server/lib/handlers/authorize-handler' {
  import type OAuth2Server from '@node-oauth/oauth2-server';

  export default class AuthorizeHandler {
    constructor(options: Record<string, unknown>);
    handle(
      request: OAuth2Server.Request,
      response: OAuth2Server.Response,
    ): Promise<OAuth2Server.AuthorizationCode>;
    buildSuccessRedirectUri(...args: unknown[]): unknown;
    buildErrorRedirectUri(...args: unknown[]): unknown;
    updateResponse(...args: unknown[]): void;
  }
}
