import { randomUUID } from 'node:crypto';
import {
  authenticationOf,
  type ConfiguredManifestInput,
  compareSemver,
  configuredProblems,
  type EnvironmentType,
  fromManifestContent,
  isRecord,
  isSemver,
  REVIEW_ACTIONS,
  type ReviewAction,
  type RuleProblem,
  reviewNotesRequired,
  toManifestContent,
  type VersionState,
} from '@lintel/shared/manifests';
import { validateManifestContent, validateManifestText } from '@lintel/shared/manifests/validate';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { AppVersionRow, DeveloperAppRow, UserRow } from '../../db/schema';
import { AppError, detail, errors } from '../../http/errors';
import type { Page } from '../../http/paging';
import type { Platform } from '../../platform/types';
import { type AuditActor, changedFields, recordAudit } from '../audit/recorder';
import type { AppContext } from '../developer-apps/scope';
import { loadAppContext } from '../developer-apps/scope';
import { manifestPolicy } from './policy';
import type { VersionFlags } from './presenter';
import { type AppVersionSummaryRow, manifestRepository as repo } from './repository';

export interface ManifestDeps {
  config: Config;
  db: Db;
  platform: Platform;
}

export interface CreateVersion {
  semantic_version: string;
  configured_manifest_content?: ConfiguredManifestInput;
  content?: string | Record<string, unknown>;
  /** With content: user-level authentication declared beside a 4.1 document (authenticationOf). */
  auth_code_enabled?: boolean;
}

/** A version with what the presenter needs to say about it. */
export interface VersionView<R = AppVersionRow> {
  row: R;
  flags: VersionFlags;
}

/** The newest versions of an app, for its page (developerAppResponse.manifests). */
export interface ManifestsOverview {
  latestSandbox: VersionView<AppVersionSummaryRow> | null;
  latestProduction: VersionView<AppVersionSummaryRow> | null;
  sandboxCount: number;
  productionCount: number;
}

/** A JSON pointer as the dotted path of an error detail: `/sidepanel/views/0` → `sidepanel.views.0`. */
function dotted(prefix: string, pointer: string): string {
  const tail = pointer.split('/').slice(1).join('.');
  return tail ? `${prefix}.${tail}` : prefix;
}

function manifestRefusal(
  prefix: string,
  problems: readonly (RuleProblem & { line?: number; column?: number })[],
): AppError {
  return errors.validation(
    problems.map((p) =>
      detail(dotted(prefix, p.pointer), 'invalid', p.message, {
        message: p.message,
        pointer: p.pointer,
        ...(p.line !== undefined ? { line: p.line } : {}),
        ...(p.column !== undefined ? { column: p.column } : {}),
      }),
    ),
  );
}

const notGreater = (latest: string) =>
  errors.field('semantic_version', 'invalid', `must be greater than the latest version ${latest}`, {
    latest,
  });

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Versions of an app's manifest (issue 9): created in the sandbox, promoted to production with release
 * notes, reviewed by platform administrators. A version's manifest never changes once written.
 */
export class ManifestService {
  constructor(private readonly deps: ManifestDeps) {}

  /** The deployment's switches for the policy. */
  get switches(): { canCreateSandboxManifests: boolean } {
    return { canCreateSandboxManifests: this.deps.config.canCreateSandboxManifests };
  }

  /** Flags of versions of one app: submittable (newest production, confidential: rejected or not), promotable (see below). */
  private async flagger(
    db: Db,
    appId: number,
    sandboxIds: readonly number[],
    /** The newest production version when the caller has read it already (undefined: none). */
    known?: { latestProduction: AppVersionSummaryRow | undefined },
  ) {
    const [latestProduction, promoted] = await Promise.all([
      known ? known.latestProduction : repo.latest(db, appId, 'ProductionEnvironment'),
      repo.promotedAmong(db, sandboxIds),
    ]);
    return (
      row: Pick<AppVersionRow, 'id' | 'environment_type' | 'state' | 'semantic_version'>,
    ): VersionFlags => ({
      submittable:
        row.environment_type === 'ProductionEnvironment' &&
        (REVIEW_ACTIONS.submit.from as readonly VersionState[]).includes(row.state) &&
        row.id === latestProduction?.id,
      promotable:
        row.environment_type === 'Sandbox' &&
        !promoted.has(row.id) &&
        (!latestProduction || compareSemver(row.semantic_version, latestProduction.semantic_version) > 0),
    });
  }

