/**
 * `mcp-conform/mocks/msw`: msw 2 handlers that answer a mock MCP server's Streamable HTTP endpoint
 * in-process (`setupServer(...mcpHandlers({ url, server }))`). msw is an optional peer dependency.
 *
 * @module
 */
export { mcpHandlers, type McpHandlersOptions } from '../mocks/msw/index.js';
