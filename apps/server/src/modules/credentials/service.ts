import { errors } from '../../http/errors';
import type { IssuedSecret, Platform } from '../../platform/types';
import type { AppContext } from '../developer-apps/scope';

/** Production OAuth credentials on the platform (spec 2 §4 "Client secret"). */
export class CredentialService {
  constructor(private readonly deps: { platform: Platform }) {}

  /** The app an OAuth application belongs to (the app scope then decides whether the actor may see it). */
  async appOf(uid: string): Promise<number> {
    const oauth = await this.deps.platform.findOAuthApplication(uid);
    if (!oauth) throw errors.notFound('OAuth application');
    return oauth.appId;
  }

  async resetSecret(context: AppContext, uid: string): Promise<IssuedSecret> {
    const oauth = await this.deps.platform.findOAuthApplication(uid);
    if (!oauth || oauth.appId !== context.app.id) throw errors.notFound('OAuth application');
    return this.deps.platform.resetSecret(uid);
  }
}
