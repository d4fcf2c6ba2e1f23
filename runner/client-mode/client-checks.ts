// The checks every client cell gets without writing them: each line the client sent is a JSON-RPC
// message, and each message is valid against the schema for the client side: the cell revision's,
// or on a connection where the mock answered initialize, the revision negotiated there (a modern
// client that falls back to a legacy server speaks the legacy revision on that connection).
import { classify } from '../../wire/protocol/index.js';
import { ALWAYS_ON_RULES, type MessageValidator } from '../checks/index.js';
import type { CheckResult, RuleRef } from '../../wire/results/index.js';
import type { RecordedLine } from './bridge.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function clientAlwaysOnChecks(
  fromClient: RecordedLine[],
  toClient: RecordedLine[],
  ruleRef: (id: string) => RuleRef,
  /** The schema validator for one connection's messages; undefined: no schema checks. */
  validatorFor: ((connection: number) => MessageValidator | undefined) | undefined,
): CheckResult[] {
  const malformed = fromClient.find((l) => l.message === undefined || classify(l.message).kind === 'invalid');
  const validJsonRpc: CheckResult = malformed
    ? {
        id: 'always/client-valid-json-rpc',
        rule: ruleRef(ALWAYS_ON_RULES.validJsonRpc),
        status: 'failed',
        message: `the client sent a line that is not a JSON-RPC message${malformed.message === undefined ? ' (not JSON)' : `: ${classify(malformed.message).reason ?? ''}`}`,
        actual: malformed.text.slice(0, 300),
        evidence: [malformed.seq],
      }
    : {
        id: 'always/client-valid-json-rpc',
        rule: ruleRef(ALWAYS_ON_RULES.validJsonRpc),
        status: 'passed',
        message: `all ${fromClient.length} lines were JSON-RPC messages`,
      };
  const checks = [validJsonRpc];
  if (!validatorFor) return checks;
  // A response is validated as the answer to the request of the mock it carries the id of.
  const asked = new Map<string, string>();
  for (const l of toClient)
    if (isObject(l.message) && typeof l.message.method === 'string' && Object.hasOwn(l.message, 'id'))
      asked.set(`${l.connection}:${JSON.stringify(l.message.id)}`, l.message.method);
  for (const l of fromClient) {
    if (!isObject(l.message) || classify(l.message).kind === 'invalid') continue;
    const method = typeof l.message.method === 'string' ? undefined : asked.get(`${l.connection}:${JSON.stringify(l.message.id)}`);
    const violations = validatorFor(l.connection)?.validateMessage(l.message, 'client', method) ?? [];
    if (violations.length > 0) {
      const v = violations[0]!;
      checks.push({
        id: 'always/client-schema-valid',
        rule: ruleRef(ALWAYS_ON_RULES.schemaValid),
        status: 'failed',
        message: `a message of the client is not valid at this revision: ${v.pointer || '(root)'} ${v.message}`,
        actual: l.text.slice(0, 300),
        pointer: v.pointer,
        evidence: [l.seq],
      });
      return checks;
    }
  }
  checks.push({
    id: 'always/client-schema-valid',
    rule: ruleRef(ALWAYS_ON_RULES.schemaValid),
    status: 'passed',
    message: 'every message of the client is valid against the schema',
  });
  return checks;
}

/** The protocol version the mock agreed to in its answer to the client's initialize, per connection. */
export function negotiatedVersions(fromClient: RecordedLine[], toClient: RecordedLine[]): Map<number, string> {
  const initializeIds = new Set<string>();
  for (const l of fromClient)
    if (isObject(l.message) && l.message.method === 'initialize') initializeIds.add(`${l.connection}:${JSON.stringify(l.message.id)}`);
  const versions = new Map<number, string>();
  for (const l of toClient) {
    if (!isObject(l.message) || typeof l.message.method === 'string' || !initializeIds.has(`${l.connection}:${JSON.stringify(l.message.id)}`)) continue;
    const version = isObject(l.message.result) ? l.message.result.protocolVersion : undefined;
    if (typeof version === 'string') versions.set(l.connection, version);
  }
  return versions;
}
