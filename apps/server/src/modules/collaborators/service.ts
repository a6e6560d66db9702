import { type ErrorDetail, hasSingleNewOwner, type NewInvitation, type RoleChange } from '@lintel/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { InvitationRow, UserRow } from '../../db/schema';
import { hashToken, randomToken } from '../../http/crypto';
import { detail, errors } from '../../http/errors';
import type { Mailer } from '../../jobs/mail/mailer';
import { reserveMail } from '../../jobs/mail/quota';
import type { Platform } from '../../platform/types';
import { type AppContext, loadAppContext } from '../developer-apps/scope';
import { tellPlatformMembers } from './platform-members';
import { collaboratorPolicy as policy } from './policy';
import { type CollaboratorWithUser, collaboratorRepository as repo } from './repository';

const DAY_MS = 86_400_000;

export interface CollaboratorDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'invitationTtlDays' | 'mailMaxPerAddressHour' | 'mailMaxPerClientHour'>;
  mailer: Mailer;
  /** Told of ownership transfers and of every team change: the platform keeps its own record of both. */
  platform: Pick<Platform, 'setAppOwner' | 'setAppMembers'>;
}

const refused = (message: string) => errors.forbidden(message);
const invalidInvitation = () =>
  errors.invalidToken(
    'This invitation is invalid, was canceled, was already used or has expired. Please ask for a new one.',
  );

/**
 * Collaborators and invitations of one app (spec 2 §4–§7). The routes' app scope has found the app
 * and checked the actor (404, 403); every mutation then runs in one transaction that first locks the
 * app row, so changes to one app's team happen one after the other.
 */
export class CollaboratorService {
  constructor(private readonly deps: CollaboratorDeps) {}

  list(context: AppContext): Promise<CollaboratorWithUser[]> {
    return repo.list(this.deps.db, context.app.id);
  }

  /**
   * Locks the app for the rest of the transaction and reads the actor's access again under the lock:
   * the app scope checked it before, but a change that committed since (a transfer, a removal) wins.
   */
  private async lockForChange(trx: Db, context: AppContext): Promise<AppContext> {
    await repo.lockApp(trx, context.app.id);
    const locked = await loadAppContext(trx, context.user, context.app.id);
    if (!policy.canManage(locked)) throw errors.forbidden();
    return locked;
  }

  /**
   * Role changes. An entry that keeps a collaborator's role changes nothing and is allowed, so a client
   * may send the whole table. Giving `owner` transfers ownership: the old owner becomes admin and the
   * app's owner_id follows; the old owner is demoted before the new one is promoted, so the
   * one-owner-per-app index never sees two owners.
   */
  async updateRoles(
    scope: AppContext,
    entries: readonly RoleChange[],
    now = new Date(),
  ): Promise<CollaboratorWithUser[]> {
    const appId = scope.app.id;
    let newOwnerId: number | undefined;
    const rows = await this.deps.db.transaction().execute(async (trx) => {
      const context = await this.lockForChange(trx, scope);
      const { user } = context;
      const current = new Map((await repo.list(trx, appId)).map((row) => [row.id, row]));

      const details: ErrorDetail[] = [];
      const seen = new Set<number>();
      entries.forEach((entry, index) => {
        if (seen.has(entry.id))
          details.push(detail(`collaborators.${index}.id`, 'invalid', 'is listed twice'));
        else if (!current.has(entry.id)) {
          details.push(detail(`collaborators.${index}.id`, 'invalid', 'is not a collaborator of this app'));
        }
        seen.add(entry.id);
      });
      if (details.length > 0) throw errors.validation(details);

      const changes = entries.flatMap((entry) => {
        const target = current.get(entry.id);
        return target && target.role !== entry.role ? [{ target, role: entry.role }] : [];
      });
      if (!hasSingleNewOwner(changes)) {
        throw errors.field('collaborators', 'single_owner', 'can make only one collaborator the owner');
      }
      for (const change of changes) {
        const refusal = policy.roleChangeRefusal(user, context, change.target, change.role);
        if (refusal) throw refused(refusal);
      }

      const transfer = changes.find((change) => change.role === 'owner');
      if (transfer) {
        const owner = [...current.values()].find((row) => row.role === 'owner');
        if (owner) await repo.setRole(trx, owner.id, 'admin');
        await repo.setRole(trx, transfer.target.id, 'owner');
        await repo.setAppOwner(trx, appId, transfer.target.user_id, now);
        newOwnerId = transfer.target.user_id;
      }
      for (const change of changes) {
        if (change.role !== 'owner') await repo.setRole(trx, change.target.id, change.role);
      }
      return repo.list(trx, appId);
    });
    // The platform is another system: it hears of the new owner once the portal's change stands.
    if (newOwnerId !== undefined) await this.deps.platform.setAppOwner(appId, newOwnerId);
    await tellPlatformMembers(this.deps.db, this.deps.platform, appId);
    return rows;
  }