  private async view(db: Db, row: AppVersionRow): Promise<VersionView> {
    const flags = await this.flagger(db, row.developer_app_id, [row.id]);
    return { row, flags: flags(row) };
  }

  async list(
    context: AppContext,
    environment: EnvironmentType | undefined,
    page: Page,
  ): Promise<{ items: VersionView<AppVersionSummaryRow>[]; total: number }> {
    const { db } = this.deps;
    const [rows, total] = await Promise.all([
      repo.list(db, context.app.id, environment, page),
      repo.count(db, context.app.id, environment),
    ]);
    const flags = await this.flagger(
      db,
      context.app.id,
      rows.filter((r) => r.environment_type === 'Sandbox').map((r) => r.id),
    );
    return { items: rows.map((row) => ({ row, flags: flags(row) })), total };
  }

  /** The app a version belongs to, for the app scope; 404 when there is no such version. */
  async appOfVersion(id: number): Promise<number> {
    const row = await repo.find(this.deps.db, id);
    if (!row) throw errors.notFound('App version');
    return row.developer_app_id;
  }

  async get(context: AppContext, id: number): Promise<VersionView> {
    const row = await repo.find(this.deps.db, id);
    if (!row || row.developer_app_id !== context.app.id) throw errors.notFound('App version');
    return this.view(this.deps.db, row);
  }

  /** The newest versions of an app and how many there are. */
  async overview(appId: number): Promise<ManifestsOverview> {
    const { db } = this.deps;
    const { Sandbox, ProductionEnvironment } = await repo.overview(db, appId);
    const sandbox = Sandbox.latest;
    const production = ProductionEnvironment.latest;
    const flags = await this.flagger(db, appId, sandbox ? [sandbox.id] : [], {
      latestProduction: production,
    });
    return {
      latestSandbox: sandbox ? { row: sandbox, flags: flags(sandbox) } : null,
      latestProduction: production ? { row: production, flags: flags(production) } : null,
      sandboxCount: Sandbox.count,
      productionCount: ProductionEnvironment.count,
    };
  }

  /** Validation for the JSON editor: every error with pointer, line and column (spec 2 §5, §8). */
  validate(text: string, environment: EnvironmentType) {
    return validateManifestText(text, { environment, governmentCloud: this.deps.config.governmentCloud });
  }

  /** What `app_manifest` says: the portal's, whatever the developer wrote (reference "Common to both"). */
  private async appManifest(app: DeveloperAppRow, schemaVersion: string): Promise<Record<string, string>> {
    if (schemaVersion !== '4.1') return { id: String(app.id) };
    const [production, sandbox] = await Promise.all([
      this.deps.platform.oauthApplicationOf(app.id, 'production'),
      this.deps.platform.sandboxOf(app.id),
    ]);
    const uid =
      (production && !production.revoked ? production.uid : undefined) ??
      sandbox?.oauth?.uid ??
      String(app.id);
    return { uid, name: app.name };
  }

