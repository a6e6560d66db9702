import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Keeps http, https and mailto links (and same-page anchors); anything else becomes plain text. */
export function safeUrl(url: string): string {
  if (url.startsWith('#')) return url;
  try {
    const parsed = new URL(url);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? url : '';
  } catch {
    return '';
  }
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" underline="always">
        {children}
      </Anchor>
    ) : (
      <span>{children}</span>
    ),
  // Images would load third-party content inside the portal; show their description instead.
  img: ({ alt }) => <span>{alt}</span>,
};

/** Renders markdown without raw HTML (skipped, then sanitised) and with restricted links. */
export default function MarkdownRenderer({ children }: { children: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      rehypePlugins={[rehypeSanitize]}
      skipHtml
      urlTransform={safeUrl}
      components={components}
    >
      {children}
    </ReactMarkdown>
  );
}

const inline = ({ children }: { children?: ReactNode }) => <>{children}</>;
const block = ({ children }: { children?: ReactNode }) => <>{children} </>;

/** Every element as its text: blocks end with a space, so paragraphs and items do not run together. */
const textComponents: Components = {
  ...Object.fromEntries(
    ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'td', 'th'].map((tag) => [
      tag,
      block,
    ]),
  ),
  ...Object.fromEntries(
    [
      'ul',
      'ol',
      'table',
      'thead',
      'tbody',
      'tr',
      'a',
      'strong',
      'em',
      'del',
      'code',
      'span',
      'sup',
      'section',
    ].map((tag) => [tag, inline]),
  ),
  img: ({ alt }) => <>{alt}</>,
  hr: () => <> </>,
  br: () => <> </>,
  input: () => null,
};

/**
 * Markdown as plain text (a summary in a table cell): parsed by the same markdown libraries, with every
 * element reduced to its words; nothing is a link, nothing raw.
 */
export function MarkdownTextRenderer({ children }: { children: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={textComponents}>
      {children}
    </ReactMarkdown>
  );
}
