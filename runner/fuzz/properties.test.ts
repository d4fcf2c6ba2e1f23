// Each property fails on an observation that breaks it and passes on a clean one, with the rule it cites.
import { describe, expect, it } from 'vitest';
import type { JsonRpcResponse } from '../../wire/protocol/index.js';
import type { FuzzInput } from './fuzz-input.js';
import {
  answeredExactlyOnce,
  noStrayResponses,
  responsesMatchSchema,
  staysResponsive,
  stdoutOnlyMessages,
  toolInputRejected,
  violationsOf,
  wellFormedMessages,
  type Observation,
} from './properties.js';

const REQUEST: FuzzInput = {
  kind: 'request',
  method: 'tools/call',
  params: { name: 'add', arguments: {} },
  expect: 'tool-input-error',
  label: 'add: required member `a` missing',
};
const ok = (id: string, result: Record<string, unknown> = {}): JsonRpcResponse => ({ jsonrpc: '2.0', id, result }) as JsonRpcResponse;
const err = (id: string | null, code: number): JsonRpcResponse => ({ jsonrpc: '2.0', id, error: { code, message: 'x' } }) as JsonRpcResponse;

function observation(
  over: Partial<Observation> = {},
  responses: [string | null, JsonRpcResponse[]][] = [
    ['c1', [err('c1', -32602)]],
    ['b1', [ok('b1')]],
  ],
): Observation {
  return {
    input: REQUEST,
    requests: [{ id: 'c1', method: 'tools/call' }],
    responses: new Map(responses.map(([id, list]) => [JSON.stringify(id), list])),
    anomalies: [],
    toleratedIds: [],
    barrierId: 'b1',
    barrierAnswered: true,
    schemaProblems: new Map(),
    protocolChannelIsStdout: true,
    ...over,
  };
}

const rules = (list: { ruleId: string }[]) => list.map((v) => v.ruleId);

describe('fuzz properties', () => {
  it('pass on a clean exchange', () => {
    expect(violationsOf(observation())).toEqual([]);
  });

  it("judge nothing in a case whose answer passed the runner's message limit (not read, so not missing)", () => {
    const unread = observation(
      { barrierAnswered: false, unreadable: "a message from the target exceeded mcp-conform's 64 MiB limit; raise it with --max-message-bytes" },
      [],
    );
    expect(violationsOf({ ...unread, unreadable: undefined } as Observation).length).toBeGreaterThan(0);
    expect(violationsOf(unread)).toEqual([]);
  });

  it('answeredExactlyOnce: a missing and a doubled response', () => {
    expect(rules(answeredExactlyOnce(observation({}, [['b1', [ok('b1')]]])))).toEqual(['jsonrpc.request.answered']);
    expect(rules(answeredExactlyOnce(observation({}, [['c1', [err('c1', -32602), err('c1', -32602)]]])))).toEqual(['jsonrpc.response.exactly-once']);
  });

  it('noStrayResponses: an answered notification, a wrong id, but not a parse error to a raw line', () => {
    const note: FuzzInput = { kind: 'notification', method: 'notifications/x', label: 'n' };
    expect(rules(noStrayResponses(observation({ input: note, requests: [] }, [[null, [err(null, -32601)]]])))).toEqual(['jsonrpc.notification.no-response']);
    expect(rules(noStrayResponses(observation({}, [['c2', [ok('c2')]]])))).toEqual(['jsonrpc.response.id-echo']);
    const raw: FuzzInput = { kind: 'raw', text: 'garbage\n', requestIds: [], label: 'g' };
    expect(noStrayResponses(observation({ input: raw, requests: [] }, [[null, [err(null, -32700)]]]))).toEqual([]);
  });

  it('wellFormedMessages and stdoutOnlyMessages read the session anomalies', () => {
    expect(rules(wellFormedMessages(observation({ anomalies: [{ kind: 'invalid-message', seq: 1, detail: 'no jsonrpc' }] })))).toEqual([
      'jsonrpc.message.valid-json-rpc',
    ]);
    const nonJson = observation({ anomalies: [{ kind: 'non-json', seq: 1, detail: 'log line' }] });
    expect(rules(stdoutOnlyMessages(nonJson))).toEqual(['transport.stdio.stdout-only-messages']);
    expect(stdoutOnlyMessages({ ...nonJson, protocolChannelIsStdout: false })).toEqual([]);
  });

  it('staysResponsive: a death and an unanswered barrier', () => {
    expect(staysResponsive(observation({ died: 'exit 134' }))[0]?.property).toBe('stays-alive');
    expect(staysResponsive(observation({ barrierAnswered: false }))[0]?.property).toBe('stays-responsive');
  });

  it('responsesMatchSchema reports schema problems', () => {
    expect(rules(responsesMatchSchema(observation({ schemaProblems: new Map([['c1', ['/result/content must be array']]]) })))).toEqual([
      'schema.message.valid',
    ]);
  });

  it('toolInputRejected: a success is a MUST failure, a wrong code a SHOULD one, isError is fine', () => {
    expect(rules(toolInputRejected(observation({}, [['c1', [ok('c1', { content: [] })]]])))).toEqual(['tools.call.validate-inputs']);
    expect(rules(toolInputRejected(observation({}, [['c1', [err('c1', -32603)]]])))).toEqual(['jsonrpc.error.invalid-params']);
    expect(toolInputRejected(observation({}, [['c1', [ok('c1', { content: [], isError: true })]]]))).toEqual([]);
  });

  it('toolInputRejected: a header mismatch (-32020) is accepted only for an argument with an Mcp-Param header', () => {
    const headerBound: FuzzInput = { ...REQUEST, label: 'regional-echo: `priority` of the wrong type', headerBound: true };
    expect(toolInputRejected(observation({ input: headerBound }, [['c1', [err('c1', -32020)]]]))).toEqual([]);
    expect(rules(toolInputRejected(observation({}, [['c1', [err('c1', -32020)]]])))).toEqual(['jsonrpc.error.invalid-params']);
  });

  // SDK 1.x servers drop an undeclared member (zod strips it) and run the call: a warning, not a failure.
  it('toolInputRejected: an undeclared member of a closed schema that is accepted cites the SHOULD rule', () => {
    const undeclared: FuzzInput = { ...REQUEST, expect: 'undeclared-member-error', label: 'add: undeclared member `zz`' };
    const [violation] = toolInputRejected(observation({ input: undeclared }, [['c1', [ok('c1', { content: [] })]]]));
    expect(violation?.ruleId).toBe('tools.call.closed-schema-rejects-undeclared');
    expect(violation?.detail).toContain('additionalProperties: false');
    expect(toolInputRejected(observation({ input: undeclared }, [['c1', [ok('c1', { content: [], isError: true })]]]))).toEqual([]);
  });
});
