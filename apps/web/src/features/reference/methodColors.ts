import type { HttpMethod } from './openapi';

export const METHOD_COLORS: Record<HttpMethod, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  patch: 'yellow',
  delete: 'red',
  head: 'gray',
  options: 'gray',
};
