import { describe, expect, it } from 'vitest';
import {
  SEED_PROJECTS,
  SEED_RFIS,
  SEED_SUBMITTALS,
  SEEDED_USERS,
  SUBMITTAL_STATUSES,
  seededLogin,
  TEST_PROJECT_NAME,
} from './seed-data';

describe('the sandbox seed', () => {
  it('has the reference sandbox users and test project, named as the real one (en dash)', () => {
    expect(SEEDED_USERS.map((user) => user.name)).toEqual([
      'Test Architect',
      'Test Subcontractor',
      'API Support',
    ]);
    expect(TEST_PROJECT_NAME).toBe('1234 \u2013 Sandbox Test Project');
    expect(SEED_PROJECTS[0]?.name).toBe(TEST_PROJECT_NAME);
    expect(seededLogin('test.architect', 4000007)).toBe('test.architect+4000007@sandbox.platform.example');
  });

  it('has enough projects to page, numbered uniquely, with valid dates', () => {
    expect(SEED_PROJECTS.length).toBeGreaterThanOrEqual(13);
    expect(new Set(SEED_PROJECTS.map((p) => p.number)).size).toBe(SEED_PROJECTS.length);
    for (const project of SEED_PROJECTS) {
      expect(project.startDate < project.completionDate, project.name).toBe(true);
      expect(new Date(`${project.startDate}T00:00:00Z`).toISOString().slice(0, 10)).toBe(project.startDate);
    }
  });

  it('puts RFIs and submittals on the test project and across the others, on real projects and statuses', () => {
    expect(SEED_RFIS.filter((rfi) => rfi.project === 0).length).toBeGreaterThanOrEqual(1);
    expect(SEED_SUBMITTALS.filter((submittal) => submittal.project === 0)).toHaveLength(1);
    for (const item of [...SEED_RFIS, ...SEED_SUBMITTALS]) {
      expect(SEED_PROJECTS[item.project]).toBeDefined();
    }
    const statuses = SUBMITTAL_STATUSES.map((status) => status.name);
    for (const submittal of SEED_SUBMITTALS) expect(statuses).toContain(submittal.status);
    expect(new Set(SEED_RFIS.map((rfi) => rfi.status))).toEqual(new Set(['open', 'closed', 'draft']));
  });
});
