/**
 * `mcp-conform/vitest`: conformance cells as vitest tests, one per `scenario @ revision [transport]`,
 * with the console report's explanation as the failure message. Needs vitest (a peer dependency).
 *
 * @module
 */
export { describeConformance, describeClientConformance, CellFailure, cellTitle } from '../integrations/vitest/index.js';
