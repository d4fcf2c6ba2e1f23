// 2026-07-28 over HTTP: a tools/call whose Mcp-Param-* headers are missing or disagree with the
// arguments the tool's x-mcp-header annotations mirror is refused with -32020 (HeaderMismatch), which
// the HTTP binding answers with 400 (basic/transports/streamable-http, "Server Behavior for Custom Headers").
import { paramHeaderMismatch } from '../../wire/protocol/index.js';
import type { RequestContext } from './contracts.js';
import { ProtocolError } from './reply.js';

/** Throws the header-mismatch error when the request came over HTTP with Mcp-Param-* headers that do not match. */
export function checkParamHeaders(ctx: RequestContext, inputSchema: unknown, args: unknown): void {
  const headers = ctx.httpHeaders;
  if (!headers) return;
  const problem = paramHeaderMismatch(inputSchema, args, (name) => headers[name]);
  if (problem) throw new ProtocolError(-32020, `Header mismatch: ${problem}`);
}
