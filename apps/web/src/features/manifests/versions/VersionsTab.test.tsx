import type { Manifest } from '@lintel/shared/manifests';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildDeveloperApp,
  buildManifest,
  renderTab,
  serveManifests,
  summaryOf,
  withConfigured,
} from '../testing';
import { VersionsTab } from './VersionsTab';

const s1 = buildManifest({
  id: 21,
  semantic_version: '0.1.0',
  promotable: false,
  created_at: '2026-03-02T10:00:00.000Z',
  configured_manifest_content: withConfigured({
    auth_code_enabled: true,
    fullscreen: { type: 'fullscreen', source_url: 'https://full.example.com' },
  }),
  content: { schema_version: '4.1', fullscreen: { source_url: 'https://full.example.com' } },
});
const s2 = buildManifest({
  id: 22,
  semantic_version: '0.2.0',
  created_at: '2026-03-04T10:00:00.000Z',
  configured_manifest_content: withConfigured({
    auth_code_enabled: true,
    fullscreen: { type: 'fullscreen', source_url: 'https://full.example.com/v2' },
    permissions: { company: {}, project: { rfi: 'readonly' } },
    service_account_enabled: true,
  }),
  content: {
    schema_version: '4.1',
    fullscreen: { source_url: 'https://full.example.com/v2' },
    permissions: { project: { rfi: 'readonly' } },
  },
});
const p1 = buildManifest({
  id: 31,
  semantic_version: '0.1.0',
  environment_type: 'ProductionEnvironment',
  state: 'confidential',
  submittable: true,
  promotable: false,
  published_to_marketplace: true,
  created_at: '2026-03-03T10:00:00.000Z',
});
const all: Manifest[] = [s1, s2, p1];

const app = buildDeveloperApp({
  manifests: {
    latest_sandbox: summaryOf(s2),
    latest_production: summaryOf(p1),
    sandbox_count: 2,
    production_count: 1,
  },
});