  /**
   * The manifest of a create request, validated: from the builder's form or from the editor's content. The
   * stored flags and the builder's form are read from the content with the shared authenticationOf,
   * whatever the client said (a service account always comes with user-level authentication).
   */
  private async manifestOf(app: DeveloperAppRow, input: CreateVersion) {
    const governmentCloud = this.deps.config.governmentCloud;
    let content: Record<string, unknown>;
    let declared: boolean;
    if (input.configured_manifest_content !== undefined) {
      const form = input.configured_manifest_content;
      const problems = configuredProblems(form, { governmentCloud });
      if (problems.length > 0) throw manifestRefusal('configured_manifest_content', problems);
      content = toManifestContent(
        form,
        (await this.appManifest(app, '4.1')) as { uid: string; name: string },
      );
      const contentProblems = validateManifestContent(content, { governmentCloud });
      if (contentProblems.length > 0) throw manifestRefusal('configured_manifest_content', contentProblems);
      declared = form.auth_code_enabled === true;
    } else {
      if (typeof input.content === 'string') {
        const problems = validateManifestText(input.content, { environment: 'Sandbox', governmentCloud });
        if (problems.length > 0) throw manifestRefusal('content', problems);
        content = JSON.parse(input.content) as Record<string, unknown>;
      } else {
        content = input.content ?? {};
        const problems = validateManifestContent(content, { governmentCloud });
        if (problems.length > 0) throw manifestRefusal('content', problems);
      }
      content = { ...content, app_manifest: await this.appManifest(app, String(content.schema_version)) };
      declared = input.auth_code_enabled === true;
    }
    const authentication = authenticationOf(content, declared);
    const reading = fromManifestContent(content, authentication.auth_code_enabled);
    return {
      content,
      configured: reading.ok ? (reading.configured as Record<string, unknown>) : null,
      authCode: authentication.auth_code_enabled,
    };
  }

  /** A new sandbox version (owner and admins; CAN_CREATE_SANDBOX_MANIFESTS). */
  async create(context: AppContext, input: CreateVersion, now = new Date()): Promise<VersionView> {
    const version = input.semantic_version.trim();
    if (!isSemver(version))
      throw errors.field('semantic_version', 'invalid_format', 'must be major.minor.patch, e.g. 0.1.0');
    const manifest = await this.manifestOf(context.app, input);
    const { db } = this.deps;
    try {
      const created = await db.transaction().execute(async (trx) => {
        await repo.lockApp(trx, context.app.id);
        const locked = await loadAppContext(trx, context.user, context.app.id);
        if (!manifestPolicy.canCreate(locked, this.switches)) throw errors.forbidden();
        const latest = await repo.latest(trx, context.app.id, 'Sandbox');
        if (latest && compareSemver(version, latest.semantic_version) <= 0)
          throw notGreater(latest.semantic_version);
        const row = await repo.insert(trx, {
          developer_app_id: context.app.id,
          environment_type: 'Sandbox',
          semantic_version: version,
          state: 'draft',
          schema_version: String(manifest.content.schema_version),
          content: manifest.content,
          configured_manifest_content: manifest.configured,
          auth_code_enabled: manifest.authCode,
          changelog: null,
          app_version_key: randomUUID(),
          source_app_version_id: null,
          created_by: context.user.id,
          created_at: now,
        });
        return this.view(trx, row);
      });
      await this.tellPlatformPermissions(context.app.id, 'Sandbox');
      return created;
    } catch (error) {
      if (isUniqueViolation(error)) throw notGreater(version);
      throw error;
    }
  }

  /**
   * The platform grants an app's service account what its newest version in an environment declares
   * (manifest `permissions`); told after every new version, so the next token — at the latest — has it.
   */
  async tellPlatformPermissions(appId: number, environment: EnvironmentType): Promise<void> {
    const latest = await repo.latestManifest(this.deps.db, appId, environment);
    const permissions = latest && isRecord(latest.content.permissions) ? latest.content.permissions : {};
    await this.deps.platform.setAppPermissions(
      appId,
      environment === 'Sandbox' ? 'sandbox' : 'production',
      latest
        ? {
            version: latest.semantic_version,
            company: isRecord(permissions.company) ? permissions.company : {},
            project: isRecord(permissions.project) ? permissions.project : {},
          }
        : null,
    );
  }

