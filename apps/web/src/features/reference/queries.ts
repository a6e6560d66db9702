import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { OpenApiDocument } from './openapi';

export const referenceKeys = {
  all: ['reference'] as const,
  openapi: () => [...referenceKeys.all, 'openapi'] as const,
};

export function useOpenApiDocument() {
  return useQuery({
    queryKey: referenceKeys.openapi(),
    queryFn: ({ signal }) => api.get<OpenApiDocument>('/openapi.json', { signal }),
    staleTime: 10 * 60_000,
  });
}
