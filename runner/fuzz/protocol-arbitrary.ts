// Arbitraries for requests and notifications of every method a client may send in one revision,
// taken from our protocol schema, with params that are valid-looking (names the target offers) or
// near-valid (members of the wrong type, unknown members, no params at all).
import fc from 'fast-check';
import { protocolValidator, type Revision } from '../../schema/index.js';
import type { NotificationInput, RequestInput } from './fuzz-input.js';
import { jsonValue, smallObject } from './hostile-strings.js';

/** What the target offered at discovery: names that make a request reach real handlers. */
export interface TargetCatalogue {
  toolNames: string[];
  resourceUris: string[];
  promptNames: string[];
}

/** Requests the fuzzer leaves alone: they would end or re-negotiate the session under test. */
const EXCLUDED_REQUESTS = new Set(['initialize']);
const UNKNOWN_METHOD = 'mcp-conform/fuzz-unknown';
const UNKNOWN_NOTIFICATION = 'notifications/mcp-conform/fuzz-unknown';

function memberValues(catalogue: TargetCatalogue): Record<string, fc.Arbitrary<unknown>> {
  const named = (list: string[]) => (list.length > 0 ? fc.oneof(fc.constantFrom(...list), jsonValue(0)) : jsonValue(0));
  return {
    name: named([...catalogue.toolNames, ...catalogue.promptNames]),
    uri: named(catalogue.resourceUris),
    cursor: jsonValue(0),
    arguments: jsonValue(1),
    level: fc.oneof(fc.constantFrom('debug', 'info', 'error', 'emergency'), jsonValue(0)),
    ref: jsonValue(1),
    argument: jsonValue(1),
    requestId: jsonValue(0),
    progressToken: jsonValue(0),
    progress: jsonValue(0),
    reason: jsonValue(0),
  };
}

function paramsArbitrary(catalogue: TargetCatalogue): fc.Arbitrary<Record<string, unknown> | undefined> {
  const members = memberValues(catalogue);
  return fc.option(fc.oneof(fc.record(members, { requiredKeys: [] }), smallObject(jsonValue(1), 4)), { nil: undefined, freq: 5 });
}

export function protocolRequestArbitrary(revision: Revision, catalogue: TargetCatalogue): fc.Arbitrary<RequestInput> {
  const methods = [
    ...protocolValidator(revision)
      .methods('client', 'request')
      .filter((m) => !EXCLUDED_REQUESTS.has(m)),
    UNKNOWN_METHOD,
  ];
  return fc.tuple(fc.constantFrom(...methods), paramsArbitrary(catalogue)).map(([method, params]) => ({
    kind: 'request',
    method,
    ...(params !== undefined ? { params } : {}),
    expect: 'any',
    label: `${method} with ${params === undefined ? 'no params' : 'generated params'}`,
  }));
}

export function notificationArbitrary(revision: Revision, catalogue: TargetCatalogue): fc.Arbitrary<NotificationInput> {
  const methods = [...protocolValidator(revision).methods('client', 'notification'), UNKNOWN_NOTIFICATION];
  return fc.tuple(fc.constantFrom(...methods), paramsArbitrary(catalogue)).map(([method, params]) => ({
    kind: 'notification',
    method,
    ...(params !== undefined ? { params } : {}),
    label: `notification ${method}`,
  }));
}