  /** Removes a collaborator: never the owner, never yourself. */
  async remove(scope: AppContext, id: number): Promise<void> {
    const appId = scope.app.id;
    await this.deps.db.transaction().execute(async (trx) => {
      const context = await this.lockForChange(trx, scope);
      const target = await repo.find(trx, appId, id);
      if (!target) throw errors.notFound('Collaborator');
      const refusal = policy.removalRefusal(context.user, context, target);
      if (refusal) throw refused(refusal);
      await repo.remove(trx, appId, id);
    });
    await tellPlatformMembers(this.deps.db, this.deps.platform, appId);
  }

  /** Pending invitations that can still be accepted on `now`. */
  invitations(context: AppContext, now = new Date()): Promise<InvitationRow[]> {
    return repo.listPendingInvitations(this.deps.db, context.app.id, now);
  }

  /**
   * Invites an e-mail address with role developer or admin. Only the token's SHA-256 is stored; the
   * token itself travels in the e-mail, queued in the same transaction.
   */
  async invite(
    scope: AppContext,
    input: NewInvitation,
    client: { ip: string },
    now = new Date(),
  ): Promise<InvitationRow> {
    const { db, config, mailer } = this.deps;
    await reserveMail(db, config, { to: input.email, ip: client.ip }, now);
    const appId = scope.app.id;
    return db.transaction().execute(async (trx) => {
      const context = await this.lockForChange(trx, scope);
      const { user } = context;
      if (await repo.collaboratesByEmail(trx, appId, input.email)) {
        throw errors.field('email', 'already_collaborator', 'already belongs to a collaborator of this app');
      }
      await repo.expireStaleInvitations(trx, appId, input.email, now);
      if (await repo.findPendingInvitationFor(trx, appId, input.email)) {
        throw errors.field('email', 'already_invited', 'has already been invited to this app');
      }
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + config.invitationTtlDays * DAY_MS);
      const invitation = await repo.insertInvitation(
        trx,
        {
          appId,
          email: input.email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy: user.id,
          expiresAt,
        },
        now,
      );
      await mailer.enqueue(trx, {
        to: input.email,
        template: 'invitation',
        data: {
          inviterName: user.name,
          inviterEmail: user.email,
          email: input.email,
          appName: context.app.name,
          role: input.role,
          url: `${config.publicUrl}/invitations/accept?token=${token}`,
          expiresAt,
        },
        idempotencyKey: `invitation:${invitation.id}`,
      });
      return invitation;
    });
  }

  /** Cancels a pending invitation (the only change an invitation takes). */
  async cancelInvitation(scope: AppContext, id: number, now = new Date()): Promise<InvitationRow> {
    const appId = scope.app.id;
    return this.deps.db.transaction().execute(async (trx) => {
      await this.lockForChange(trx, scope);
      const invitation = await repo.findInvitation(trx, appId, id);
      if (!invitation) throw errors.notFound('Invitation');
      if (invitation.status !== 'pending') {
        throw errors.field(
          'invitation.status',
          'invitation_status',
          `only a pending invitation can be canceled (this one is ${invitation.status})`,
        );
      }
      return repo.setInvitationStatus(trx, id, 'canceled', now);
    });
  }

  /**
   * The signed-in user accepts with the token from the e-mail: the invitation must be pending and
   * unexpired, and the user's e-mail must be the invited one. Creates the collaborator (someone who
   * already collaborates keeps their role) and marks the invitation accepted, in one transaction.
   */
  async accept(user: UserRow, token: string, now = new Date()): Promise<{ developer_app_id: number }> {
    const { db } = this.deps;
    const tokenHash = hashToken(token);
    const found = await repo.findInvitationByTokenHash(db, tokenHash);
    if (!found) throw invalidInvitation();
    const outcome = await db.transaction().execute(async (trx) => {
      // The app first, then the invitation: the same lock order as every other mutation here.
      await repo.lockApp(trx, found.developer_app_id);
      const invitation = await repo.findInvitationByTokenHash(trx, tokenHash, true);
      if (invitation?.status !== 'pending') return 'invalid' as const;
      if (invitation.expires_at <= now) {
        await repo.setInvitationStatus(trx, invitation.id, 'expired', now);
        return 'invalid' as const;
      }
      if (!(await repo.appIsLive(trx, invitation.developer_app_id))) return 'invalid' as const;
      if (!policy.isInvitee(user, invitation)) {
        throw refused('This invitation was sent to another e-mail address.');
      }
      await repo.add(trx, invitation.developer_app_id, user.id, invitation.role, now);
      await repo.setInvitationStatus(trx, invitation.id, 'accepted', now, user.id);
      return { developer_app_id: invitation.developer_app_id };
    });
    if (outcome === 'invalid') throw invalidInvitation();
    await tellPlatformMembers(db, this.deps.platform, outcome.developer_app_id);
    return outcome;
  }
}
