import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
import "./chunk-YODZ6O3U.mjs";

// apps/server/src/jobs/mail/markdown.ts
import { toString as mdastToString } from "mdast-util-to-string";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
var toHtml = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize).use(rehypeStringify);
var toTree = unified().use(remarkParse).use(remarkGfm);
function markdownToSafeHtml(markdown) {
  return String(toHtml.processSync(markdown));
}
function markdownToText(markdown) {
  const tree = toTree.parse(markdown);
  return tree.children.map((node) => mdastToString(node).trim()).filter(Boolean).join("\n\n");
}
export {
  markdownToSafeHtml,
  markdownToText
};
