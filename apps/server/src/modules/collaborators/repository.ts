import type { CollaboratorRole, InvitationRole } from '@lintel/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { CollaboratorRow, InvitationRow, UserRow } from '../../db/schema';

export type CollaboratorWithUser = CollaboratorRow & Pick<UserRow, 'name' | 'email'>;

/** Every SQL statement about collaborators and invitations. */
export const collaboratorRepository = {
  /**
   * Locks the app row for the rest of the transaction, so that changes to one app's collaborators and
   * invitations happen one after the other (two concurrent transfers, two invitations of one e-mail).
   */
  async lockApp(db: Db, appId: number): Promise<void> {
    await db.selectFrom('developer_apps').select('id').where('id', '=', appId).forNoKeyUpdate().execute();
  },

  /** The app's collaborators with their accounts: the owner first, then oldest first. */
  list(db: Db, appId: number): Promise<CollaboratorWithUser[]> {
    return db
      .selectFrom('collaborators as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select(['u.name', 'u.email'])
      .where('c.developer_app_id', '=', appId)
      .orderBy(sql`case when c.role = 'owner' then 0 else 1 end`)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
  },

  find(db: Db, appId: number, id: number): Promise<CollaboratorRow | undefined> {
    return db
      .selectFrom('collaborators')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async setRole(db: Db, id: number, role: CollaboratorRole): Promise<void> {
    await db.updateTable('collaborators').set({ role }).where('id', '=', id).execute();
  },

  async setAppOwner(db: Db, appId: number, userId: number, now: Date): Promise<void> {
    await db
      .updateTable('developer_apps')
      .set({ owner_id: userId, updated_at: now })
      .where('id', '=', appId)
      .execute();
  },

  async remove(db: Db, appId: number, id: number): Promise<void> {
    await db.deleteFrom('collaborators').where('developer_app_id', '=', appId).where('id', '=', id).execute();
  },

  /** Adds the user with `role`; a user who already collaborates keeps the role they have. */
  async add(db: Db, appId: number, userId: number, role: CollaboratorRole, now: Date): Promise<void> {
    await db
      .insertInto('collaborators')
      .values({ developer_app_id: appId, user_id: userId, role, created_at: now })
      .onConflict((c) => c.columns(['developer_app_id', 'user_id']).doNothing())
      .execute();
  },

  /** Whether the account with this (lower-case) e-mail collaborates on the app. */
  async collaboratesByEmail(db: Db, appId: number, email: string): Promise<boolean> {
    const row = await db
      .selectFrom('collaborators as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select('c.id')
      .where('c.developer_app_id', '=', appId)
      .where('u.email', '=', email)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Pending invitations that can still be accepted, oldest first. */
  listPendingInvitations(db: Db, appId: number, now: Date): Promise<InvitationRow[]> {
    return db
      .selectFrom('invitations')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  findPendingInvitationFor(db: Db, appId: number, email: string): Promise<InvitationRow | undefined> {
    return db
      .selectFrom('invitations')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  },

  /** Marks the pending invitations of this e-mail that ran out as expired, so a new one may be sent. */
  async expireStaleInvitations(db: Db, appId: number, email: string, now: Date): Promise<void> {
    await db
      .updateTable('invitations')
      .set({ status: 'expired', updated_at: now })
      .where('developer_app_id', '=', appId)
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .where('expires_at', '<=', now)
      .execute();
  },

  insertInvitation(
    db: Db,
    values: {
      appId: number;
      email: string;
      role: InvitationRole;
      tokenHash: string;
      invitedBy: number;
      expiresAt: Date;
    },
    now: Date,
  ): Promise<InvitationRow> {
    return db
      .insertInto('invitations')
      .values({
        developer_app_id: values.appId,
        email: values.email,
        role: values.role,
        token_hash: values.tokenHash,
        invited_by: values.invitedBy,
        accepted_by: null,
        expires_at: values.expiresAt,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  findInvitation(db: Db, appId: number, id: number): Promise<InvitationRow | undefined> {
    return db
      .selectFrom('invitations')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The invitation of a token; with `lock`, locked until the end of the transaction (accepts run one by one). */
  findInvitationByTokenHash(db: Db, tokenHash: string, lock = false): Promise<InvitationRow | undefined> {
    const query = db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  },

  setInvitationStatus(
    db: Db,
    id: number,
    status: 'accepted' | 'canceled' | 'expired',
    now: Date,
    acceptedBy: number | null = null,
  ): Promise<InvitationRow> {
    return db
      .updateTable('invitations')
      .set({ status, updated_at: now, ...(acceptedBy === null ? {} : { accepted_by: acceptedBy }) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Whether the app exists and is not deleted (an invitation to a deleted app cannot be accepted). */
  async appIsLive(db: Db, appId: number): Promise<boolean> {
    const row = await db
      .selectFrom('developer_apps')
      .select('id')
      .where('id', '=', appId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  },
};
