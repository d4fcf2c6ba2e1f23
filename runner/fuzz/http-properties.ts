// The properties of an HTTP-level fuzzed input (headers, content types, bodies): the server answers,
// with the exact status (and JSON-RPC error body) where the spec names one, otherwise with a 2xx or
// a 4xx (a 5xx for input it cannot accept is our SHOULD reading: the spec asks only for an error
// status), and an accepted request is answered exactly once.
import { UNACCEPTED_INPUT_4XX_RULE, UNACCEPTED_INPUT_RULE, type Violation } from './fuzz-input.js';
import type { Observation } from './observation.js';

const isResponseTo = (message: unknown, id: string): boolean =>
  typeof message === 'object' && message !== null && (message as { id?: unknown }).id === id && ('result' in message || 'error' in message);

export function httpAnswerAsExpected(o: Observation): Violation[] {
  if (o.input.kind !== 'http' || !o.http) return [];
  const { input } = o;
  const { answer, requestIds } = o.http;
  const { expect } = input;
  const status = answer.status;
  const wanted = expect.status !== undefined ? String(expect.status) : 'a 4xx status';
  if (status === null) {
    return [{ ruleId: expect.ruleId, property: 'http-answered', detail: `${input.label}: no HTTP answer (${answer.error ?? 'the connection ended'})` }];
  }
  if (status >= 500) {
    const should = expect.answer === 'client-error' ? wanted : 'a 2xx answer or a 4xx refusal';
    // Where the spec names the status (400, 404), a 5xx breaks that rule; elsewhere it is an error
    // status, which the spec asks for, and only the 4xx reading is broken.
    const ruleId = expect.ruleId === UNACCEPTED_INPUT_RULE ? UNACCEPTED_INPUT_4XX_RULE : expect.ruleId;
    return [{ ruleId, property: 'no-server-error', detail: `${input.label}: answered ${status} (a server error), expected ${should}` }];
  }
  if (expect.answer === 'client-error') {
    if (status < 400 || status >= 500 || (expect.status !== undefined && status !== expect.status)) {
      return [{ ruleId: expect.ruleId, property: 'client-error-status', detail: `${input.label}: answered ${status}, expected ${wanted}` }];
    }
    if (expect.errorCode !== undefined && !answer.messages.some((m) => (m as { error?: { code?: unknown } } | null)?.error?.code === expect.errorCode)) {
      return [{ ruleId: expect.ruleId, property: 'error-body', detail: `${input.label}: the ${status} answer carries no JSON-RPC error ${expect.errorCode}` }];
    }
    return [];
  }
  if (status < 200 || status >= 300) return [];
  const out: Violation[] = [];
  for (const id of requestIds) {
    const count = answer.messages.filter((m) => isResponseTo(m, id)).length;
    if (count === 0)
      out.push({
        ruleId: 'jsonrpc.request.answered',
        property: 'answered',
        detail: `${input.label}: accepted with ${status} but no response to id "${id}" in the answer`,
      });
    if (count > 1)
      out.push({ ruleId: 'jsonrpc.response.exactly-once', property: 'exactly-once', detail: `${input.label}: ${count} responses to id "${id}" in the answer` });
  }
  return out;
}
