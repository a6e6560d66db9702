import { z } from 'zod';
import { sessionResponse } from '../auth';
import { endpoint } from '../contract';
import { idParams } from '../query';
import {
  adminTwoFactorResponse,
  createPasskeyRequest,
  passkeyOptionsResponse,
  passkeyResponse,
  passkeySignInRequest,
  recoveryCodesResponse,
  twoFactorCodeRequest,
  twoFactorDisableRequest,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
} from '../two-factor';

const tags = ['Two-factor authentication'];

/**
 * Second factors (issue 23): an authenticator app (TOTP) with recovery codes, and passkeys (WebAuthn) as a
 * second factor or a passwordless sign-in. Every call is about the caller's own account, except the
 * administrators' removal of a developer's factors.
 */
export const twoFactorEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/v1/account/two_factor',
    summary: 'Your second factors',
    tags,
    auth: 'user',
    response: twoFactorStatusResponse,
    errors: [],
  }),
  setup: endpoint({
    method: 'POST',
    path: '/api/v1/account/two_factor',
    summary: 'Start turning on an authenticator app: a new secret, pending until confirmed',
    tags,
    auth: 'user',
    response: twoFactorSetupResponse,
    errors: ['conflict'],
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/v1/account/two_factor/confirmation',
    summary: 'Confirm the authenticator with its first code; answers ten recovery codes, shown once',
    tags,
    auth: 'user',
    body: twoFactorCodeRequest,
    response: recoveryCodesResponse,
    errors: ['conflict', 'too_many_attempts'],
  }),
  disable: endpoint({
    method: 'DELETE',
    path: '/api/v1/account/two_factor',
    summary: 'Turn the authenticator app off (password and a code)',
    tags,
    auth: 'user',
    body: twoFactorDisableRequest,
    status: 204,
    errors: ['conflict', 'too_many_attempts'],
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/v1/account/two_factor/recovery_codes',
    summary: 'Replace the recovery codes (the old ones stop working)',
    tags,
    auth: 'user',
    body: twoFactorCodeRequest,
    response: recoveryCodesResponse,
    errors: ['conflict', 'too_many_attempts'],
  }),
  passkeys: endpoint({
    method: 'GET',
    path: '/api/v1/account/passkeys',
    summary: 'Your passkeys',
    tags,
    auth: 'user',
    response: z.array(passkeyResponse),
    errors: [],
  }),
  passkeyRegistrationOptions: endpoint({
    method: 'POST',
    path: '/api/v1/account/passkeys/registration_options',
    summary: 'Options for registering a new passkey (a fresh challenge)',
    tags,
    auth: 'user',
    response: passkeyOptionsResponse,
    errors: [],
  }),
  createPasskey: endpoint({
    method: 'POST',
    path: '/api/v1/account/passkeys',
    summary: 'Register a passkey from the browser’s answer to the options',
    tags,
    auth: 'user',
    body: createPasskeyRequest,
    status: 201,
    response: passkeyResponse,
    errors: [],
  }),
  deletePasskey: endpoint({
    method: 'DELETE',
    path: '/api/v1/account/passkeys/:id',
    summary: 'Remove a passkey',
    tags,
    auth: 'user',
    params: idParams,
    status: 204,
    errors: [],
  }),
  passkeySignInOptions: endpoint({
    method: 'POST',
    path: '/api/v1/session/passkey_options',
    summary: 'Options for signing in with a passkey (a fresh challenge)',
    tags,
    auth: 'public',
    response: passkeyOptionsResponse,
    errors: ['too_many_requests'],
  }),
  passkeySignIn: endpoint({
    method: 'POST',
    path: '/api/v1/session/passkey',
    summary: 'Sign in with a passkey alone (passwordless)',
    tags,
    auth: 'public',
    body: passkeySignInRequest,
    response: sessionResponse,
    errors: ['invalid_credentials', 'email_not_confirmed'],
  }),
};

/** An administrator's view and removal of a developer's second factors (all lost). */
export const adminTwoFactorEndpoints = {
  developerTwoFactor: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developers/:id/two_factor',
    summary: 'A developer’s second factors (admins)',
    tags,
    auth: 'user',
    params: idParams,
    response: adminTwoFactorResponse,
    errors: ['forbidden'],
  }),
  removeDeveloperTwoFactor: endpoint({
    method: 'DELETE',
    path: '/api/v1/admin/developers/:id/two_factor',
    summary: 'Remove every second factor of a developer who lost them (admins; audited, e-mailed)',
    tags,
    auth: 'user',
    params: idParams,
    status: 204,
    errors: ['forbidden'],
  }),
};
