import { z } from 'zod';

/** `:id` of a route: a positive integer that fits the integer id columns. */
export const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
