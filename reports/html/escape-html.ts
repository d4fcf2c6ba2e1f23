// HTML escaping for everything the target or the user wrote: text and attribute values. Control
// characters are shown as visible escapes first (printable), so a hostile target cannot inject
// markup, break the page or reach the reader's terminal through a copied line.
import { printable } from '../format/index.js';

export function escapeHtml(text: string): string {
  return printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Text of several lines (a transcript, stderr, an expected value listing alternatives): each line
 * escaped on its own, so the line breaks stay real ones in a <pre> instead of a visible `\n`. */
export function escapeLines(text: string): string {
  return text.split('\n').map(escapeHtml).join('\n');
}

/** Only http(s) links become anchors: a `javascript:` URL in a rules file must not run in the page. */
export function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : undefined;
}
