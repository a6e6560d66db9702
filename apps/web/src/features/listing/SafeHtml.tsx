import { createElement, type ReactNode } from 'react';

const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'code',
  'blockquote',
]);
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function safeHref(href: string | null): string | undefined {
  if (!href) return undefined;
  try {
    return SAFE_PROTOCOLS.has(new URL(href, 'https://invalid.example').protocol) ? href : undefined;
  } catch {
    return undefined;
  }
}

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes).map((child, index) => convert(child, `${key}.${index}`));
  // Anything not allowed (script, style, img, iframe…) keeps only its text, never its markup.
  if (!ALLOWED.has(tag)) return tag === 'script' || tag === 'style' ? null : children;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    return href
      ? createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children)
      : createElement('span', { key }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/**
 * An administrator's message as sanitized HTML (spec 3 §4): a few formatting tags and http(s)/mailto
 * links are kept; every attribute, script and other tag is dropped. Built as React elements, never set
 * as raw HTML.
 */
export function SafeHtml({ html }: { html: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return <>{Array.from(doc.body.childNodes).map((node, index) => convert(node, String(index)))}</>;
}