describe('VersionsTab', () => {
  it('lists sandbox and production versions newest first, copies a key and opens a version', async () => {
    serveManifests({ app, manifests: all });
    const { user } = renderTab(<VersionsTab />, app);
    const sandbox = await screen.findByRole('table', { name: 'Sandbox versions' });
    const rows = within(sandbox).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['0.2.0', '0.1.0']);
    const production = await screen.findByRole('table', { name: 'Production versions' });
    const row = within(production).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('key-31');
    expect(row).toHaveTextContent('Yes');
    expect(row).toHaveTextContent('Not submitted');

    await user.click(within(production).getByRole('button', { name: /Copy the app version key of 0\.1\.0/ }));
    expect(await navigator.clipboard.readText()).toBe('key-31');
    expect(await screen.findByText('App version key copied to clipboard')).toBeInTheDocument();

    await user.click(within(sandbox).getByRole('button', { name: 'View manifest 0.1.0' }));
    const viewer = await screen.findByRole('dialog', { name: 'Manifest 0.1.0' });
    expect(within(viewer).getByLabelText('Manifest JSON')).toHaveTextContent('https://full.example.com');
    // Spec 2 §8: the View Manifest modal's copy says so with the copy toast, as every copy does.
    await user.click(within(viewer).getByRole('button', { name: /Copy manifest/ }));
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(s1.content);
    expect(await screen.findByText('Manifest copied to clipboard')).toBeInTheDocument();
  });

  it('offers Submit for review on the submittable production version', async () => {
    let patched: unknown = null;
    serveManifests({
      app,
      manifests: all,
      extra: (url, init) => {
        if (url === '/api/v1/app_versions/31' && init.method === 'PATCH') {
          patched = JSON.parse(String(init.body));
          return { body: { ...p1, state: 'in_review', submittable: false } };
        }
        return undefined;
      },
    });
    const { user } = renderTab(<VersionsTab />, app);
    const production = await screen.findByRole('table', { name: 'Production versions' });
    await user.click(within(production).getByRole('button', { name: 'Submit for review: 0.1.0' }));
    const modal = await screen.findByRole('dialog', { name: 'Submit 0.1.0 for review' });
    await user.type(within(modal).getByRole('textbox', { name: 'Notes' }), 'Ready');
    await user.click(within(modal).getByRole('button', { name: 'Submit for review' }));
    await waitFor(() =>
      expect(patched).toEqual({ app_version: { id: 31, state: 'in_review', developer_notes: 'Ready' } }),
    );
  });

  it('shows a rejected version as Rejected with the reviewer notes (issue 20)', async () => {
    const rejected = {
      ...p1,
      // As the API answers a rejection: the spec's confidential, marked rejected_at (spec 2 §4, issue 20).
      state: 'confidential' as const,
      rejected_at: '2026-03-03T09:00:00.000Z',
      admin_notes: 'The RFI scope is broader than the panel needs.',
    };
    serveManifests({ app, manifests: [s1, s2, rejected] });
    renderTab(<VersionsTab />, app);
    const production = await screen.findByRole('table', { name: 'Production versions' });
    const row = within(production).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Rejected');
    expect(row).not.toHaveTextContent('Not submitted');
    const notes = within(production).getByTestId('version-rejection');
    expect(notes).toHaveTextContent('Version 0.1.0 was rejected');
    expect(notes).toHaveTextContent("Reviewer's notes");
    expect(notes).toHaveTextContent('The RFI scope is broader than the panel needs.');
    // Submitting again is offered, and the other states show no notes.
    expect(within(production).getByRole('button', { name: 'Submit for review: 0.1.0' })).toBeInTheDocument();
  });

  it('asks a platform administrator for notes before rejecting (issue 20)', async () => {
    const inReview = { ...p1, state: 'in_review' as const, submittable: false };
    let patched: unknown = null;
    serveManifests({
      app,
      manifests: [s1, s2, inReview],
      admin: true,
      extra: (url, init) => {
        if (url === '/api/v1/app_versions/31' && init.method === 'PATCH') {
          patched = JSON.parse(String(init.body));
          return {
            body: {
              ...inReview,
              state: 'confidential',
              rejected_at: '2026-03-03T09:00:00.000Z',
              admin_notes: 'Too broad',
            },
          };
        }
        return undefined;
      },
    });
    const { user } = renderTab(<VersionsTab />, app);
    const production = await screen.findByRole('table', { name: 'Production versions' });
    await user.click(within(production).getByRole('button', { name: 'Reject: 0.1.0' }));
    const modal = await screen.findByRole('dialog', { name: 'Reject 0.1.0' });
    const notes = within(modal).getByRole('textbox', { name: /Notes/ });
    expect(notes).toBeRequired();
    await user.click(within(modal).getByRole('button', { name: 'Reject' }));
    expect(
      await within(modal).findByText('Write what the developers must change before rejecting.'),
    ).toBeVisible();
    expect(patched).toBeNull();
    await user.type(notes, 'Too broad');
    await user.click(within(modal).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      // The spec's reject (spec 2 §4): confidential with the platform admin's notes.
      expect(patched).toEqual({ app_version: { id: 31, state: 'confidential', admin_notes: 'Too broad' } }),
    );
  });

  it('shows only production versions in government cloud', async () => {
    serveManifests({ app, manifests: all, features: { government_cloud: true } });
    renderTab(<VersionsTab />, app);
    expect(await screen.findByRole('table', { name: 'Production versions' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sandbox versions' })).toBeNull();
  });

  it('compares two versions side by side', async () => {
    serveManifests({ app, manifests: all });
    const { user } = renderTab(<VersionsTab />, app);
    const sandbox = await screen.findByRole('table', { name: 'Sandbox versions' });
    await user.click(within(sandbox).getByRole('button', { name: 'More actions for 0.1.0' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Compare with the newest' }));
    const modal = await screen.findByRole('dialog', { name: 'Compare versions' });
    const components = await within(modal).findByRole('table', { name: 'Components' });
    expect(within(components).getByRole('row', { name: /Full Screen: Source URL/ })).toHaveTextContent(
      /https:\/\/full\.example\.com.*https:\/\/full\.example\.com\/v2/,
    );
    const permissions = within(modal).getByRole('table', { name: 'Permissions' });
    expect(within(permissions).getByRole('row', { name: /Project: RFIs/ })).toHaveTextContent(
      /Not set.*Read-only/,
    );
    expect(within(modal).getByRole('table', { name: 'Authentication' })).toHaveTextContent(
      'Service Account Authentication',
    );
  });

  it('compares a manifest the builder cannot read place by place', async () => {
    const legacy = buildManifest({
      id: 19,
      semantic_version: '0.0.1',
      schema_version: '3.2',
      promotable: false,
      configured_manifest_content: null,
      content: {
        schema_version: '3.2',
        components: {
          iframe: {
            instances: [
              { type: 'sidepanel', iframe_src: 'https://a.example.com', views: ['rfi.detail'] },
              { type: 'sidepanel', iframe_src: 'https://b.example.com', views: ['rfi.detail'] },
            ],
          },
        },
      },
    });
    serveManifests({ app, manifests: [legacy, ...all] });
    const { user } = renderTab(<VersionsTab />, app);
    const sandbox = await screen.findByRole('table', { name: 'Sandbox versions' });
    await user.click(within(sandbox).getByRole('button', { name: 'More actions for 0.0.1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Compare with the newest' }));
    const modal = await screen.findByRole('dialog', { name: 'Compare versions' });
    expect(await within(modal).findByText(/cannot be read field by field/)).toBeInTheDocument();
    const table = within(modal).getByRole('table', { name: 'Manifest' });
    expect(within(table).getByRole('row', { name: /\/schema_version/ })).toHaveTextContent(/3\.2.*4\.1/);
    expect(
      within(table).getByRole('row', { name: /\/components\/iframe\/instances\/1\/iframe_src/ }),
    ).toHaveTextContent(/https:\/\/b\.example\.com.*Not set/);
  });

  it('starts a new version from an older one', async () => {
    serveManifests({ app, manifests: all });
    const { user, router } = renderTab(<VersionsTab />, app);
    const sandbox = await screen.findByRole('table', { name: 'Sandbox versions' });
    await user.click(within(sandbox).getByRole('button', { name: 'More actions for 0.1.0' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Start a new version from this one' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/developer_apps/5/configurations'));
    expect(router.state.location.search).toBe('?from=21');
  });
});
