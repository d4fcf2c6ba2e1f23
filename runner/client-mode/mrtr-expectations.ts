// Judges a client's retries of input-required requests (2026-07-28 basic/patterns/mrtr, "Client
// Requirements (Basic Workflow)") round by round. Every input_required result is paired with the
// request it answered and with the client's retry: the next request of the same method naming the
// same tool, prompt or resource, when it carries inputResponses or requestState. Chains of several rounds keep their original (first) request, so
// a retry is compared with that round's result and with every earlier request of its chain.
import { isPlainObject as isObject, jsonEqual, renderValue } from '../matchers/index.js';
import type { CheckResult } from '../../wire/results/index.js';
import type { RecordedLine } from './bridge.js';
import type { MrtrDuty } from './types.js';

type Verdict = Pick<CheckResult, 'status' | 'message' | 'expected' | 'actual' | 'pointer' | 'evidence'>;

interface Line {
  seq: number;
  message: Record<string, unknown>;
}

const SUPPORTED = new Set(['tools/call', 'prompts/get', 'resources/read']);
/** What a retry adds to the original request, and the per-request metadata that may change. */
const RETRY_FIELDS = new Set(['inputResponses', 'requestState', '_meta']);

const paramsOf = (m: Record<string, unknown>) => (isObject(m.params) ? m.params : {});
const targetOf = (m: Record<string, unknown>) => JSON.stringify([m.method, paramsOf(m).name ?? null, paramsOf(m).uri ?? null]);
const objects = (lines: RecordedLine[]): Line[] =>
  lines.filter((l) => isObject(l.message)).map((l) => ({ seq: l.seq, message: l.message as Record<string, unknown> }));

/** One round: the input_required result, the request it answered, the retry, and the chain's earlier requests. */
interface Round {
  result: Line;
  asked: Line;
  retry: Line;
  chain: Line[];
}

function roundsOf(fromClient: RecordedLine[], toClient: RecordedLine[]): Round[] {
  const requests = objects(fromClient).filter((s) => SUPPORTED.has(s.message.method as string) && Object.hasOwn(s.message, 'id'));
  const chains = new Map<Line, Line[]>();
  const rounds: Round[] = [];
  for (const result of objects(toClient)) {
    const body = result.message.result;
    if (!isObject(body) || body.resultType !== 'input_required') continue;
    // The latest request before the result with its id: over stateless HTTP an id may recur on another POST.
    const asked = requests.findLast((s) => s.seq < result.seq && jsonEqual(s.message.id, result.message.id));
    if (!asked) continue;
    const retry = requests.find((s) => s.seq > result.seq && targetOf(s.message) === targetOf(asked.message));
    // A client may give up a round (servers must not assume a retry): a later request carrying
    // neither answers nor state is a fresh call, not a retry, and is not judged as one.
    if (!retry || !['inputResponses', 'requestState'].some((k) => Object.hasOwn(paramsOf(retry.message), k))) continue;
    const chain = chains.get(asked) ?? [asked];
    chains.set(retry, [...chain, retry]);
    rounds.push({ result, asked, retry, chain });
  }
  return rounds;
}

export function judgeMrtr(duty: MrtrDuty, fromClient: RecordedLine[], toClient: RecordedLine[]): Verdict {
  const rounds = roundsOf(fromClient, toClient);
  if (rounds.length === 0) return { status: 'skipped', message: 'the client retried no input-required request' };
  for (const round of rounds) {
    const verdict = judgeRound(duty, round);
    if (verdict) return verdict;
  }
  const deepest = Math.max(...rounds.map((r) => r.chain.length));
  return { status: 'passed', message: `all ${rounds.length} retries ${PASSED[duty]} (up to ${deepest} round${deepest === 1 ? '' : 's'} of one request)` };
}

const PASSED: Record<MrtrDuty, string> = {
  'fresh-id': 'had ids of their own',
  'latest-state': "echoed that round's requestState exactly",
  'answers-asked': 'answered every input request of their round',
  'same-request': 'repeated the original request',
};

function judgeRound(duty: MrtrDuty, { result, asked, retry, chain }: Round): Verdict | undefined {
  const body = result.message.result as Record<string, unknown>;
  const params = paramsOf(retry.message);
  const evidence = [asked.seq, result.seq, retry.seq];
  switch (duty) {
    case 'fresh-id': {
      const reused = chain.find((earlier) => jsonEqual(earlier.message.id, retry.message.id));
      if (!reused) return undefined;
      return {
        status: 'failed',
        message: `the retry reused the id ${renderValue(retry.message.id)} of ${reused === chain[0] ? 'the original request' : 'an earlier retry'}`,
        expected: 'a new JSON-RPC id for every retry',
        actual: renderValue(retry.message),
        pointer: '/id',
        evidence: [reused.seq, ...evidence],
      };
    }
    case 'latest-state': {
      const issued = body.requestState;
      if (issued === undefined && !Object.hasOwn(params, 'requestState')) return undefined;
      if (issued !== undefined && jsonEqual(params.requestState, issued)) return undefined;
      return {
        status: 'failed',
        message:
          issued === undefined
            ? 'the retry carries a requestState, but the input-required result it answers had none'
            : "the retry does not echo the requestState of the input-required result it answers (this round's, not an earlier one's)",
        expected: issued === undefined ? 'no requestState' : `requestState ${renderValue(issued)}`,
        actual: renderValue(retry.message),
        pointer: '/params/requestState',
        evidence,
      };
    }
    case 'answers-asked': {
      const keys = isObject(body.inputRequests) ? Object.keys(body.inputRequests) : [];
      const responses = isObject(params.inputResponses) ? params.inputResponses : {};
      const missing = keys.filter((k) => !Object.hasOwn(responses, k));
      if (missing.length === 0) return undefined;
      return {
        status: 'failed',
        message: `the retry does not answer the input request${missing.length === 1 ? '' : 's'} ${missing.map((k) => JSON.stringify(k)).join(', ')} of its round`,
        expected: `inputResponses with the keys ${keys.map((k) => JSON.stringify(k)).join(', ')}`,
        actual: renderValue(retry.message),
        pointer: '/params/inputResponses',
        evidence,
      };
    }
    case 'same-request': {
      const original = chain[0]!;
      const strip = (m: Record<string, unknown>) => Object.fromEntries(Object.entries(paramsOf(m)).filter(([k]) => !RETRY_FIELDS.has(k)));
      if (jsonEqual(strip(retry.message), strip(original.message))) return undefined;
      return {
        status: 'failed',
        message: 'the retry changed the parameters of the original request (beyond inputResponses, requestState and _meta)',
        expected: renderValue(strip(original.message)),
        actual: renderValue(strip(retry.message)),
        pointer: '/params',
        evidence: [original.seq, ...evidence],
      };
    }
  }
}
