import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { detailsFromZod, errors } from './errors';

const partPrefix: Record<string, string[]> = { body: [], querystring: [], params: [], headers: ['headers'] };

/** Validates every request part with its zod schema and fails with our 422 shape, one detail per field. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: errors.validation(detailsFromZod(result.error, partPrefix[httpPart ?? 'body'] ?? [])) };
  };
