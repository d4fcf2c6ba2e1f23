/**
 * `mcp-conform/mocks`: the mock kit. A mock MCP server built from handlers or from a YAML/JSON file,
 * served over stdio, Streamable HTTP on 127.0.0.1, in memory or as a fetch handler; a mock client;
 * mock OAuth; and the bundled reference server.
 *
 * @module
 */
export * from '../mocks/index.js';
