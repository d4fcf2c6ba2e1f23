// Judges 2026-07-28's Mcp-Param-{Name} duty of a client over Streamable HTTP (basic/transports/
// streamable-http, "Client Behavior"): each tools/call of a tool whose inputSchema (as the mock
// listed it) annotates arguments with x-mcp-header carries one header per argument that has a
// value, equal to it once decoded, and none for an argument that is null or absent.
import { headerParams, valueAt } from '../../schema/mcp-header-params.js';
import { listedInputSchemas, paramHeaderMismatch } from '../../wire/protocol/index.js';
import { isPlainObject as isObject } from '../matchers/index.js';
import type { HttpRequestRecord } from './host-facts.js';
import type { HttpVerdict } from './types.js';

/** The inputSchemas of the tools the mock listed to the client, by name (from every tools/list answer it sent). */
export function listedToolSchemas(toClient: readonly { message?: unknown }[]): Map<string, unknown> {
  return new Map(toClient.flatMap(({ message }) => listedInputSchemas(message)));
}

export function paramHeaders(requests: HttpRequestRecord[], schemas: Map<string, unknown>): HttpVerdict {
  const calls = requests.filter((r) => {
    const body = r.body as { method?: unknown; params?: { name?: unknown } } | undefined;
    return (
      r.method === 'POST' &&
      isObject(body) &&
      body.method === 'tools/call' &&
      typeof body.params?.name === 'string' &&
      headerParams(schemas.get(body.params.name)).length > 0
    );
  });
  if (calls.length === 0)
    return { status: 'skipped', message: 'the client made no tools/call of a tool with x-mcp-header arguments, so there is nothing to judge' };
  // Headers due: annotated arguments with a value. A call with none (e.g. `arguments: {}`) owes no
  // header: "If no value is present at that path in the call arguments, the header is omitted"
  // (2026-07-28 streamable-http, "Schema Extension"; its table: "Parameter not in arguments",
  // "Client MUST omit the header").
  let due = 0;
  for (const r of calls) {
    const params = (r.body as { params: { name: string; arguments?: unknown } }).params;
    const schema = schemas.get(params.name);
    const mismatch = paramHeaderMismatch(schema, params.arguments, (name) => r.headers[name]);
    if (mismatch) {
      return {
        status: 'failed',
        message: `a tools/call of ${params.name} does not mirror its x-mcp-header arguments: ${mismatch}`,
        expected: 'one Mcp-Param-{Name} header per annotated argument with a value, equal to it (Base64 sentinel when not plain ASCII)',
        actual: `tools/call ${params.name} with arguments ${JSON.stringify(params.arguments ?? {}).slice(0, 200)} and headers ${describe(r.headers)}`,
        evidence: [r.seq],
      };
    }
    for (const param of headerParams(schema)) {
      const value = valueAt(params.arguments, param.path);
      if (value !== null && value !== undefined) due++;
      const got = r.headers[`mcp-param-${param.name.toLowerCase()}`];
      if ((value === null || value === undefined) && got !== undefined) {
        return {
          status: 'failed',
          message: `a tools/call of ${params.name} sends Mcp-Param-${param.name} for an argument that is ${value === null ? 'null' : 'absent'}`,
          expected: `no Mcp-Param-${param.name} header`,
          actual: `Mcp-Param-${param.name}: ${got}`,
          evidence: [r.seq],
        };
      }
    }
  }
  if (due === 0) {
    const names = [...new Set(calls.map((r) => (r.body as { params: { name: string } }).params.name))].join(', ');
    return {
      status: 'skipped',
      message: `the client called ${names} with no value at any x-mcp-header path (arguments ${JSON.stringify((calls[0]!.body as { params: { arguments?: unknown } }).params.arguments ?? {}).slice(0, 120)}), so no Mcp-Param-* header was due, and it sent none; call the tool with values for its annotated arguments (the defaults of its inputSchema) to judge the headers`,
    };
  }
  return {
    status: 'passed',
    message: `all ${calls.length} tools/call request(s) of annotated tools mirrored their x-mcp-header arguments into Mcp-Param-* headers`,
  };
}

function describe(headers: Record<string, string | undefined>): string {
  const params = Object.entries(headers).filter(([name]) => name.startsWith('mcp-param-'));
  return params.length === 0 ? '(no Mcp-Param-* header)' : params.map(([n, v]) => `${n}: ${v}`).join(', ');
}
