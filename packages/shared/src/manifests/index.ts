/**
 * `@lintel/shared/manifests` — manifests and app versions (issue 9; spec 2 §3–§5, reference/manifest-format.md).
 *
 * Pure, browser-safe (no JSON Schema compiler here):
 * - `limits.ts`      MANIFEST_LIMITS (512 k characters per manifest …), SCHEMA_VERSIONS ('3', '3.2', '4.1'),
 *                    TEMPLATE_VERSIONS ('3', '4.1'), INVALID_JSON_MESSAGE.
 * - `status.ts`      versionStatus(latestSandbox, latestProduction) — the header table of spec 2 §4 (Draft,
 *                    Ready for Testing, Promoted, Approved Version, Under Review, Rejected, Unknown State: key,
 *                    label, colour, offers); saveButtonLabel; REVIEW_ACTIONS / REVIEW_ACTORS / reviewActionsFor;
 *                    rejectionOf (a rejected version's reviewer notes: confidential with rejected_at),
 *                    shownVersionState (its state as lists show it: `rejected` for such a version);
 *                    VERSION_STATES, ENVIRONMENT_TYPES ('Sandbox', 'ProductionEnvironment').
 * - `semver.ts`      parseSemver, isSemver, compareSemver, suggestNextVersion (raise minor; 0.1.0 first).
 * - `views.ts`       VIEW_KEYS (reference/view-keys.txt), isKnownView (key or `.all` prefix), expandViews,
 *                    compactViews, viewTree (checkbox tree), viewCheckState (tri-state parent), toggleView.
 * - `permissions.ts` PERMISSION_CATALOGUE {company, project}: [{name, friendly_name, disabled_uals}],
 *                    PERMISSION_LEVELS (none 1, readonly 2, standard 3, admin 4), allowedLevels,
 *                    permissionProblem.
 * - `rules.ts`       the spec's extra rules with JSON pointers: componentProblems (type, https URL, views),
 *                    parameterProblems ('Key, name, and description are required…'), postInstallationProblems
 *                    (all or none), permissionsProblems, isComponentUrl, availableComponentTypes (no side panel
 *                    in government cloud), parametersOf / schemaOfParameters, RULE_MESSAGES, pointer helpers.
 * - `configured.ts`  the builder's form (configured_manifest_content) ⇄ manifest: isValidForSaving,
 *                    configuredProblems, toManifestContent (→ 4.1), fromManifestContent / canShowInBuilder
 *                    (the "not available" modal), authenticationOf (the stored user-level and service-account
 *                    flags, read from the content: a service account always comes with user-level auth).
 * - `diff.ts`         diffManifests(before, after) → [{section, path, kind, before, after}] for the
 *                    side-by-side diff (components, views, parameters, permissions, instructions).
 * - `templates.ts`   MANIFEST_TEMPLATES {'3', '4.1'} and manifestSnippets(version, hasExistingManifest).
 * - `types.ts`       zod shapes of the API: configuredManifestContent, manifestSummary (list rows),
 *                    manifestResponse (one version with content), manifestError, environmentType.
 *
 * Server only: `@lintel/shared/manifests/validate` — validateManifestText(text, options) →
 * [{message, pointer, line, column}] (one per distinct field, in document order) and validateManifestContent
 * (ajv + the JSON Schemas of json-schemas.ts).
 * It compiles code at run time, which the web's CSP forbids: the web validates JSON through
 * POST /api/v1/manifest_validations and the builder's form with configuredProblems.
 *
 * Contracts: `packages/shared/src/api/manifests.ts` (manifestEndpoints, analyticsEndpoints). Switches the web
 * reads: `session.features` (can_create_sandbox_manifests, government_cloud, form_experience_forced); per
 * app: `app.permissions.canModifyManifests / canCreateSandboxManifests / canSetSemanticVersions /
 * canViewClientCredentials`, and `app.manifests` (latest sandbox and production versions).
 */
export * from './configured';
export * from './diff';
export * from './limits';
export * from './permissions';
export * from './rules';
export * from './semver';
export * from './status';
export * from './templates';
export * from './types';
export * from './views';
