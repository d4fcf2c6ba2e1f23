// The values of 2026-07-28's `Mcp-Param-{Name}` headers (basic/transports/streamable-http, "Value
// Encoding" and "Server Behavior for Custom Headers"): what a client sends for a tools/call, and
// whether the headers a server received agree with the body. Header names are lower-cased.
import { headerParams, valueAt } from '../../schema/mcp-header-params.js';

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
const PLAIN = /^[\x20-\x7e]*$/;

/**
 * A header value as is when it is plain visible ASCII without edge spaces, else the base64
 * sentinel form; a plain value that looks like the sentinel is encoded too, so it cannot be misread.
 */
export function encodeHeaderValue(text: string): string {
  const plain = PLAIN.test(text) && text.trim() === text && !SENTINEL.test(text);
  return plain ? text : `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** The text a header value stands for: the sentinel form decoded, anything else as is. */
export function decodeHeaderValue(value: string): string {
  const m = SENTINEL.exec(value);
  return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : value;
}

/** An argument's text before encoding: strings as is, integers in decimal, booleans in lower case; nothing for null or absent. */
function argumentText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

/** The `Mcp-Param-*` headers a client sends with a tools/call of this tool and these arguments. */
export function paramHeadersFor(inputSchema: unknown, args: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const param of headerParams(inputSchema)) {
    const text = argumentText(valueAt(args, param.path));
    if (text !== undefined) out[`mcp-param-${param.name.toLowerCase()}`] = encodeHeaderValue(text);
  }
  return out;
}

/**
 * Why the `Mcp-Param-*` headers of a tools/call disagree with its arguments, or undefined when they
 * agree. A value that is null or absent expects no header; integers compare numerically (SHOULD).
 * `header` reads a request header by its lower-case name.
 */
export function paramHeaderMismatch(inputSchema: unknown, args: unknown, header: (name: string) => string | undefined): string | undefined {
  for (const param of headerParams(inputSchema)) {
    const value = valueAt(args, param.path);
    const text = argumentText(value);
    if (text === undefined) continue;
    const label = `Mcp-Param-${param.name}`;
    const got = header(`mcp-param-${param.name.toLowerCase()}`);
    if (got === undefined) return `${label} header is missing`;
    if (!PLAIN.test(got)) return `${label} header value contains characters a header may not carry`;
    const decoded = decodeHeaderValue(got);
    const same = typeof value === 'number' ? decoded.trim() !== '' && Number(decoded) === value : decoded === text;
    if (!same) return `${label} header value '${got}' does not match body value '${text}'`;
  }
  return undefined;
}
