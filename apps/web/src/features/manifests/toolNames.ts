import type { PermissionScope } from '@lintel/shared/manifests';
import type { TFunction } from 'i18next';
import type manifestTexts from '../../i18n/locales/en/manifests.json';

type Tools = typeof manifestTexts.tools;

/** The tools named in locales/<language>/manifests.json ("tools"), by scope: the catalogue's keys. */
const NAMED: Record<PermissionScope, ReadonlySet<string>> = {
  company: new Set([
    'admin',
    'app_management',
    'bid_board',
    'calendar',
    'checklists',
    'concierge',
    'connection_manager',
    'cost_catalog',
    'directory',
    'documents',
    'erp_integrations',
    'equipment',
    'home',
    'inspections',
    'permissions',
    'planroom',
    'portfolio',
    'reports',
    'schedule',
    'timecard',
    'timesheets',
    'webhooks',
  ] satisfies (keyof Tools['company'])[]),
  project: new Set([
    'admin',
    'bidding',
    'budgeting',
    'change_events',
    'change_orders',
    'commitments',
    'coordination_issues',
    'correspondence',
    'daily_log',
    'direct_costs',
    'directory',
    'documents',
    'drawings',
    'emails',
    'forms',
    'home',
    'incidents',
    'inspections',
    'meetings',
    'observations',
    'photos',
    'prime_contracts',
    'punch_list',
    'reports',
    'rfi',
    'schedule',
    'specifications',
    'submittals',
    'tasks',
    'transmittals',
  ] satisfies (keyof Tools['project'])[]),
};

/**
 * A permission tool's name in the user's language (issue 20 polish: "permission names in Spanish"); a tool
 * the translations do not know yet keeps the catalogue's friendly name, else its key.
 */
export function toolName(
  t: TFunction,
  scope: PermissionScope,
  tool: { name: string; friendly_name?: string },
): string {
  if (NAMED[scope].has(tool.name))
    return scope === 'company'
      ? t(`manifests.tools.company.${tool.name as keyof Tools['company']}`)
      : t(`manifests.tools.project.${tool.name as keyof Tools['project']}`);
  return tool.friendly_name ?? tool.name;
}
