// The values of 2026-07-28's `Mcp-Param-{Name}` headers (basic/transports/streamable-http, "Value
// Encoding" and "Server Behavior for Custom Headers"): what a client sends for a tools/call, and
// whether the headers a server received agree with the body. Header names are lower-cased.
import { argumentText, decodeHeaderValue, encodeHeaderValue, headerParams, isPlainHeaderText, valueAt } from '../../schema/mcp-header-params.js';

export { decodeHeaderValue, encodeHeaderValue };

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
    if (!isPlainHeaderText(got)) return `${label} header value contains characters a header may not carry`;
    const decoded = decodeHeaderValue(got);
    const same = typeof value === 'number' ? decoded.trim() !== '' && Number(decoded) === value : decoded === text;
    if (!same) return `${label} header value '${got}' does not match body value '${text}'`;
  }
  return undefined;
}

/** The tools a tools/list answer (a response message) names, with their inputSchemas; none for anything else. */
export function listedInputSchemas(response: unknown): [name: string, inputSchema: unknown][] {
  const tools = (response as { result?: { tools?: unknown } } | null | undefined)?.result?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) => {
    const { name, inputSchema } = (tool ?? {}) as { name?: unknown; inputSchema?: unknown };
    return typeof name === 'string' ? [[name, inputSchema] as [string, unknown]] : [];
  });
}
