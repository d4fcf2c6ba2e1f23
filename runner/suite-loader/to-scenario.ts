// Converts a schema-valid scenario document into the typed Scenario the planner and engine read:
// kind tags on steps, their source lines and paths, and the defaults the format promises.
import type { YamlSource } from '../../schema/scenario/index.js';
import { isMap, stepKinds, type RawMap } from './raw-walk.js';
import type { CheckOptions, Condition, Scenario, Step } from './types.js';

export function toScenario(raw: RawMap, source: YamlSource, file: string): Scenario {
  return {
    id: raw.id as string,
    title: raw.title as string,
    area: raw.area as string,
    role: raw.role as Scenario['role'],
    revisions: (raw.revisions as Scenario['revisions'] | undefined) ?? '*',
    ...(raw.transports !== undefined ? { transports: raw.transports as Scenario['transports'] } : {}),
    rules: raw.rules as string[],
    tags: (raw.tags as string[] | undefined) ?? [],
    ...(raw.timeoutMs !== undefined ? { timeoutMs: raw.timeoutMs as number } : {}),
    session: (raw.session as Scenario['session'] | undefined) ?? 'initialized',
    ...(raw.isolate === true ? { isolate: true } : {}),
    ...(raw.client !== undefined ? { client: raw.client as Scenario['client'] } : {}),
    ...(raw.replies !== undefined ? { replies: raw.replies as Scenario['replies'] } : {}),
    requires: ((raw.requires as unknown[] | undefined) ?? []).map(toCondition),
    steps: toSteps(raw.steps as unknown[], '/steps', '', source),
    file,
  };
}

function toCondition(raw: unknown): Condition {
  const node = raw as RawMap;
  if (Object.hasOwn(node, 'not')) return { not: toCondition(node.not) };
  if (Object.hasOwn(node, 'allOf')) return { allOf: (node.allOf as unknown[]).map(toCondition) };
  if (Object.hasOwn(node, 'anyOf')) return { anyOf: (node.anyOf as unknown[]).map(toCondition) };
  if (Object.hasOwn(node, 'pick')) {
    return {
      pick: node.pick as string,
      from: node.from as 'tools',
      ...(Object.hasOwn(node, 'where') ? { where: node.where } : {}),
      ...(Object.hasOwn(node, 'use') ? { use: node.use as 'call' | 'listing' } : {}),
    };
  }
  return { ...node } as Condition;
}

function toSteps(list: unknown[], pointer: string, prefix: string, source: YamlSource): Step[] {
  return list.map((node, i) => toStep(node as RawMap, `${pointer}/${i}`, `${prefix}${i}`, source));
}

function toStep(n: RawMap, pointer: string, path: string, source: YamlSource): Step {
  const kind = stepKinds(n)[0]!;
  const base = {
    sourceLine: source.locate(pointer).line,
    path,
    ...(Object.hasOwn(n, 'when') ? { when: toCondition(n.when) } : {}),
  };
  const checks: CheckOptions = pick(n, ['rule', 'check', 'message', 'skipIfNotified']) as CheckOptions;
  switch (kind) {
    case 'request':
      return { kind, method: n.request as string, ...base, ...pick(n, ['params', 'id', 'as', 'meta']) };
    case 'notify':
      return { kind, method: n.notify as string, ...base, ...pick(n, ['params']) };
    case 'send': {
      const body = n.send as RawMap;
      return { kind, ...base, ...pick(body, ['line', 'json', 'text', 'hex']), ...pick(n, ['as', 'responseId']) };
    }
    case 'handshake':
      return { kind, ...base, ...pick(n, ['as', 'protocolVersion']) };
    case 'expect':
      return { kind, label: n.expect as string, ...base, ...pick(n, ['result', 'error', 'oneOf', 'within', 'until', 'capture', 'refusal']), ...checks };
    case 'expectNoResponse':
      return { kind, label: n.expectNoResponse as string, until: n.until as string, ...base, ...checks };
    case 'expectNotification':
      return { kind, method: n.expectNotification as string, ...base, ...pick(n, ['params', 'within', 'capture', 'as', 'since', 'orSkip']), ...checks };
    case 'expectNoNotification':
      return { kind, method: n.expectNoNotification as string, until: n.until as string, ...base, ...pick(n, ['since', 'afterResponse', 'params']), ...checks };
    case 'expectServerRequest':
      return { kind, method: n.expectServerRequest as string, ...base, ...pick(n, ['params', 'within', 'capture', 'since', 'orSkip']), ...checks };
    case 'expectNoServerRequest':
      return { kind, method: n.expectNoServerRequest as string, until: n.until as string, ...base, ...pick(n, ['since', 'params']), ...checks };
    case 'collectNotifications':
      return { kind, method: n.collectNotifications as string, until: n.until as string, as: n.as as string, ...base, ...pick(n, ['since', 'params']) };
    case 'cancel':
      return { kind, label: n.cancel as string, ...base, ...pick(n, ['reason']) };
    case 'set':
      return { kind, values: { ...(n.set as RawMap) }, ...base };
    case 'check': {
      const body = n.check as RawMap;
      return { kind, value: body.value, matches: body.matches, ...base, ...pick(n, ['rule', 'message', 'judgeIf', 'skipReason']) };
    }
    case 'loop':
      return {
        kind,
        steps: toSteps(n.steps as unknown[], `${pointer}/steps`, `${path}.steps.`, source),
        max: n.max as number,
        onExhausted: (n.onExhausted as 'fail' | 'pass' | 'skip' | undefined) ?? 'fail',
        ...base,
        ...(Object.hasOwn(n, 'while') ? { while: toCondition(n.while) } : {}),
        ...pick(n, ['distinct', 'pauseMs']),
        ...checks,
      };
    case 'closeInput':
      return { kind, ...base, ...pick(n, ['within']), ...checks };
    case 'http':
      return {
        kind,
        method: n.http as 'POST',
        ...base,
        ...pick(n, ['headers', 'session', 'json', 'text', 'maxEvents', 'readMs', 'as', 'answer', 'url', 'judgeIf', 'skipReason']),
        ...checks,
      };
  }
}

/** Copies the keys that are present, keeping explicit nulls (`responseId: null`, `result: null`). */
function pick(node: unknown, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isMap(node)) return out;
  for (const key of keys) if (Object.hasOwn(node, key)) out[key] = node[key];
  return out;
}