  /** A production version from a sandbox version, with release notes (spec 2 §4 "Promotion"). */
  async promote(
    context: AppContext,
    input: { source_app_version_id: number; changelog: string | null; developer_app_id?: number },
    now = new Date(),
  ): Promise<VersionView> {
    const field = 'app_version_promotion.source_app_version_id';
    const changelog = input.changelog?.trim() ?? '';
    if (changelog === '')
      throw errors.field('app_version_promotion.changelog', 'required', 'Release notes are required');
    if (input.developer_app_id !== undefined && input.developer_app_id !== context.app.id)
      throw errors.field(field, 'mismatch', 'belongs to another app');
    const production = await this.deps.platform.oauthApplicationOf(context.app.id, 'production');
    if (!production || production.revoked)
      throw new AppError('validation_failed', 'Production credentials required', [
        detail('production_credentials', 'required', 'required'),
      ]);
    const { db } = this.deps;
    try {
      const promoted = await db.transaction().execute(async (trx) => {
        await repo.lockApp(trx, context.app.id);
        const locked = await loadAppContext(trx, context.user, context.app.id);
        if (!manifestPolicy.canPromote(locked)) throw errors.forbidden();
        const source = await repo.find(trx, input.source_app_version_id);
        if (!source || source.developer_app_id !== context.app.id)
          throw errors.field(field, 'mismatch', 'belongs to another app');
        if (source.environment_type !== 'Sandbox')
          throw errors.field(field, 'invalid', 'must be a sandbox version');
        if (await repo.promotionOf(trx, source.id))
          throw errors.field(field, 'taken', 'has already been promoted');
        const latest = await repo.latest(trx, context.app.id, 'ProductionEnvironment');
        if (latest && compareSemver(source.semantic_version, latest.semantic_version) <= 0)
          throw errors.field(
            field,
            'invalid',
            `must be newer than the latest production version ${latest.semantic_version}`,
            { latest: latest.semantic_version },
          );
        const row = await repo.insert(trx, {
          developer_app_id: context.app.id,
          environment_type: 'ProductionEnvironment',
          semantic_version: source.semantic_version,
          state: 'confidential',
          schema_version: source.schema_version,
          content: source.content,
          configured_manifest_content: source.configured_manifest_content,
          auth_code_enabled: source.auth_code_enabled,
          changelog,
          app_version_key: randomUUID(),
          source_app_version_id: source.id,
          created_by: context.user.id,
          created_at: now,
        });
        return this.view(trx, row);
      });
      await this.tellPlatformPermissions(context.app.id, 'ProductionEnvironment');
      return promoted;
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.field(field, 'taken', 'has already been promoted');
      throw error;
    }
  }

  /**
   * The review action a requested state stands for, for this actor (spec 2 §4): the spec's `confidential`
   * from a platform administrator with admin notes (or who is not a manager of the app, so could not
   * withdraw) is a rejection, from anyone else a withdrawal; `rejected` is accepted as an alias of a rejection.
   */
  static actionFor(
    state: 'in_review' | 'confidential' | 'published' | 'rejected',
    actor: { platformAdmin: boolean; manager: boolean; adminNotes: boolean },
  ): ReviewAction {
    if (state === 'in_review') return 'submit';
    if (state === 'published') return 'approve';
    if (state === 'rejected') return 'reject';
    return actor.platformAdmin && (actor.adminNotes || !actor.manager) ? 'reject' : 'withdraw';
  }

