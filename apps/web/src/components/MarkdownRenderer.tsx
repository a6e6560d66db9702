import { Anchor } from '@mantine/core';
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
