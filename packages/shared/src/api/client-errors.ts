import { z } from 'zod';
import { endpoint } from '../contract';
import { optionalText, requiredText } from '../fields';
import { CLIENT_ERROR_LIMITS } from '../limits';

/** A crash of the web app, reported by its crash screen (spec 2 §8 "It has been logged and reported"). */
export const clientErrorRequest = z.strictObject({
  message: requiredText({ max: CLIENT_ERROR_LIMITS.message, multiline: true }),
  stack: optionalText({ max: CLIENT_ERROR_LIMITS.stack, multiline: true }).optional(),
  url: optionalText({ max: CLIENT_ERROR_LIMITS.url }).optional(),
  user_agent: optionalText({ max: CLIENT_ERROR_LIMITS.userAgent }).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorRequest>;

/** Crash reports of the web app: logged on the server, never stored. */
export const clientErrorEndpoints = {
  report: endpoint({
    method: 'POST',
    path: '/api/v1/client_errors',
    summary: 'Report a crash of the web app; it is logged (with secrets left out of its URL), not stored',
    tags: ['Client errors'],
    auth: 'public',
    body: clientErrorRequest,
    status: 204,
    errors: [],
  }),
};
