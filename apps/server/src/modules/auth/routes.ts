import {
  accountUpdateRequest,
  acknowledgement,
  emailRequest,
  errorResponse,
  passwordResetUpdateRequest,
  registrationRequest,
  sessionRequest,
  sessionResponse,
  tokenRequest,
  userResponse,
} from '@lintel/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashToken } from '../../http/crypto';
import { errors } from '../../http/errors';
import {
  authenticated,
  clearSessionCookie,
  requireUser,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../http/session';
import { presentUser } from './presenter';
import type { AuthService } from './service';

const RESET_ACK = 'If an account exists for that address, we have e-mailed a link to reset its password.';
const RESEND_ACK = 'If that address has an unconfirmed account, we have e-mailed a new confirmation link.';

const tags = ['Accounts'];
const problems = { 401: errorResponse, 403: errorResponse, 422: errorResponse, 429: errorResponse };

/** Registration, confirmation, sessions, password resets and the account. */
export function authRoutes(app: FastifyInstance, service: AuthService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/registrations',
    {
      schema: {
        tags,
        summary: 'Sign up; a confirmation e-mail follows',
        body: registrationRequest,
        response: { 201: acknowledgement, ...problems },
      },
    },
    async (request, reply) => {
      await service.register(request.body);
      return reply
        .status(201)
        .send({ message: 'We have sent you an e-mail. Follow its link to confirm your address.' });
    },
  );

  r.post(
    '/api/v1/registrations/confirmation',
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail address',
        body: tokenRequest,
        response: { 200: acknowledgement, ...problems },
      },
    },
    async (request) => {
      await service.confirm(request.body.token);
      return { message: 'Your e-mail address is confirmed. You can sign in now.' };
    },
  );

  r.post(
    '/api/v1/registrations/confirmation/resend',
    {
      schema: {
        tags,
        summary: 'Send a new confirmation e-mail',
        body: emailRequest,
        response: { 202: acknowledgement, ...problems },
      },
    },
    async (request, reply) => {
      await service.resendConfirmation(request.body.email);
      return reply.status(202).send({ message: RESEND_ACK });
    },
  );

  r.get(
    '/api/v1/session',
    {
      schema: {
        tags,
        summary: 'The current session',
        response: { 200: sessionResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { user: presentUser(user), csrf_token: request.session?.csrf_token ?? '' };
    },
  );

  r.post(
    '/api/v1/session',
    {
      schema: {
        tags,
        summary: 'Sign in',
        body: sessionRequest,
        response: { 200: sessionResponse, ...problems },
      },
    },
    async (request, reply) => {
      const cookie = request.cookies[SESSION_COOKIE];
      const signedIn = await service.signIn(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousSessionId: cookie ? hashToken(cookie) : undefined,
      });
      setSessionCookie(request, reply, signedIn.sessionToken);
      return { user: presentUser(signedIn.user), csrf_token: signedIn.csrfToken };
    },
  );

  r.delete(
    '/api/v1/session',
    {
      schema: { tags, summary: 'Sign out', response: { 204: z.null(), ...problems } },
      preValidation: authenticated,
    },
    async (request, reply) => {
      if (request.session) await service.signOut(request.session.id);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/v1/password_resets',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link',
        body: emailRequest,
        response: { 202: acknowledgement, ...problems },
      },
    },
    async (request, reply) => {
      await service.requestPasswordReset(request.body.email);
      return reply.status(202).send({ message: RESET_ACK });
    },
  );

  r.patch(
    '/api/v1/password_resets',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: passwordResetUpdateRequest,
        response: { 200: acknowledgement, ...problems },
      },
    },
    async (request) => {
      await service.resetPassword(request.body.token, request.body.password);
      return { message: 'Your password has been changed. You can sign in now.' };
    },
  );

  r.get(
    '/api/v1/account',
    {
      schema: { tags, summary: 'Your account', response: { 200: userResponse, ...problems } },
      preValidation: authenticated,
    },
    async (request) => presentUser(requireUser(request)),
  );

  r.patch(
    '/api/v1/account',
    {
      schema: {
        tags,
        summary: 'Change your account',
        body: accountUpdateRequest,
        response: { 200: userResponse, ...problems },
      },
      preValidation: authenticated,
    },
    async (request) => {
      if (!request.session) throw errors.unauthenticated();
      return presentUser(await service.updateAccount(requireUser(request), request.session.id, request.body));
    },
  );
}
