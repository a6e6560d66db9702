/** Permission levels of the catalogue (spec 2 §3): ids 1–4; `none` is never written to a manifest. */
export const PERMISSION_LEVELS = [
  { id: 1, name: 'none', label: 'None' },
  { id: 2, name: 'readonly', label: 'Read-only' },
  { id: 3, name: 'standard', label: 'Standard' },
  { id: 4, name: 'admin', label: 'Admin' },
] as const;
export type PermissionLevelName = (typeof PERMISSION_LEVELS)[number]['name'];
/** The levels a manifest may carry for a tool (a tool left out has none). */
export const MANIFEST_PERMISSION_LEVELS = ['readonly', 'standard', 'admin'] as const;
export type ManifestPermissionLevel = (typeof MANIFEST_PERMISSION_LEVELS)[number];
export type PermissionScope = 'company' | 'project';
export const PERMISSION_SCOPES: readonly PermissionScope[] = ['company', 'project'];

/** One tool of the catalogue: its manifest key, its label, and the level ids it does not offer. */
export interface PermissionTool {
  name: string;
  friendly_name: string;
  disabled_uals: number[];
}

export interface PermissionCatalogue {
  company: PermissionTool[];
  project: PermissionTool[];
}

// "Admin" tools offer None or Admin only (reference/manifest-format.md "Permission catalogue").
const ADMIN_ONLY = [2, 3];
const tool = (name: string, friendly_name: string, disabled_uals: number[] = []): PermissionTool => ({
  name,
  friendly_name,
  disabled_uals,
});

/** The company and project tools a service account may be granted (reference/manifest-format.md). */
export const PERMISSION_CATALOGUE: PermissionCatalogue = {
  company: [
    tool('admin', 'Admin', ADMIN_ONLY),
    tool('app_management', 'App Management'),
    tool('bid_board', 'Bid Board'),
    tool('calendar', 'Calendar'),
    tool('checklists', 'Checklists'),
    tool('concierge', 'Concierge'),
    tool('connection_manager', 'Connection Manager'),
    tool('cost_catalog', 'Cost Catalog'),
    tool('directory', 'Directory'),
    tool('documents', 'Documents'),
    tool('erp_integrations', 'ERP Integrations'),
    tool('equipment', 'Equipment'),
    tool('home', 'Home'),
    tool('inspections', 'Inspections'),
    tool('permissions', 'Permissions'),
    tool('planroom', 'Planroom'),
    tool('portfolio', 'Portfolio'),
    tool('reports', 'Reports'),
    tool('schedule', 'Schedule'),
    tool('timecard', 'Timecard'),
    tool('timesheets', 'Timesheets'),
    // Issue 22: hooks, triggers and deliveries of the webhooks API need it at Standard (webhooks.md §1).
    tool('webhooks', 'Webhooks API'),
  ],
  project: [
    tool('admin', 'Admin', ADMIN_ONLY),
    tool('bidding', 'Bidding'),
    tool('budgeting', 'Budget'),
    tool('change_events', 'Change Events'),
    tool('change_orders', 'Change Orders'),
    tool('commitments', 'Commitments'),
    tool('coordination_issues', 'Coordination Issues'),
    tool('correspondence', 'Correspondence'),
    tool('daily_log', 'Daily Log'),
    tool('direct_costs', 'Direct Costs'),
    tool('directory', 'Directory'),
    tool('documents', 'Documents'),
    tool('drawings', 'Drawings'),
    tool('emails', 'Emails'),
    tool('forms', 'Forms'),
    tool('home', 'Home'),
    tool('incidents', 'Incidents'),
    tool('inspections', 'Inspections'),
    tool('meetings', 'Meetings'),
    tool('observations', 'Observations'),
    tool('photos', 'Photos'),
    tool('prime_contracts', 'Prime Contracts'),
    tool('punch_list', 'Punch List'),
    tool('reports', 'Reports'),
    tool('rfi', 'RFIs'),
    tool('schedule', 'Schedule'),
    tool('specifications', 'Specifications'),
    tool('submittals', 'Submittals'),
    tool('tasks', 'Tasks'),
    tool('transmittals', 'Transmittals'),
  ],
};

/** The id of a level name (`readonly` → 2). */
export function permissionLevelId(level: PermissionLevelName): number {
  return PERMISSION_LEVELS.find((l) => l.name === level)?.id ?? 1;
}

/** The catalogue entry of a tool, or undefined when the scope has no such tool. */
export function findTool(
  scope: PermissionScope,
  name: string,
  catalogue: PermissionCatalogue = PERMISSION_CATALOGUE,
): PermissionTool | undefined {
  return catalogue[scope].find((t) => t.name === name);
}

/** The levels a tool offers, `none` included (the disabled ones left out). */
export function allowedLevels(toolEntry: PermissionTool): PermissionLevelName[] {
  return PERMISSION_LEVELS.filter((l) => !toolEntry.disabled_uals.includes(l.id)).map((l) => l.name);
}

/** Why a permission cannot be written (unknown tool, level the tool does not offer), or null. */
export function permissionProblem(
  scope: PermissionScope,
  name: string,
  level: string,
  catalogue: PermissionCatalogue = PERMISSION_CATALOGUE,
): string | null {
  const entry = findTool(scope, name, catalogue);
  if (!entry) return `unknown ${scope} tool "${name}"`;
  if (!(MANIFEST_PERMISSION_LEVELS as readonly string[]).includes(level)) {
    return `level "${level}" is not one of ${MANIFEST_PERMISSION_LEVELS.join(', ')}`;
  }
  if (!allowedLevels(entry).includes(level as PermissionLevelName)) {
    return `level "${level}" is not allowed for the ${scope} tool "${entry.friendly_name}" (allowed: ${allowedLevels(
      entry,
    )
      .filter((l) => l !== 'none')
      .join(', ')})`;
  }
  return null;
}
