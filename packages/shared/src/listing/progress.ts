import { detailsFromIssues, type ErrorDetail } from '../errors';
import { DEFAULT_LISTING_TABS, type ListingTab } from './model';
import {
  isRequiredTab,
  type ListingRuleOptions,
  type ListingValues,
  requiredFieldsOf,
  tabSchema,
} from './schemas';

export interface TabProgress {
  tab: ListingTab;
  /** Whether the tab has required fields (it counts toward the progress bar). */
  required: boolean;
  /** No validation problem in the tab: complete, and no error marker. */
  complete: boolean;
  /** Required fields without a problem, out of `requiredTotal` (per-tab progress, spec 3 §2). */
  requiredDone: number;
  requiredTotal: number;
  /** One detail per field path with a problem. */
  errors: ErrorDetail[];
}

export interface ListingProgress {
  completed: number;
  total: number;
  /** completed / total as a whole percent (spec 2 §5 "Marketplace progress"); 0 when no tab counts. */
  percent: number;
  tabs: TabProgress[];
}

/** The validation problems of one tab, one per field path (for the tab's error marker). */
export function tabErrors(
  tab: ListingTab,
  values: ListingValues,
  options: ListingRuleOptions = {},
): ErrorDetail[] {
  const result = tabSchema(tab, options).safeParse(values);
  return result.success ? [] : detailsFromIssues(result.error.issues);
}

/**
 * The progress bar of spec 3 §2: required tabs completed over required tabs, as a percent, plus each
 * tab's own state. `tabs` defaults to the form's tab set (without the Security tab when it is off).
 */
export function listingProgress(
  values: ListingValues,
  options: ListingRuleOptions & { tabs?: readonly ListingTab[] } = {},
): ListingProgress {
  const shown = (options.tabs ?? DEFAULT_LISTING_TABS).filter(
    (tab) => tab !== 'security' || options.securityEnabled !== false,
  );
  const tabs = shown.map((tab): TabProgress => {
    const errors = tabErrors(tab, values, options);
    const fields = requiredFieldsOf(tab);
    const failing = new Set(errors.map((error) => error.path.split('.')[0]));
    return {
      tab,
      required: isRequiredTab(tab, options),
      complete: errors.length === 0,
      requiredDone: fields.filter((field) => !failing.has(field)).length,
      requiredTotal: fields.length,
      errors,
    };
  });
  const counted = tabs.filter((tab) => tab.required);
  const completed = counted.filter((tab) => tab.complete).length;
  const total = counted.length;
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100), tabs };
}
