import type { Db } from '../../db/index';
import type { DeveloperAppRow, IntegrationContactRow, UserRow } from '../../db/schema';

/** The admin page's own statements: locking an app, the owner change, integration contacts. */
export const adminAppRepository = {
  /** The app, locked for the rest of the transaction (so two admins' changes run one after the other). */
  lock(db: Db, id: number): Promise<DeveloperAppRow | undefined> {
    return db.selectFrom('developer_apps').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  },

  userById(db: Db, id: number): Promise<Pick<UserRow, 'id' | 'email'> | undefined> {
    return db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
  },

  /**
   * Makes `newOwnerId` the owner and the old owner an admin collaborator. The old owner is demoted
   * before the new one is promoted, so the one-owner-per-app index never sees two owners.
   */
  async changeOwner(db: Db, appId: number, oldOwnerId: number, newOwnerId: number, now: Date): Promise<void> {
    await db
      .updateTable('collaborators')
      .set({ role: 'admin' })
      .where('developer_app_id', '=', appId)
      .where('role', '=', 'owner')
      .execute();
    await db
      .insertInto('collaborators')
      .values({ developer_app_id: appId, user_id: oldOwnerId, role: 'admin', created_at: now })
      .onConflict((c) => c.columns(['developer_app_id', 'user_id']).doUpdateSet({ role: 'admin' }))
      .execute();
    await db
      .insertInto('collaborators')
      .values({ developer_app_id: appId, user_id: newOwnerId, role: 'owner', created_at: now })
      .onConflict((c) => c.columns(['developer_app_id', 'user_id']).doUpdateSet({ role: 'owner' }))
      .execute();
    await db
      .updateTable('developer_apps')
      .set({ owner_id: newOwnerId, updated_at: now })
      .where('id', '=', appId)
      .execute();
  },

  contacts(db: Db, appId: number): Promise<IntegrationContactRow[]> {
    return db
      .selectFrom('integration_contacts')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .orderBy('id')
      .execute();
  },

  insertContact(
    db: Db,
    appId: number,
    contact: { name: string; email: string },
    now: Date,
  ): Promise<IntegrationContactRow> {
    return db
      .insertInto('integration_contacts')
      .values({ developer_app_id: appId, name: contact.name, email: contact.email, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};
