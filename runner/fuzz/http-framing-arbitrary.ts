// Arbitraries for the Streamable HTTP framing: a cheap request sent with a wrong or unusual header
// (Accept, Content-Type, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method), bodies the server
// cannot accept (truncated JSON, empty, not JSON, wrong JSON-RPC shapes), huge bodies and other
// HTTP methods. Each input says which answers the spec allows and which rule a wrong one breaks.
import fc from 'fast-check';
import { compareRevisions, isStateless, type Revision } from '../../schema/index.js';
import { isJson } from '../../wire/protocol/index.js';
import { ID_PLACEHOLDERS, type CheapRequestText } from './framing-arbitrary.js';
import { UNACCEPTED_INPUT_RULE as UNACCEPTED, type HttpExpectation, type HttpInput } from './fuzz-input.js';
import { hugeString } from './hostile-strings.js';
import { scenarioSafeJson } from './scenario-safe-json.js';

export interface HttpFramingContext {
  revision: Revision;
  /** The server assigned an Mcp-Session-Id at initialize (stateful revisions only). */
  hasSession: boolean;
  /** The method of the cheap request (`ping`, or `server/discover` at 2026-07-28). */
  cheapMethod: string;
}

const refused = (extra: Partial<HttpExpectation> = {}): HttpExpectation => ({ answer: 'client-error', ruleId: UNACCEPTED, ...extra });
const noServerError: HttpExpectation = { answer: 'no-server-error', ruleId: UNACCEPTED };

/** Media types a client might send; the server may serve or refuse each, but never fail on it. */
const ACCEPT_VALUES = [
  'application/json',
  'text/event-stream',
  '*/*',
  'text/html',
  'text/event-stream, application/json',
  'application/json;q=0.9, text/event-stream;q=0.1',
  'x',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json-rpc',
  'x',
];
const BAD_VERSIONS = ['2099-01-01', 'garbage', '1.0', '2024-13-45', '2025-06-18x'];
/** JSON bodies that are not one JSON-RPC message; `__ID0__` is replaced by a fresh id. */
const WRONG_SHAPES = [
  '42',
  '"ping"',
  'null',
  'true',
  '{}',
  '[]',
  '{"jsonrpc":"2.0"}',
  '{"jsonrpc":"1.0","id":"__ID0__","method":"ping"}',
  '{"jsonrpc":"2.0","id":{"nested":1},"method":"ping"}',
  '{"jsonrpc":"2.0","id":"__ID0__","method":7}',
  '{"jsonrpc":"2.0","id":"__ID0__","params":{}}',
  '{"jsonrpc":"2.0","id":"__ID0__","method":"ping","params":"x"}',
  '[[]]',
];

function post(body: string, headers: Record<string, string | null>, requestIds: string[], expect: HttpExpectation, label: string): HttpInput {
  return { kind: 'http', method: 'POST', headers, body, requestIds, expect, label };
}

export function httpFramingArbitrary(cheapRequest: CheapRequestText, ctx: HttpFramingContext): fc.Arbitrary<HttpInput> {
  const [a] = ID_PLACEHOLDERS;
  const one = cheapRequest(a);
  const stateless = isStateless(ctx.revision);
  const parts: fc.Arbitrary<HttpInput>[] = [
    fc
      .integer({ min: 1, max: one.length - 1 })
      .map((at) => post(one.slice(0, at), {}, [], refused(), `a body of truncated JSON (${at} of ${one.length} bytes)`)),
    fc.constant(post('', {}, [], refused(), 'an empty body')),
    fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((s) => !s.includes('${') && !isJson(s))
      .map((garbage) => post(garbage, {}, [], refused(), 'a body that is not JSON')),
    fc.constantFrom(...WRONG_SHAPES).map((shape) => post(shape, {}, [], noServerError, `a JSON body that is not one JSON-RPC message: ${shape.slice(0, 60)}`)),
    hugeString().map((pad) =>
      post(
        `${scenarioSafeJson({ jsonrpc: '2.0', method: 'notifications/mcp-conform/fuzz-padding', params: { pad } })}`,
        {},
        [],
        noServerError,
        `a huge body (${pad.length} characters of padding)`,
      ),
    ),
    fc
      .option(fc.constantFrom(...ACCEPT_VALUES), { nil: null })
      .map((accept) => post(one, { accept }, [a], noServerError, accept === null ? 'a request without Accept' : `a request with Accept: ${accept}`)),
    fc
      .option(fc.constantFrom(...CONTENT_TYPES), { nil: null })
      .map((type) =>
        post(one, { 'content-type': type }, [a], noServerError, type === null ? 'a request without Content-Type' : `a request with Content-Type: ${type}`),
      ),
    fc
      .constantFrom<'PUT' | 'PATCH'>('PUT', 'PATCH')
      .map((method): HttpInput => ({ kind: 'http', method, headers: {}, body: one, requestIds: [], expect: noServerError, label: `a ${method} of a request` })),
  ];
  if (!stateless && compareRevisions(ctx.revision, '2025-06-18') >= 0) {
    parts.push(
      fc
        .constantFrom(...BAD_VERSIONS)
        .map((v) =>
          post(
            one,
            { 'mcp-protocol-version': v },
            [a],
            refused({ status: 400, ruleId: 'transport.http.protocol-version-header-400' }),
            `a request with MCP-Protocol-Version: ${v}`,
          ),
        ),
    );
  }
  if (!stateless && ctx.hasSession) {
    parts.push(
      // With the version header, as a client of the revision sends it: only the session id is missing.
      fc.constant(
        post(
          one,
          { 'mcp-session-id': null, 'mcp-protocol-version': ctx.revision },
          [a],
          refused({ status: 400, ruleId: 'transport.http.session-required-400' }),
          'a request without Mcp-Session-Id',
        ),
      ),
      fc.constant(
        post(
          one,
          { 'mcp-session-id': 'mcp-conform-fuzz-no-such-session' },
          [a],
          refused({ status: 404, ruleId: 'transport.http.session-unknown-404' }),
          'a request naming an unknown session',
        ),
      ),
    );
  }
  if (stateless) {
    parts.push(
      fc
        .constantFrom('tools/list', 'prompts/list', 'ping', 'mcp-conform/other')
        .filter((m) => m !== ctx.cheapMethod)
        .map((m) =>
          post(
            one,
            { 'mcp-method': m },
            [a],
            refused({ status: 400, errorCode: -32020, ruleId: 'transport.http.header-mismatch-400' }),
            `a request whose Mcp-Method header says ${m}`,
          ),
        ),
      // A version that differs from _meta: 400 (a header mismatch or an unsupported version).
      fc
        .constantFrom('2025-11-25', '2099-01-01')
        .map((v) =>
          post(
            one,
            { 'mcp-protocol-version': v },
            [a],
            refused({ status: 400, ruleId: 'transport.http.header-mismatch-400' }),
            `a request whose MCP-Protocol-Version header says ${v}`,
          ),
        ),
    );
  }
  return fc.oneof(...parts);
}
