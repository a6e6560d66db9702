import { type Kysely, sql } from 'kysely';

/**
 * Each review decision on a listing keeps its own message and reasons (issue 20, "Approval shows the old
 * rejection"). Until now a submission held one admin_message and one rejection_reasons, which an approval
 * of a resubmitted listing left standing, so "Listing approved" showed the rejection's words. A decision
 * row is written in the transaction of the state change; the submission's admin_message and
 * rejection_reasons mirror its latest decision.
 *
 * Existing data: every approval and rejection the review history (listing_review_events) recorded becomes
 * a decision with its reviewer and time. A submission's message and reasons go to its latest decision,
 * except where an approval left a rejection's reasons standing: those (and the message beside them) go to
 * the rejection before it, and the submission is cleared as the approval should have cleared it. A
 * reviewed submission without any recorded decision (seeded rows) gets one at its review time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listing_decisions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().references('marketplace_submissions.id').onDelete('cascade'),
    )
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('rejection_reasons', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('silent', 'boolean', (c) => c.notNull().defaultTo(false))
    // For the other reviewers only: never shown to the app's developers.
    .addColumn('reviewer_notes', 'text')
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('listing_decisions_decision', sql`decision in ('approved', 'rejected')`)
    .execute();
  // The app's history, newest first.
  await db.schema
    .createIndex('listing_decisions_app')
    .on('listing_decisions')
    .columns(['developer_app_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('listing_decisions_submission')
    .on('listing_decisions')
    .column('submission_id')
    .execute();

  // Every recorded decision, with its reviewer and time; no message yet.
  await sql`insert into listing_decisions (submission_id, developer_app_id, decision, actor_id, created_at)
    select submission_id, developer_app_id, state, actor_id, created_at
    from listing_review_events
    where state in ('approved', 'rejected')
    order by created_at, id`.execute(db);
  // Reviewed submissions the history never recorded (rows written directly): one decision each.
  await sql`insert into listing_decisions
      (submission_id, developer_app_id, decision, message, rejection_reasons, silent, created_at)
    select s.id, s.developer_app_id, s.approval_state, s.admin_message,
      case when s.approval_state = 'rejected' then s.rejection_reasons else '[]'::jsonb end,
      s.approval_state = 'approved' and s.silent,
      coalesce(s.reviewed_at, s.published_at, s.updated_at)
    from marketplace_submissions s
    where s.approval_state in ('approved', 'rejected')
      and not exists (select 1 from listing_decisions d where d.submission_id = s.id)`.execute(db);

  // An approval that left a rejection's reasons standing: the reasons and message were the rejection's.
  await sql`update listing_decisions d
    set message = s.admin_message, rejection_reasons = s.rejection_reasons
    from marketplace_submissions s
    where s.id = d.submission_id and s.approval_state = 'approved' and s.rejection_reasons <> '[]'::jsonb
      and d.message is null
      and d.id = (select max(r.id) from listing_decisions r
        where r.submission_id = s.id and r.decision = 'rejected')`.execute(db);
  await sql`update marketplace_submissions
    set admin_message = null, rejection_reasons = '[]'::jsonb
    where approval_state = 'approved' and rejection_reasons <> '[]'::jsonb`.execute(db);
  // Otherwise the submission's message (and, for a rejection, reasons) are its latest decision's.
  await sql`update listing_decisions d
    set message = s.admin_message,
      rejection_reasons = case when d.decision = 'rejected' then s.rejection_reasons else '[]'::jsonb end,
      silent = d.decision = 'approved' and s.silent
    from marketplace_submissions s
    where s.id = d.submission_id and s.approval_state = d.decision
      and d.id = (select max(l.id) from listing_decisions l where l.submission_id = s.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('listing_decisions').ifExists().execute();
}
