import {
  accountUpdateRequest,
  acknowledgement,
  emailRequest,
  passwordResetUpdateRequest,
  registrationRequest,
  sessionRequest,
  sessionResponse,
  tokenRequest,
  userResponse,
} from '../auth';
import { endpoint } from '../contract';

const tags = ['Accounts'];

/**
 * Registration, confirmation, sessions, password resets and the account (ARCHITECTURE.md "Sessions").
 * The only authorization rule of the area is "signed in" (`auth: 'user'`): an account is always the
 * caller's own.
 */
export const authEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/api/v1/registrations',
    summary: 'Sign up; a confirmation e-mail follows',
    tags,
    auth: 'public',
    body: registrationRequest,
    status: 201,
    response: acknowledgement,
    errors: [],
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/v1/registrations/confirmation',
    summary: 'Confirm an e-mail address',
    tags,
    auth: 'public',
    body: tokenRequest,
    response: acknowledgement,
    errors: ['invalid_token'],
  }),
  resendConfirmation: endpoint({
    method: 'POST',
    path: '/api/v1/registrations/confirmation/resend',
    summary: 'Send a new confirmation e-mail',
    tags,
    auth: 'public',
    body: emailRequest,
    status: 202,
    response: acknowledgement,
    errors: [],
  }),
  getSession: endpoint({
    method: 'GET',
    path: '/api/v1/session',
    summary: 'The current session',
    tags,
    auth: 'user',
    response: sessionResponse,
    errors: [],
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/v1/session',
    summary: 'Sign in',
    tags,
    auth: 'public',
    body: sessionRequest,
    response: sessionResponse,
    errors: ['invalid_credentials', 'email_not_confirmed', 'too_many_attempts', 'two_factor_required'],
  }),
  signOut: endpoint({
    method: 'DELETE',
    path: '/api/v1/session',
    summary: 'Sign out',
    tags,
    auth: 'user',
    status: 204,
    errors: [],
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/v1/password_resets',
    summary: 'E-mail a password reset link',
    tags,
    auth: 'public',
    body: emailRequest,
    status: 202,
    response: acknowledgement,
    errors: [],
  }),
  resetPassword: endpoint({
    method: 'PATCH',
    path: '/api/v1/password_resets',
    summary: 'Set a new password with a reset token',
    tags,
    auth: 'public',
    body: passwordResetUpdateRequest,
    response: acknowledgement,
    errors: ['invalid_token'],
  }),
  getAccount: endpoint({
    method: 'GET',
    path: '/api/v1/account',
    summary: 'Your account',
    tags,
    auth: 'user',
    response: userResponse,
    errors: [],
  }),
  updateAccount: endpoint({
    method: 'PATCH',
    path: '/api/v1/account',
    summary: 'Change your account',
    tags,
    auth: 'user',
    body: accountUpdateRequest,
    response: userResponse,
    // Guessing current_password is throttled as signing in is.
    errors: ['too_many_attempts'],
  }),
};
