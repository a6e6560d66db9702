import { describe, expect, it } from 'vitest';
import { allowedLevels, PERMISSION_CATALOGUE, PERMISSION_LEVELS, permissionProblem } from './permissions';
import {
  compactViews,
  expandViews,
  isKnownView,
  toggleView,
  VIEW_KEYS,
  viewCheckState,
  viewTree,
} from './views';

describe('view keys and the .all expansion', () => {
  it('holds every key of reference/view-keys.txt', () => {
    expect(VIEW_KEYS).toHaveLength(48);
    expect(VIEW_KEYS).toContain('rfi.detail');
    expect(VIEW_KEYS).toContain('commitments.work_order_contracts.new');
  });
  it('knows keys and .all prefixes of keys, nothing else', () => {
    expect(isKnownView('rfi.detail')).toBe(true);
    expect(isKnownView('change_events.all')).toBe(true);
    expect(isKnownView('commitments.purchase_order_contracts.all')).toBe(true);
    expect(isKnownView('rfi.list')).toBe(false);
    expect(isKnownView('unknown.all')).toBe(false);
    expect(isKnownView('.all')).toBe(false);
    expect(isKnownView('rfi.detail.all')).toBe(false);
    expect(isKnownView('rfi.det')).toBe(false);
  });
  it('expands .all to every key under the prefix, without duplicates', () => {
    expect(expandViews(['change_events.all'])).toEqual([
      'change_events.detail',
      'change_events.edit',
      'change_events.list',
      'change_events.new',
    ]);
    expect(
      expandViews(['commitments.purchase_order_contracts.all', 'commitments.purchase_order_contracts.new']),
    ).toEqual([
      'commitments.purchase_order_contracts.detail',
      'commitments.purchase_order_contracts.edit',
      'commitments.purchase_order_contracts.new',
    ]);
    expect(expandViews(['nothing.all', 'made.up'])).toEqual([]);
  });
  it('compacts a whole prefix back to .all, the highest one', () => {
    expect(compactViews(expandViews(['change_events.all']))).toEqual(['change_events.all']);
    expect(compactViews(['rfi.detail', 'incidents.new'])).toEqual(['incidents.new', 'rfi.detail']);
    expect(compactViews(expandViews(['commitments.all']))).toEqual(['commitments.all']);
  });
});

describe('the views tree', () => {
  it('groups keys under their prefixes', () => {
    const tree = viewTree();
    const schedule = tree.find((n) => n.value === 'schedule');
    expect(schedule?.children.map((n) => n.value)).toEqual(['schedule.calendar']);
    expect(tree.find((n) => n.value === 'rfi')?.children).toEqual([
      { value: 'rfi.detail', label: 'detail', children: [] },
    ]);
  });
  it('a parent is checked, indeterminate or unchecked by its keys', () => {
    expect(viewCheckState('change_events', ['change_events.all'])).toBe('checked');
    expect(viewCheckState('change_events', ['change_events.list'])).toBe('indeterminate');
    expect(viewCheckState('change_events', ['rfi.detail'])).toBe('unchecked');
    expect(viewCheckState('rfi.detail', ['rfi.detail'])).toBe('checked');
  });
  it('checking a parent checks every key under it; unchecking removes them', () => {
    const all = toggleView([], 'incidents', true);
    expect(all).toEqual(['incidents.detail', 'incidents.edit', 'incidents.list', 'incidents.new']);
    expect(toggleView(all, 'incidents.edit', false)).toEqual([
      'incidents.detail',
      'incidents.list',
      'incidents.new',
    ]);
    expect(toggleView(['change_events.all', 'rfi.detail'], 'change_events', false)).toEqual(['rfi.detail']);
  });
});

describe('the permission catalogue', () => {
  it('has levels none 1, readonly 2, standard 3, admin 4', () => {
    expect(PERMISSION_LEVELS.map((l) => [l.name, l.id])).toEqual([
      ['none', 1],
      ['readonly', 2],
      ['standard', 3],
      ['admin', 4],
    ]);
  });
  it('company Admin offers None or Admin only', () => {
    const admin = PERMISSION_CATALOGUE.company.find((t) => t.name === 'admin');
    expect(admin && allowedLevels(admin)).toEqual(['none', 'admin']);
    expect(permissionProblem('company', 'admin', 'readonly')).toMatch(/not allowed/);
    expect(permissionProblem('company', 'admin', 'admin')).toBeNull();
  });
  it('refuses tools of the other scope or unknown ones', () => {
    expect(permissionProblem('project', 'budgeting', 'standard')).toBeNull();
    expect(permissionProblem('company', 'budgeting', 'standard')).toMatch(/unknown company tool/);
  });
});
