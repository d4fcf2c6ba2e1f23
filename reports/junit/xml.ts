// Minimal XML writing for the JUnit report: escaping that survives anything a target prints, and
// an element tree rendered with two-space indentation. No dependency, so the output is ours to pin.

/** Characters XML 1.0 forbids even as references (most C0 controls, lone surrogates, U+FFFE/FFFF),
 * plus C1 controls and DEL, which are legal but garble CI log viewers. */
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Replaces forbidden characters with a visible `\uXXXX`, keeping what the target sent legible. */
export function xmlSafe(text: string): string {
  return text.replace(FORBIDDEN, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function escapeText(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Attribute values also escape quotes, and line breaks and tabs, which parsers would otherwise
 * normalise to spaces. */
export function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

export interface XmlElement {
  name: string;
  attrs?: readonly (readonly [string, string | number | undefined])[];
  children?: readonly XmlElement[];
  /** Text content; an element has either children or text. */
  text?: string;
}

export function renderXml(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderElement(root, '')}\n`;
}

function renderElement(el: XmlElement, pad: string): string {
  const attrs = (el.attrs ?? [])
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`)
    .join('');
  const open = `${pad}<${el.name}${attrs}`;
  if (el.text !== undefined && el.text !== '') return `${open}>${escapeText(el.text)}</${el.name}>`;
  const children = el.children ?? [];
  if (children.length === 0) return `${open}/>`;
  return `${open}>\n${children.map((c) => renderElement(c, `${pad}  `)).join('\n')}\n${pad}</${el.name}>`;
}
