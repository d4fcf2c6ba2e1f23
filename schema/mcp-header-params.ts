// Which tool arguments 2026-07-28 mirrors into `Mcp-Param-{Name}` HTTP headers: the properties of a
// tool's inputSchema that carry an `x-mcp-header` annotation and are statically reachable from the
// root, through `properties` keys only (basic/transports/streamable-http, "Schema Extension"), and
// how a value is written into such a header ("Value Encoding").
// Shared by the HTTP transport, the mock servers and the scenario expressions, so that everyone
// reads an annotation the same way.

/** One annotated argument: the header name part, the chain of `properties` keys, the declared type. */
export interface HeaderParam {
  /** The `x-mcp-header` value: the header is `Mcp-Param-{name}`. */
  name: string;
  /** The property keys from the arguments object down to the annotated value. */
  path: string[];
  /** The property's `type` when it names one of the primitive types the annotation allows. */
  type?: 'string' | 'integer' | 'boolean';
}

/** RFC 9110 field-name token (`1*tchar`): anything else cannot be sent as a header name at all. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
const MAX_DEPTH = 32;

/**
 * The annotated arguments of an inputSchema, in schema order. Annotations that are not header-name
 * tokens are left out: a client on HTTP must drop such a tool anyway, and no header could carry them.
 */
export function headerParams(inputSchema: unknown): HeaderParam[] {
  const out: HeaderParam[] = [];
  walk(inputSchema, [], out);
  return out;
}

function walk(node: unknown, path: string[], out: HeaderParam[]): void {
  if (!isObject(node) || path.length > MAX_DEPTH || !isObject(node.properties)) return;
  for (const [key, sub] of Object.entries(node.properties)) {
    if (!isObject(sub)) continue;
    const name = sub['x-mcp-header'];
    if (typeof name === 'string' && TOKEN.test(name)) {
      const type = primitiveType(sub.type);
      out.push({ name, path: [...path, key], ...(type ? { type } : {}) });
    }
    walk(sub, [...path, key], out);
  }
}

/** `type: string`, or a list such as `[string, null]` naming one allowed primitive. */
function primitiveType(type: unknown): HeaderParam['type'] {
  const list = Array.isArray(type) ? type : [type];
  const found = list.find((t) => typeof t === 'string' && PRIMITIVE.has(t));
  return found as HeaderParam['type'];
}

/** The value at a param's path in the call arguments (undefined when any step is missing). */
export function valueAt(args: unknown, path: readonly string[]): unknown {
  let here = args;
  for (const key of path) {
    if (!isObject(here) || !Object.hasOwn(here, key)) return undefined;
    here = here[key];
  }
  return here;
}

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
const PLAIN = /^[\x20-\x7e]*$/;

/** True when a header value holds visible ASCII and spaces only, what a header may carry as is. */
export function isPlainHeaderText(text: string): boolean {
  return PLAIN.test(text);
}

/**
 * A header value as is when it is plain visible ASCII without edge spaces, else the base64
 * sentinel form; a plain value that looks like the sentinel is encoded too, so it cannot be misread.
 */
export function encodeHeaderValue(text: string): string {
  const plain = isPlainHeaderText(text) && text.trim() === text && !SENTINEL.test(text);
  return plain ? text : `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** The text a header value stands for: the sentinel form decoded, anything else as is. */
export function decodeHeaderValue(value: string): string {
  const m = SENTINEL.exec(value);
  return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : value;
}

/** An argument's text before encoding: strings as is, integers in decimal, booleans in lower case; nothing for null or absent. */
export function argumentText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
