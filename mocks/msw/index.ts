// msw handlers for a mock MCP server: `setupServer(...mcpHandlers({ url, server }))` makes every
// fetch to `url` (POST, GET, DELETE) reach the mock in-process, so an MCP client under test talks
// Streamable HTTP to a URL that never opens a socket. msw is an optional peer dependency: only
// this module imports it.
import { http, type HttpHandler } from 'msw';
import { createMcpFetchHandler, type FetchHandlerOptions, type McpFetchHandler } from '../adapters/fetch-http.js';
import type { MockServer } from '../core/index.js';

export interface McpHandlersOptions extends FetchHandlerOptions {
  /** The endpoint URL the client is given, e.g. http://mcp.test/mcp. */
  url: string;
  server: MockServer;
}

/** Handlers for msw's setupServer/setupWorker; `.endpoint` ends every session (call it in afterEach if sessions must not leak). */
export function mcpHandlers(options: McpHandlersOptions): HttpHandler[] & { endpoint: McpFetchHandler } {
  const endpoint = createMcpFetchHandler(options.server, options);
  const handlers = [http.all(options.url, ({ request }) => endpoint.handle(request))];
  return Object.assign(handlers, { endpoint });
}
