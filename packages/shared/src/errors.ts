import { z } from 'zod';

/** The one error body of every 4xx/5xx answer (ARCHITECTURE.md "HTTP conventions"). */
export const errorDetail = z.object({ path: z.string(), message: z.string() });
export const errorResponse = z.object({
  errors: z.array(z.string()),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(errorDetail),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
export type ErrorDetail = z.infer<typeof errorDetail>;
