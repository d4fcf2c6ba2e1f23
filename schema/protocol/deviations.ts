// Where our protocol schemas deliberately accept or reject differently from the official JSON Schemas
// of the specification, with the reason and one example each; deviations.test.ts proves every entry.
import type { Revision } from '../revisions.js';

type Verdict = 'valid' | 'invalid';

export interface Deviation {
  id: string;
  revisions: readonly Revision[];
  /** What differs, in one line. */
  summary: string;
  /** Why we differ: the spec text or protocol rule we follow instead of the generated schema. */
  reason: string;
  /** An example: validated as a whole message (`message`) or against a named type (`type`). */
  example: { message: unknown; sender: 'client' | 'server'; requestMethod?: string } | { type: string; value: unknown };
  official: Verdict;
  ours: Verdict;
  /** For an `invalid` verdict: the keyword of the violation that shows the deviation. */
  keyword?: string;
}

const ALL: readonly Revision[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

export const DEVIATIONS: readonly Deviation[] = [
  {
    id: 'error-response-null-id',
    revisions: ALL,
    summary: 'An error response may have `id: null`.',
    reason:
      'MCP messages are JSON-RPC 2.0, which requires `id: null` in the error response to a message whose id could not be ' +
      'read (parse error, invalid request). The official schemas only allow string or integer ids.',
    example: { message: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }, sender: 'server' },
    official: 'invalid',
    ours: 'valid',
  },
  {
    id: 'response-result-xor-error',
    revisions: ALL,
    summary: 'A response carrying both `result` and `error` is invalid.',
    reason:
      'JSON-RPC 2.0: "Either the result member or error member MUST be included, but both members MUST NOT be included." ' +
      'The official schemas leave objects open, so such a response passes as a result response.',
    example: {
      message: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' }, error: { code: -32603, message: 'x' } },
      sender: 'server',
    },
    keyword: 'not',
    official: 'valid',
    ours: 'invalid',
  },
  {
    id: 'batch-not-empty',
    revisions: ['2025-03-26'],
    summary: 'A JSON-RPC batch must hold at least one message.',
    reason: 'JSON-RPC 2.0 treats an empty array as an invalid request; the official batch types have no minItems.',
    example: { type: 'JSONRPCBatchRequest', value: [] },
    official: 'valid',
    ours: 'invalid',
    keyword: 'minItems',
  },
  {
    id: 'elicitation-number-values',
    revisions: ['2025-06-18', '2025-11-25', '2026-07-28'],
    summary: 'Accepted elicitation content may hold non-integer numbers.',
    reason:
      'The official schemas type elicited values as string, integer or boolean, yet a form may ask for `type: "number"` ' +
      '(NumberSchema), so 0.75 is a correct answer; rejecting it would blame correct clients.',
    example: { type: 'ElicitResult', value: { action: 'accept', content: { ratio: 0.75 } } },
    official: 'invalid',
    ours: 'valid',
  },
  {
    id: 'json-value-any',
    revisions: ['2026-07-28'],
    summary: 'JSONValue (capability settings, extensions, sampling metadata) is any JSON value, numbers and null included.',
    reason:
      'The official 2026-07-28 schema types JSONValue as object, array, string, integer or boolean, dropping non-integer ' +
      'numbers and null, which are JSON values like any other.',
    example: { type: 'ClientCapabilities', value: { experimental: { 'com.example/x': { ratio: 0.5, unset: null } } } },
    official: 'invalid',
    ours: 'valid',
  },
  {
    id: 'input-required-result-discriminated',
    revisions: ['2026-07-28'],
    summary:
      'A result with `resultType: "input_required"` must be an InputRequiredResult with inputRequests or requestState; any other ' +
      "resultType must be the request's complete result.",
    reason:
      'The spec defines resultType "input_required" as the marker of InputRequiredResult and requires "at least one of ' +
      'inputRequests or requestState". The official schema only requires resultType there, so any object with a resultType ' +
      'passes as the result of tools/call, prompts/get or resources/read, e.g. a CallToolResult without content.',
    example: { message: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } }, sender: 'server', requestMethod: 'tools/call' },
    official: 'valid',
    ours: 'invalid',
    keyword: 'required',
  },
  {
    id: 'read-resource-example-without-cache-hints',
    revisions: ['2026-07-28'],
    summary:
      "The specification's example read-resource-result-response.json (a complete resources/read result without ttlMs and " + 'cacheScope) is invalid for us.',
    reason:
      'ReadResourceResult requires ttlMs and cacheScope in the official schema itself; the example only passes there through ' +
      'the loose InputRequiredResult branch (see input-required-result-discriminated); clients that check the result reject it.',
    example: {
      message: {
        jsonrpc: '2.0',
        id: 'read-resource-example',
        result: { resultType: 'complete', contents: [{ uri: 'file:///project/src/main.rs', mimeType: 'text/x-rust', text: 'fn main() {}' }] },
      },
      sender: 'server',
      requestMethod: 'resources/read',
    },
    official: 'valid',
    ours: 'invalid',
    keyword: 'required',
  },
];
