import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0005 from '../../../platform/src/db/migrations/0005_service_accounts';
import type { Runtime } from '../../src/runtime';
import { createApp } from '../apps-support';
import { createUser, startTestRuntime } from '../support';
import { platformDb } from './rest-support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

describe('platform migration 0005_service_accounts', () => {
  it('gives installations recorded before production companies existed their company and its project', async () => {
    const owner = await createUser(runtime);
    const app = await createApp(runtime, owner, 'Older App');
    const db = platformDb(runtime);
    const installed = await runtime.platform.marketplace.install(app.id, {
      companyName: 'Old Timers Construction',
      companyIsDemo: false,
      userEmailAddress: 'old@timers.example',
    });
    // As before this change: the installation without a company, no production company.
    await db
      .updateTable('platform_installations')
      .set({ company_id: null })
      .where('id', '=', installed.id)
      .execute();
    await db.deleteFrom('platform_companies').where('environment', '=', 'production').execute();
    await m0005.down(db as never);
    await m0005.up(db as never);

    const row = await db
      .selectFrom('platform_installations')
      .select('company_id')
      .where('id', '=', installed.id)
      .executeTakeFirstOrThrow();
    expect(row.company_id).not.toBeNull();
    const company = await db
      .selectFrom('platform_companies')
      .selectAll()
      .where('id', '=', Number(row.company_id))
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: 'Old Timers Construction', environment: 'production' });
    const projects = await db
      .selectFrom('platform_projects')
      .select('name')
      .where('company_id', '=', company.id)
      .execute();
    expect(projects).toEqual([{ name: 'Headquarters Office Renovation' }]);
  });
});
