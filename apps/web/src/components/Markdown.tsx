import { Skeleton, Typography } from '@mantine/core';
import { lazy, Suspense } from 'react';

// react-markdown and its plugins are a chunk of their own, loaded on first use.
const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));
const MarkdownTextRenderer = lazy(() =>
  import('./MarkdownRenderer').then((module) => ({ default: module.MarkdownTextRenderer })),
);

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

/** Markdown shown as its plain text (no marks, links or HTML), inline: a summary in a list. */
export function MarkdownText({ children }: MarkdownProps) {
  return (
    <Suspense fallback={null}>
      <MarkdownTextRenderer>{children}</MarkdownTextRenderer>
    </Suspense>
  );
}
