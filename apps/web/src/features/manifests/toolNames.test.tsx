import { PERMISSION_CATALOGUE, PERMISSION_LEVELS } from '@lintel/shared/manifests';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render';
import { PermissionsCard } from './builder/PermissionsCard';

// Issue 20 polish: permission names in Spanish, not the catalogue's English.

function serveCatalogue() {
  mockFetch((url) =>
    url === '/api/v1/manifest_permissions'
      ? { body: { levels: PERMISSION_LEVELS.map((l) => ({ ...l })), ...PERMISSION_CATALOGUE } }
      : undefined,
  );
}

const value = {
  auth_code_enabled: true,
  service_account_enabled: true,
  permissions: {
    company: { directory: 'readonly' as const },
    project: { rfi: 'standard' as const, daily_log: 'admin' as const },
  },
};

describe('permission tool names', () => {
  it('are in Spanish for a Spanish user', async () => {
    serveCatalogue();
    renderWithProviders(<PermissionsCard value={value} editable={false} onEdit={() => undefined} />, {
      language: 'es',
    });
    const company = await screen.findByRole('list', { name: /empresa/i });
    expect(company).toHaveTextContent('Directorio');
    expect(company).not.toHaveTextContent('Directory');
    const project = screen.getByRole('list', { name: /proyecto/i });
    expect(within(project).getByText(/Registro diario/)).toBeInTheDocument();
    expect(within(project).getByText(/RFI/)).toBeInTheDocument();
  });

  it('are the catalogue names in English', async () => {
    serveCatalogue();
    renderWithProviders(<PermissionsCard value={value} editable={false} onEdit={() => undefined} />);
    expect(await screen.findByRole('list', { name: 'Company tools' })).toHaveTextContent('Directory');
    expect(screen.getByRole('list', { name: 'Project tools' })).toHaveTextContent('Daily Log');
  });
});
