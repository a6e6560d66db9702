import type { ManifestSummary } from '@lintel/shared/manifests';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { buildVersion as version } from './factories';
import { ProductionManifestTable, SandboxManifestTable } from './ManifestTables';

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the sandbox manifest table', () => {
  it('has the columns of spec 2 §2 and shows only the newest version until old ones are asked for', async () => {
    const versions = [
      version({ id: 1, semantic_version: '0.1.0' }),
      version({ id: 3, semantic_version: '0.3.0', promotable: true }),
      version({ id: 2, semantic_version: '0.2.0' }),
    ];
    const onPromote = vi.fn();
    const { user } = renderWithProviders(
      <SandboxManifestTable versions={versions} canPromote onView={vi.fn()} onPromote={onPromote} />,
    );
    const table = screen.getByRole('table', { name: 'Sandbox manifests' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Version', 'Created', 'App version key', 'Promote']);
    expect(bodyRows(table)).toHaveLength(1);
    expect(bodyRows(table)[0]).toHaveTextContent('0.3.0');
    expect(bodyRows(table)[0]).toHaveTextContent('key-3');

    await user.click(screen.getByRole('button', { name: 'Show old versions (2)' }));
    expect(
      bodyRows(table).map((row) => within(row).getByRole('button', { name: /^View version/ }).textContent),
    ).toEqual(['0.3.0', '0.2.0', '0.1.0']);
    // Only a promotable version offers Promote.
    expect(within(table).getAllByRole('button', { name: /^Promote version/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Promote version 0.3.0' }));
    expect(onPromote).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
    await user.click(screen.getByRole('button', { name: 'Hide old versions' }));
    expect(bodyRows(table)).toHaveLength(1);
  });

  it('offers no promotion to someone who may not modify manifests', () => {
    renderWithProviders(
      <SandboxManifestTable
        versions={[version({ promotable: true })]}
        canPromote={false}
        onView={vi.fn()}
        onPromote={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: /Promote/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show old versions/ })).not.toBeInTheDocument();
  });
});

describe('the production manifest table', () => {
  const production = (overrides: Partial<ManifestSummary>) =>
    version({ environment_type: 'ProductionEnvironment', state: 'confidential', ...overrides });

  it('has the columns of spec 2 §2 with the release notes and marketplace flag', () => {
    renderWithProviders(
      <ProductionManifestTable
        versions={[
          production({ changelog: 'First release', submittable: true, published_to_marketplace: true }),
        ]}
        isDeveloper
        isPlatformAdmin={false}
        onView={vi.fn()}
        onReview={vi.fn()}
        reviewing={null}
      />,
    );
    const table = screen.getByRole('table', { name: 'Production manifests' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Version',
      'Released to production',
      'App version key',
      'Published to marketplace',
      'Release notes',
      'Review actions',
    ]);
    const [row] = bodyRows(table);
    expect(row).toHaveTextContent('First release');
    expect(row).toHaveTextContent('Yes');
  });

  it('offers submit and withdraw to the app’s developers, approve and reject to platform admins', async () => {
    const onReview = vi.fn();
    const submittable = production({ id: 1, submittable: true });
    const inReview = production({ id: 2, semantic_version: '0.2.0', state: 'in_review' });
    const { user, unmount } = renderWithProviders(
      <ProductionManifestTable
        versions={[submittable]}
        isDeveloper
        isPlatformAdmin={false}
        onView={vi.fn()}
        onReview={onReview}
        reviewing={null}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit for review version 0.1.0' }));
    expect(onReview).toHaveBeenCalledWith(submittable, 'submit');
    unmount();

    const developer = renderWithProviders(
      <ProductionManifestTable
        versions={[inReview]}
        isDeveloper
        isPlatformAdmin={false}
        onView={vi.fn()}
        onReview={onReview}
        reviewing={null}
      />,
    );
    expect(screen.getByRole('button', { name: 'Withdraw version 0.2.0' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    developer.unmount();

    renderWithProviders(
      <ProductionManifestTable
        versions={[inReview]}
        isDeveloper={false}
        isPlatformAdmin
        onView={vi.fn()}
        onReview={onReview}
        reviewing={null}
      />,
    );
    expect(screen.getByRole('button', { name: 'Approve version 0.2.0' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject version 0.2.0' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
  });

  it('offers nothing to a developer collaborator', () => {
    renderWithProviders(
      <ProductionManifestTable
        versions={[production({ submittable: true })]}
        isDeveloper={false}
        isPlatformAdmin={false}
        onView={vi.fn()}
        onReview={vi.fn()}
        reviewing={null}
      />,
    );
    expect(screen.queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument();
  });
});
