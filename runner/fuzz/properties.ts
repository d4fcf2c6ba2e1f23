// The properties checked after every fuzzed input, one small function each, each citing the rule of
// the catalogue it enforces. They read an Observation (what came back) and return violations.
import type { Violation } from './fuzz-input.js';
import { httpAnswerAsExpected } from './http-properties.js';

export type { Observation, SentRequest } from './observation.js';
import type { Observation } from './observation.js';

const key = (id: unknown): string => JSON.stringify(id ?? null);
const first = <T>(list: T[] | undefined): T | undefined => list?.[0];

/** jsonrpc.request.answered + jsonrpc.response.exactly-once: one response per request, no more. */
export function answeredExactlyOnce(o: Observation): Violation[] {
  const out: Violation[] = [];
  for (const r of o.requests) {
    const count = o.responses.get(key(r.id))?.length ?? 0;
    if (count === 0 && !o.died) out.push({ ruleId: 'jsonrpc.request.answered', property: 'answered', detail: `no response to id "${r.id}" (${r.method})` });
    if (count > 1) out.push({ ruleId: 'jsonrpc.response.exactly-once', property: 'exactly-once', detail: `${count} responses to id "${r.id}" (${r.method})` });
  }
  return out;
}

/** jsonrpc.notification.no-response / jsonrpc.response.id-echo: no response carries an id we did not send. */
export function noStrayResponses(o: Observation): Violation[] {
  const ours = new Set([...o.requests.map((r) => key(r.id)), ...o.toleratedIds.map(key), key(o.barrierId)]);
  const out: Violation[] = [];
  for (const [id, list] of o.responses) {
    if (ours.has(id)) continue;
    // A parse error to an unreadable raw line carries a null id: that is the protocol's answer.
    if ((o.input.kind === 'raw' || o.input.kind === 'bytes') && id === 'null') continue;
    if (o.input.kind === 'notification') {
      out.push({
        ruleId: 'jsonrpc.notification.no-response',
        property: 'notification-unanswered',
        detail: `the notification ${o.input.method} was answered (response id ${id})`,
      });
    } else {
      out.push({
        ruleId: 'jsonrpc.response.id-echo',
        property: 'id-echo',
        detail: `a response carries id ${id}, which is not the id of the request it answers (${list.length} such)`,
      });
    }
  }
  return out;
}

/** jsonrpc.message.valid-json-rpc: everything received is a well-formed JSON-RPC message. */
export function wellFormedMessages(o: Observation): Violation[] {
  const bad = o.anomalies.filter((a) => a.kind === 'invalid-message' || a.kind === 'unexpected-batch');
  return bad.slice(0, 1).map((a) => ({ ruleId: 'jsonrpc.message.valid-json-rpc', property: 'valid-json-rpc', detail: a.detail }));
}

/** transport.stdio.stdout-only-messages: stdout carries only protocol messages. */
export function stdoutOnlyMessages(o: Observation): Violation[] {
  if (!o.protocolChannelIsStdout) return [];
  const bad = o.anomalies.filter((a) => a.kind === 'non-json');
  return bad.slice(0, 1).map((a) => ({ ruleId: 'transport.stdio.stdout-only-messages', property: 'stdout-only-messages', detail: a.detail }));
}

/** jsonrpc.request.answered: the target survives the input and still answers a cheap request. */
export function staysResponsive(o: Observation): Violation[] {
  if (o.died) return [{ ruleId: 'jsonrpc.request.answered', property: 'stays-alive', detail: `the target ended after this input (${o.died})` }];
  if (!o.barrierAnswered)
    return [
      {
        ruleId: 'jsonrpc.request.answered',
        property: 'stays-responsive',
        detail: `the cheap request sent after this input (id "${o.barrierId}") was not answered`,
      },
    ];
  return [];
}

/** schema.message.valid: each response validates against the revision's schema for its request. */
export function responsesMatchSchema(o: Observation): Violation[] {
  const out: Violation[] = [];
  for (const [id, problems] of o.schemaProblems) {
    if (problems.length > 0)
      out.push({
        ruleId: 'schema.message.valid',
        property: 'schema-valid',
        detail: `the response to id "${id}" breaks the schema: ${problems.slice(0, 3).join('; ')}`,
      });
  }
  return out;
}

/**
 * tools.call.validate-inputs (MUST) for arguments of a wrong type or missing a required member,
 * tools.call.closed-schema-rejects-undeclared (SHOULD) for an undeclared member of a closed schema,
 * and jsonrpc.error.invalid-params (SHOULD) for the error code of rejected arguments.
 */
export function toolInputRejected(o: Observation): Violation[] {
  if (o.input.kind !== 'request' || (o.input.expect !== 'tool-input-error' && o.input.expect !== 'undeclared-member-error')) return [];
  const undeclared = o.input.expect === 'undeclared-member-error';
  const response = first(o.responses.get(key(first(o.requests)?.id)));
  if (!response) return [];
  if ('error' in response && response.error) {
    const code = (response.error as { code?: unknown }).code;
    if (code === -32602) return [];
    // HeaderMismatch: the argument's Mcp-Param-* header cannot match it (see RequestInput.headerBound).
    if (code === -32020 && o.input.headerBound) return [];
    return [
      {
        ruleId: 'jsonrpc.error.invalid-params',
        property: 'invalid-params-code',
        detail: `${o.input.label}: answered with error ${JSON.stringify(code)}, not -32602 (invalid params)`,
      },
    ];
  }
  const result = (response as { result?: { isError?: unknown } }).result;
  if (result?.isError === true) return [];
  if (undeclared) {
    return [
      {
        ruleId: 'tools.call.closed-schema-rejects-undeclared',
        property: 'undeclared-rejected',
        detail: `${o.input.label}: the call succeeded although the tool's inputSchema says additionalProperties: false (the server probably dropped the member; rejecting it is recommended, not required)`,
      },
    ];
  }
  return [
    {
      ruleId: 'tools.call.validate-inputs',
      property: 'input-rejected',
      detail: `${o.input.label}: the call succeeded although its arguments break the tool's inputSchema`,
    },
  ];
}

const PROPERTIES = [
  answeredExactlyOnce,
  noStrayResponses,
  wellFormedMessages,
  stdoutOnlyMessages,
  staysResponsive,
  responsesMatchSchema,
  toolInputRejected,
  httpAnswerAsExpected,
] as const;

export function violationsOf(o: Observation): Violation[] {
  // A message over the runner's own limit was not read: no property can be judged on what is left
  // (its barrier may have been the unread answer), and a resource limit is never the target's fault.
  if (o.unreadable !== undefined) return [];
  return PROPERTIES.flatMap((p) => p(o));
}
