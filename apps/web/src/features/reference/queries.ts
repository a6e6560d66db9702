import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { OpenApiDocument } from './openapi';

export const referenceKeys = {
  all: ['reference'] as const,
  openapi: () => [...referenceKeys.all, 'openapi'] as const,
};

export function useOpenApiDocument() {
  return useQuery({
    queryKey: referenceKeys.openapi(),
    // The OpenAPI document describes the contracts and is not one of them: the untyped request.
    queryFn: ({ signal }) => apiRequest<OpenApiDocument>('/openapi.json', { signal }),
    staleTime: 10 * 60_000,
  });
}
