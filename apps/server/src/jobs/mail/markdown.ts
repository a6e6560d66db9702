import { toString as mdastToString } from 'mdast-util-to-string';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

// Raw HTML in the markdown is dropped (remark-rehype without allowDangerousHtml), and the sanitiser's
// GitHub schema removes event handlers and keeps only http(s)/mailto-style link protocols: no script,
// no javascript: or data: links reach a mailbox.
const toHtml = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize)
  .use(rehypeStringify);
const toTree = unified().use(remarkParse).use(remarkGfm);

/** Markdown rendered to safe HTML, for e-mail bodies. */
export function markdownToSafeHtml(markdown: string): string {
  return String(toHtml.processSync(markdown));
}

/** Markdown as plain text (paragraphs kept apart), for the text part of e-mails. */
export function markdownToText(markdown: string): string {
  const tree = toTree.parse(markdown);
  return tree.children
    .map((node) => mdastToString(node).trim())
    .filter(Boolean)
    .join('\n\n');
}
