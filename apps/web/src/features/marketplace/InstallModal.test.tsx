import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch, renderWithProviders } from '../../test/render';
import { InstallModal } from './InstallModal';

describe('InstallModal', () => {
  // Issue 20: installs from one address are limited; the refusal is said, not swallowed.
  it.each([
    ['en', 'Too many installations from this address. Please try again later.'],
    ['es', 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.'],
  ] as const)(
    'says in %s when an address has installed too often (429), and keeps the form',
    async (language, text) => {
      const fetchMock = mockFetch((url, init) =>
        url.endsWith('/api/v1/marketplace/apps/7/installations') && init.method === 'POST'
          ? {
              ...errorBody(
                429,
                'too_many_requests',
                'Too many installations from this address. Please try again later.',
              ),
              headers: { 'Retry-After': '3600' },
            }
          : undefined,
      );
      const onClose = vi.fn();
      const { user, i18n } = renderWithProviders(
        <InstallModal appId={7} appName="Field Reports" opened onClose={onClose} />,
        { language },
      );
      const company = await screen.findByRole('textbox', {
        name: i18n.t('metrics.marketplace.install.companyName'),
      });
      await user.type(company, 'Acme Builders');
      await user.type(
        screen.getByRole('textbox', { name: i18n.t('metrics.marketplace.install.email') }),
        'pat@acme.test',
      );
      await user.click(screen.getByRole('button', { name: i18n.t('metrics.marketplace.install.submit') }));

      expect(await screen.findByText(text)).toBeVisible();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(onClose).not.toHaveBeenCalled();
      expect(company).toHaveValue('Acme Builders');
    },
  );
});
