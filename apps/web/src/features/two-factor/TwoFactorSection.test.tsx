import type { TwoFactorStatus } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '../../test/factories';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { PasskeysSection } from './PasskeysSection';
import { TwoFactorSection } from './TwoFactorSection';

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async () => ({ id: 'cred', response: {} })),
}));

const off: TwoFactorStatus = {
  totp_enabled: false,
  totp_enabled_at: null,
  recovery_codes_left: 0,
  passkeys: 0,
  setup_required: false,
};
const on: TwoFactorStatus = {
  ...off,
  totp_enabled: true,
  totp_enabled_at: '2026-11-27T10:00:00Z',
  recovery_codes_left: 7,
};
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '2')}`);
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Lintel:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code_svg: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body));

describe('TwoFactorSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns the authenticator on: QR code and key, a wrong code on its field, then the recovery codes once', async () => {
    let status = off;
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/account/two_factor' && init.method === 'GET') return { body: status };
      if (url === '/api/v1/account/two_factor' && init.method === 'POST') return { body: setup };
      if (url === '/api/v1/account/two_factor/confirmation') {
        if (bodyOf(init).code !== '123456') {
          return errorBody(422, 'validation_failed', 'Code is incorrect', [
            { path: 'code', message: 'is incorrect', code: 'incorrect' },
          ]);
        }
        status = { ...on, recovery_codes_left: 10 };
        return { body: { recovery_codes: CODES } };
      }
      return undefined;
    });
    const { user } = renderRoutes([{ path: '/account', element: <TwoFactorSection /> }], '/account');
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(section).findByText('Off')).toBeInTheDocument();
    await user.click(await within(section).findByRole('button', { name: 'Turn on' }));

    expect(
      await within(section).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toHaveAttribute('src', setup.qr_code_svg);
    expect(within(section).getByText(setup.secret)).toBeInTheDocument();
    const code = within(section).getByRole('textbox', { name: /Code from the app/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000000');
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));
    expect(await within(section).findByText('Is incorrect')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));
    const list = await within(section).findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    const confirm = fetchMock.mock.calls.filter(([url]) => url === '/api/v1/account/two_factor/confirmation');
    expect(bodyOf(confirm[1]?.[1] ?? {})).toEqual({ code: '123456' });
    expect(within(section).getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'I have saved them' }));
    expect(within(section).queryByRole('list', { name: 'Your recovery codes' })).not.toBeInTheDocument();
    expect(await within(section).findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(within(section).getByText('On')).toBeInTheDocument();
  });

  it('when on: new recovery codes for a code, and turning off with the password and a code', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/account/two_factor' && init.method === 'GET') return { body: on };
      if (url === '/api/v1/account/two_factor/recovery_codes') return { body: { recovery_codes: CODES } };
      if (url === '/api/v1/account/two_factor' && init.method === 'DELETE') {
        return bodyOf(init).current_password === 'right'
          ? { status: 204 }
          : errorBody(422, 'validation_failed', 'Current password is incorrect', [
              { path: 'current_password', message: 'is incorrect', code: 'incorrect' },
            ]);
      }
      return undefined;
    });
    const { user } = renderRoutes([{ path: '/account', element: <TwoFactorSection /> }], '/account', {
      withToasts: true,
    });
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(section).findByText(/7 recovery codes left/)).toBeInTheDocument();

    const regenerate = within(section).getByRole('button', { name: 'Get new recovery codes' });
    expect(regenerate).toHaveAttribute('aria-expanded', 'false');
    await user.click(regenerate);
    const regenerateForm = within(section).getByRole('form', { name: 'Get new recovery codes' });
    await user.type(within(regenerateForm).getByRole('textbox', { name: /Authentication code/ }), '654321');
    await user.click(within(regenerateForm).getByRole('button', { name: 'Get new codes' }));
    expect(await within(section).findByRole('list', { name: 'Your recovery codes' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    const disableForm = within(section).getByRole('form', { name: 'Turn off two-factor authentication' });
    await user.type(within(disableForm).getByLabelText(/Current password/), 'wrong');
    await user.type(within(disableForm).getByRole('textbox', { name: /Authentication code/ }), '111111');
    await user.click(within(disableForm).getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await within(disableForm).findByText('Is incorrect')).toBeInTheDocument();
    await user.clear(within(disableForm).getByLabelText(/Current password/));
    await user.type(within(disableForm).getByLabelText(/Current password/), 'right');
    await user.click(within(disableForm).getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    const disable = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(bodyOf(disable[1]?.[1] ?? {})).toEqual({ current_password: 'right', code: '111111' });
  });

  it('tells an administrator that REQUIRE_ADMIN_2FA needs a second factor first', async () => {
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/account/two_factor') return { body: { ...off, setup_required: true } };
      return undefined;
    });
    renderRoutes([{ path: '/account', element: <TwoFactorSection /> }], '/account');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Administrators must turn on two-factor/);
  });
});

describe('PasskeysSection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists passkeys, adds one with a name through the browser, and removes one after confirming', async () => {
    vi.stubGlobal('PublicKeyCredential', vi.fn());
    let passkeys = [{ id: 4, name: 'Phone', created_at: '2026-11-01T10:00:00Z', last_used_at: null }];
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/account/passkeys' && init.method === 'GET') return { body: passkeys };
      if (url === '/api/v1/account/passkeys/registration_options')
        return { body: { options: { challenge: 'c' } } };
      if (url === '/api/v1/account/passkeys' && init.method === 'POST') {
        const created = {
          id: 5,
          name: bodyOf(init).passkey.name,
          created_at: '2026-11-27T10:00:00Z',
          last_used_at: null,
        };
        passkeys = [...passkeys, created];
        return { status: 201, body: created };
      }
      if (url === '/api/v1/account/passkeys/4' && init.method === 'DELETE') {
        passkeys = passkeys.filter((passkey) => passkey.id !== 4);
        return { status: 204 };
      }
      return undefined;
    });
    const { user } = renderRoutes([{ path: '/account', element: <PasskeysSection /> }], '/account', {
      withToasts: true,
    });
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    expect(await within(section).findByRole('cell', { name: 'Phone' })).toBeInTheDocument();
    expect(within(section).getByRole('cell', { name: 'Never' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(section).findByText('This field is required')).toBeInTheDocument();
    await user.type(within(section).getByRole('textbox', { name: /Passkey name/ }), 'Work laptop');
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(section).findByRole('cell', { name: 'Work laptop' })).toBeInTheDocument();
    const created = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/v1/account/passkeys' && init?.method === 'POST',
    );
    expect(bodyOf(created?.[1] ?? {})).toEqual({
      passkey: { name: 'Work laptop', response: { id: 'cred', response: {} } },
    });

    await user.click(within(section).getByRole('button', { name: 'Remove Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(section).queryByRole('cell', { name: 'Phone' })).not.toBeInTheDocument(),
    );
  });

  it('says when there are none and when the browser cannot make one', async () => {
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === '/api/v1/account/passkeys') return { body: [] };
      return undefined;
    });
    renderRoutes([{ path: '/account', element: <PasskeysSection /> }], '/account');
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(screen.getByText('This browser does not support passkeys.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});
