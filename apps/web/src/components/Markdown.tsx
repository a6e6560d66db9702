import { Skeleton, Typography } from '@mantine/core';
import { lazy, Suspense } from 'react';

// react-markdown and its plugins are a chunk of their own, loaded on first use.
const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

export interface MarkdownProps {
  children: string;
}

/** Markdown text (GFM), sanitised; no raw HTML, links only to http, https and mailto. */
export function Markdown({ children }: MarkdownProps) {
  return (
    <Suspense fallback={<Skeleton height={16} radius="sm" />}>
      <Typography>
        <MarkdownRenderer>{children}</MarkdownRenderer>
      </Typography>
    </Suspense>
  );
}
