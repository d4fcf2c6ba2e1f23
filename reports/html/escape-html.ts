// HTML escaping for everything the target or the user wrote: text and attribute values. Control
// characters are shown as visible escapes first (printable), so a hostile target cannot inject
// markup, break the page or reach the reader's terminal through a copied line.
import { printable } from '../format/index.js';

export function escapeHtml(text: string): string {
  return printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Only http(s) links become anchors: a `javascript:` URL in a rules file must not run in the page. */
export function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : undefined;
}