  /**
   * A review action on a production version (REVIEW_ACTIONS, spec 2 §4): submit → in_review, withdraw →
   * confidential, reject → confidential with `rejected_at` set, approve → published. Any other transition
   * is 422 naming the current state. A rejection needs the reviewer's notes (issue 20), kept with the
   * version for the developer to read; resubmitting clears them and `rejected_at` from the version (it is no
   * longer rejected) while the review events keep every decision with its notes and the audit trail its
   * change.
   */
  async review(
    context: AppContext,
    id: number,
    change: {
      id: number;
      state: 'in_review' | 'confidential' | 'published' | 'rejected';
      developer_notes?: string | undefined;
      admin_notes?: string | undefined;
    },
    actor: AuditActor,
    now = new Date(),
  ): Promise<VersionView> {
    const user: UserRow = context.user;
    if (change.id !== id) throw errors.field('app_version.id', 'mismatch', 'must be the id of the path');
    const action = ManifestService.actionFor(change.state, {
      platformAdmin: user.is_admin,
      manager: context.permissions.canModifyManifests,
      adminNotes: change.admin_notes !== undefined,
    });
    if (!manifestPolicy.canReview(context, user, action)) throw errors.forbidden();
    if (change.admin_notes !== undefined && !user.is_admin)
      throw errors.forbidden('Only platform administrators write admin notes.');
    // The developer must learn why (issue 20), as a listing's rejection says it (spec 3 §4).
    if (reviewNotesRequired(action) && !change.admin_notes?.trim())
      throw errors.field(
        'app_version.admin_notes',
        'required',
        "can't be blank: say why the version is rejected",
      );
    const { db } = this.deps;
    return db.transaction().execute(async (trx) => {
      await repo.lockApp(trx, context.app.id);
      const row = await repo.find(trx, id);
      if (!row || row.developer_app_id !== context.app.id) throw errors.notFound('App version');
      const invalid = (why: string) =>
        errors.field('app_version.state', 'invalid', why, { state: row.state, action });
      if (row.environment_type !== 'ProductionEnvironment')
        throw invalid(`cannot ${action} a sandbox version: only production versions are reviewed`);
      const flags = (await this.flagger(trx, row.developer_app_id, []))(row);
      const from: readonly VersionState[] = REVIEW_ACTIONS[action].from;
      if (!from.includes(row.state)) throw invalid(`cannot ${action} a version that is ${row.state}`);
      if (action === 'submit' && !flags.submittable)
        throw invalid(
          `cannot submit this version (${row.state}): only the newest production version is submittable`,
        );
      // Submitting asks for a new decision: the last one's notes leave the version (the events keep them).
      const notes =
        action === 'submit'
          ? { developer_notes: change.developer_notes ?? null, admin_notes: null }
          : action === 'withdraw'
            ? {}
            : { admin_notes: change.admin_notes ?? null };
      const to = REVIEW_ACTIONS[action].to;
      // Only a rejection marks the version rejected; every other action leaves it unmarked (a submission
      // asks for a new decision).
      const rejected_at = action === 'reject' ? now : null;
      const updated = await repo.setState(trx, id, { state: to, ...notes, rejected_at }, now);
      await repo.recordEvent(trx, user.id, `manifest_review_${action}`, {
        app_version_id: id,
        developer_app_id: row.developer_app_id,
        from: row.state,
        to,
        ...('developer_notes' in notes ? { notes: notes.developer_notes } : {}),
        ...(action === 'approve' || action === 'reject' ? { notes: notes.admin_notes } : {}),
      });
      if (action === 'approve' || action === 'reject') {
        await recordAudit(trx, actor, {
          action: action === 'approve' ? 'app_version.approved' : 'app_version.rejected',
          subjectType: 'app_version',
          subjectId: id,
          developerAppId: row.developer_app_id,
          changes: changedFields(
            { state: row.state, admin_notes: row.admin_notes },
            { state: updated.state, admin_notes: updated.admin_notes },
          ),
        });
      }
      return this.view(trx, updated);
    });
  }

  /** An analytics event from the web (opt-in, opt-out, metrics report). */
  async track(user: UserRow, key: string, properties: Record<string, unknown> | undefined): Promise<void> {
    await repo.recordEvent(this.deps.db, user.id, key, isRecord(properties) ? properties : {});
  }
}
