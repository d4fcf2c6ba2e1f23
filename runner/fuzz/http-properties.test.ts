// The HTTP property fails on each wrong answer (no answer, 5xx, wrong 4xx, missing error body,
// an accepted request left unanswered or answered twice) with the rule it cites, and passes clean ones.
import { describe, expect, it } from 'vitest';
import type { HttpExpectation, HttpInput } from './fuzz-input.js';
import type { HttpAnswer } from './http-input-exchange.js';
import { httpAnswerAsExpected } from './http-properties.js';
import type { Observation } from './properties.js';

const UNACCEPTED = 'transport.http.unaccepted-input-error-status';
const input = (expect: HttpExpectation): HttpInput => ({
  kind: 'http',
  method: 'POST',
  headers: {},
  body: '{}',
  requestIds: ['__ID0__'],
  expect,
  label: 'case',
});

function observe(expect: HttpExpectation, answer: Partial<HttpAnswer>): Observation {
  return {
    input: input(expect),
    requests: [],
    responses: new Map(),
    anomalies: [],
    toleratedIds: [],
    barrierId: 'b',
    barrierAnswered: true,
    schemaProblems: new Map(),
    protocolChannelIsStdout: false,
    http: { answer: { status: 200, contentType: 'application/json', messages: [], ...answer }, requestIds: ['r1'] },
  };
}

const found = (o: Observation) => httpAnswerAsExpected(o).map((v) => `${v.ruleId} ${v.property}`);
const refusedWith400 = { answer: 'client-error', status: 400, ruleId: 'transport.http.protocol-version-header-400' } as const;
const mismatch = { answer: 'client-error', status: 400, errorCode: -32020, ruleId: 'transport.http.header-mismatch-400' } as const;
const anyAnswer = { answer: 'no-server-error', ruleId: UNACCEPTED } as const;
const result = { jsonrpc: '2.0', id: 'r1', result: {} };

describe('httpAnswerAsExpected', () => {
  it('wants an HTTP answer and never a 5xx', () => {
    expect(found(observe(anyAnswer, { status: null, error: 'socket hang up' }))).toEqual([`${UNACCEPTED} http-answered`]);
    // An error status is what the spec asks for; a 5xx breaks only the SHOULD reading of a 4xx.
    expect(found(observe(anyAnswer, { status: 500 }))).toEqual(['transport.http.unaccepted-input-4xx no-server-error']);
    expect(found(observe({ answer: 'client-error', ruleId: UNACCEPTED }, { status: 500 }))).toEqual(['transport.http.unaccepted-input-4xx no-server-error']);
    expect(found(observe(refusedWith400, { status: 503 }))).toEqual(['transport.http.protocol-version-header-400 no-server-error']);
  });

  it('wants the 4xx the spec names, with its JSON-RPC error where one is required', () => {
    expect(found(observe(refusedWith400, { status: 400 }))).toEqual([]);
    expect(found(observe(refusedWith400, { status: 200, messages: [result] }))).toEqual(['transport.http.protocol-version-header-400 client-error-status']);
    expect(found(observe(refusedWith400, { status: 404 }))).toEqual(['transport.http.protocol-version-header-400 client-error-status']);
    expect(found(observe({ answer: 'client-error', ruleId: UNACCEPTED }, { status: 415 }))).toEqual([]);
    expect(found(observe(mismatch, { status: 400, messages: [{ jsonrpc: '2.0', id: 'r1', error: { code: -32020, message: 'x' } }] }))).toEqual([]);
    expect(found(observe(mismatch, { status: 400, messages: [] }))).toEqual(['transport.http.header-mismatch-400 error-body']);
  });

  it('lets the server accept or refuse other input, but an accepted request is answered exactly once', () => {
    expect(found(observe(anyAnswer, { status: 406 }))).toEqual([]);
    expect(found(observe(anyAnswer, { status: 200, messages: [result] }))).toEqual([]);
    expect(found(observe(anyAnswer, { status: 200, messages: [] }))).toEqual(['jsonrpc.request.answered answered']);
    expect(found(observe(anyAnswer, { status: 200, messages: [result, result] }))).toEqual(['jsonrpc.response.exactly-once exactly-once']);
  });
});
