// Probes a target at one revision: does it accept the revision, and what does it offer? One short
// conversation per revision, run before the scenarios so that `requires` can be decided.
import { isStateless, type Revision } from '../../schema/revisions.js';
import {
  Session,
  TransportStartError,
  type PendingRequest,
  type JsonRpcResponse,
  initializeParams,
  isErrorResponse,
  withRequestMeta,
  type ClientIdentity,
  type Transport,
} from '../../wire/protocol/index.js';
import { alwaysOnChecks, type MessageValidator } from '../checks/index.js';
import type { CheckResult, TranscriptEntry } from '../../wire/results/index.js';
import { awaitFirstAnswer, type RuleLookup } from '../steps/index.js';
import { emptyProfile, type TargetProfile } from './profile.js';
import { judgeAnsweredVersion } from './probe-version.js';

/** What the probe needs to judge its own conversation like any cell's (all optional in unit tests). */
export interface ProbeJudge {
  rules: RuleLookup;
  validator?: MessageValidator;
}

export interface ProbeOutcome {
  revision: Revision;
  accepted: boolean;
  /** Why the revision is not accepted, or why the target could not be probed at all. */
  reason?: string;
  /** True when the target could not be started or never answered: nothing can be tested. */
  unreachable?: boolean;
  profile: TargetProfile;
  stderr: string[];
  /**
   * Rules the target broke during the probe (a response id that is a string copy of ours, a message
   * over several lines, bytes that are not UTF-8...), with the probe's transcript: findings like
   * any cell's, so that a violation seen early is never only an "unreachable target".
   */
  findings?: CheckResult[];
  transcript?: TranscriptEntry[];
  /** True when the probe asked for a list's next page: it followed a cursor the target issued. */
  followedCursors?: boolean;
  /**
   * True when the target said more than answers during the probe: a notification, a server
   * request, or output the session noted (a message nested too deep is noted once per process).
   * Its process then serves no cell: on a process of its own the first cell would have met that.
   */
  saidMore?: boolean;
  /** The initialize answer's protocolVersion when it was not the revision offered, and its transcript seq. */
  answeredVersion?: { value: unknown; seq?: number };
}

const LISTS = [
  { key: 'tools', method: 'tools/list', capability: 'tools', field: 'tools' },
  { key: 'resources', method: 'resources/list', capability: 'resources', field: 'resources' },
  { key: 'resourceTemplates', method: 'resources/templates/list', capability: 'resources', field: 'resourceTemplates' },
  { key: 'prompts', method: 'prompts/list', capability: 'prompts', field: 'prompts' },
] as const;

const MAX_PAGES = 50;

/**
 * The notification that says a list changed. Pages of two generations of a list are not one list
 * (a tool moved from a later page to an earlier one shows twice), so a collection during which it
 * arrives is started again.
 */
const CHANGE_NOTICE: Record<(typeof LISTS)[number]['key'], string> = {
  tools: 'notifications/tools/list_changed',
  resources: 'notifications/resources/list_changed',
  resourceTemplates: 'notifications/resources/list_changed',
  prompts: 'notifications/prompts/list_changed',
};

/** How many times a list is collected from its first page before its pages are taken as they came. */
const MAX_GENERATIONS = 3;

type Ask = (method: string, params: Record<string, unknown> | undefined) => Promise<JsonRpcResponse | undefined>;

/**
 * Every page of one list, all of one generation when the target allows: a change notice that
 * arrives between the first page's request and the last page's answer restarts the collection. A
 * single page is one answer, so one generation. When the list changed during every attempt, the
 * last attempt's pages are kept and `unsettled` says what was seen, so that checks over the whole
 * list (unique names) skip instead of judging pages of different lists together.
 */
async function collectList(
  list: (typeof LISTS)[number],
  session: Session,
  ask: Ask,
  notes: string[],
): Promise<{ items: Record<string, unknown>[]; followedCursors: boolean; unsettled?: string }> {
  const notice = CHANGE_NOTICE[list.key];
  const notices = () => session.notifications.filter((n) => n.message.method === notice).length;
  let followedCursors = false;
  let items: Record<string, unknown>[] = [];
  for (let generation = 1; ; generation++) {
    items = [];
    const before = notices();
    let pages = 0;
    let cursor: unknown;
    for (let page = 0; page < MAX_PAGES; page++) {
      if (cursor !== undefined) followedCursors = true;
      const response = await ask(list.method, cursor !== undefined ? { cursor } : {});
      if (!response || isErrorResponse(response)) {
        notes.push(
          `${list.method} ${response ? `failed: ${response.error.message}` : session.overLimit ? `could not be read: ${session.overLimit.reason}` : 'was not answered'}`,
        );
        break;
      }
      pages++;
      const found = response.result[list.field];
      if (Array.isArray(found)) items.push(...(found as Record<string, unknown>[]));
      cursor = response.result.nextCursor;
      if (cursor === undefined || cursor === null) break;
      if (page === MAX_PAGES - 1) notes.push(`${list.method} still had pages after ${MAX_PAGES}`);
    }
    const changed = notices() - before;
    if (changed === 0 || pages < 2) return { items, followedCursors };
    const seen = `the target sent ${notice} while the runner was reading the ${pages} pages of ${list.method}`;
    if (generation === MAX_GENERATIONS) {
      notes.push(`${seen}, in each of ${MAX_GENERATIONS} attempts: the pages kept may come from different lists`);
      return { items, followedCursors, unsettled: `${seen}, in each of ${MAX_GENERATIONS} attempts, so its pages may come from different lists` };
    }
    notes.push(`${seen}: read again from the first page`);
  }
}

export async function probeRevision(
  revision: Revision,
  makeTransport: (revision?: Revision) => Transport,
  client: ClientIdentity,
  timeoutMs: number,
  judge?: ProbeJudge,
): Promise<ProbeOutcome> {
  const outcome = await converse(revision, makeTransport, client, timeoutMs);
  if (!judge || !outcome.session) return outcome.result;
  const { session } = outcome;
  const findings = alwaysOnChecks({
    scenarioId: 'probe',
    revision,
    transport: session.transport.kind,
    session,
    ...(judge.validator ? { validator: judge.validator } : {}),
    ruleRef: (id, rev) => judge.rules.ruleRef(id, rev),
    ...(judge.rules.appliesAt ? { ruleApplies: (id: string, rev: Revision) => judge.rules.appliesAt!(id, rev) } : {}),
  }).filter((c) => c.status !== 'passed');
  const version = outcome.result.answeredVersion;
  const versionFinding = version ? judgeAnsweredVersion(revision, version.value, version.seq, judge.rules) : undefined;
  if (versionFinding && versionFinding.status !== 'info') findings.push(versionFinding);
  // A date newer than any known revision is not blamed: the refusal reason already names it.
  if (findings.length === 0) return outcome.result;
  // A target that said something, however wrong, is reachable: its findings are the verdict.
  const { unreachable: _unreachable, ...rest } = outcome.result;
  return { ...rest, findings, transcript: session.transcript };
}

/** The probe's conversation, and its session for judging (absent when the target did not start). */
async function converse(
  revision: Revision,
  makeTransport: (revision?: Revision) => Transport,
  client: ClientIdentity,
  timeoutMs: number,
): Promise<{ result: ProbeOutcome; session?: Session }> {
  const holder: { session?: Session } = {};
  const result = await probeConversation(revision, makeTransport, client, timeoutMs, holder);
  return { result, ...(holder.session ? { session: holder.session } : {}) };
}

async function probeConversation(
  revision: Revision,
  makeTransport: (revision?: Revision) => Transport,
  client: ClientIdentity,
  timeoutMs: number,
  holder: { session?: Session },
): Promise<ProbeOutcome> {
  const profile = emptyProfile(revision);
  const transport = makeTransport(revision);
  try {
    await transport.start();
  } catch (err) {
    const message = err instanceof TransportStartError ? err.message : `Failed to start the target: ${(err as Error).message}`;
    return { revision, accepted: false, unreachable: true, reason: message, profile, stderr: [] };
  }
  const session = new Session(transport);
  holder.session = session;
  let last: PendingRequest | undefined;
  try {
    // The first request waits for a freshly started process as well as for its answer: a loaded
    // machine can take seconds to start Node, which is not the target's fault (awaitFirstAnswer).
    // Later requests get the plain bound. A process that ends or prints garbage still ends the wait at once.
    let first = true;
    let bound = '';
    const ask = async (method: string, params: Record<string, unknown> | undefined) => {
      const entry = await session.request(method, withRequestMeta(revision, params, client), { author: 'runner' });
      last = entry;
      if (!first) {
        bound = `${timeoutMs} ms`;
        return session.response(entry, timeoutMs);
      }
      first = false;
      const answer = await awaitFirstAnswer(session, entry, timeoutMs);
      bound = `${answer.boundMs} ms${answer.fromFirstResponse ? ' of its first response' : ''}`;
      return answer.response;
    };
    if (!isStateless(revision)) {
      const response = await ask('initialize', initializeParams(revision, client));
      if (!response) return unanswered(revision, profile, session, 'initialize', bound, last);
      if (isErrorResponse(response)) {
        return {
          revision,
          accepted: false,
          reason: `the target answered initialize for ${revision} with error ${response.error.code}: ${response.error.message}`,
          profile,
          stderr: session.stderr,
        };
      }
      const result = response.result;
      profile.negotiated = String(result.protocolVersion);
      profile.serverInfo = result.serverInfo as Record<string, unknown>;
      profile.capabilities = (result.capabilities as Record<string, unknown>) ?? {};
      if (typeof result.instructions === 'string') profile.instructions = result.instructions;
      if (result.protocolVersion !== revision) {
        return {
          revision,
          accepted: false,
          answeredVersion: { value: result.protocolVersion, ...(last?.responseSeq !== undefined ? { seq: last.responseSeq } : {}) },
          reason: `the target does not support revision ${revision} (it answered initialize with ${String(result.protocolVersion)})`,
          profile,
          stderr: session.stderr,
        };
      }
      await session.notify('notifications/initialized', undefined, 'runner');
      // The lists below must not overtake it (a server may add tools once initialized).
      await transport.delivered?.();
    } else {
      const response = await ask('server/discover', {});
      if (!response) return unanswered(revision, profile, session, 'server/discover', bound, last);
      if (isErrorResponse(response)) {
        return {
          revision,
          accepted: false,
          reason: `the target does not support revision ${revision} (server/discover failed with ${response.error.code}: ${response.error.message})`,
          profile,
          stderr: session.stderr,
        };
      }
      const result = response.result;
      const supported = Array.isArray(result.supportedVersions) ? (result.supportedVersions as unknown[]) : undefined;
      if (supported && !supported.includes(revision)) {
        return {
          revision,
          accepted: false,
          reason: `the target does not support revision ${revision} (server/discover lists ${supported.join(', ')})`,
          profile,
          stderr: session.stderr,
        };
      }
      profile.negotiated = revision;
      profile.capabilities = (result.capabilities as Record<string, unknown>) ?? {};
      const meta = (result._meta ?? {}) as Record<string, unknown>;
      profile.serverInfo = meta['io.modelcontextprotocol/serverInfo'] as Record<string, unknown>;
      if (typeof result.instructions === 'string') profile.instructions = result.instructions;
    }
    let followedCursors = false;
    for (const list of LISTS) {
      if (!profile.capabilities[list.capability]) continue;
      const collected = await collectList(list, session, ask, profile.notes);
      if (collected.followedCursors) followedCursors = true;
      profile[list.key].push(...collected.items);
      if (collected.unsettled) profile.unsettled[list.key] = collected.unsettled;
    }
    const saidMore = session.inbound.some((record) => record.kind !== 'response') || session.transcript.some((entry) => entry.dir === 'note');
    return { revision, accepted: true, profile, stderr: session.stderr, ...(followedCursors ? { followedCursors } : {}), ...(saidMore ? { saidMore } : {}) };
  } finally {
    await transport.close();
  }
}

function unanswered(
  revision: Revision,
  profile: TargetProfile,
  session: Session,
  method: string,
  bound: string,
  entry: PendingRequest | undefined,
): ProbeOutcome {
  const closed = session.closed;
  const refused = entry?.undelivered !== undefined ? describeRefusedPost(session, method, entry.undelivered) : undefined;
  const reason =
    refused ??
    (closed
      ? `the target ended (${closed.reason}) before answering ${method}`
      : session.overLimit
        ? `the answer to ${method} could not be read: ${session.overLimit.reason}`
        : `the target did not answer ${method} within ${bound}`);
  const nonJson = session.anomalies.find((a) => a.kind === 'non-json');
  const channel = session.transport.kind === 'stdio' ? 'printed non-JSON on stdout' : 'answered with a body that is not JSON';
  return {
    revision,
    accepted: false,
    unreachable: true,
    reason: nonJson && !refused ? `${reason}; it ${channel}: ${session.transcript.find((t) => t.seq === nonJson.seq)?.text.slice(0, 120)}` : reason,
    profile,
    stderr: session.stderr,
  };
}

/**
 * An HTTP answer that carried no JSON-RPC response: names its status, media type and the start of
 * its body, and the likely cause, instead of "did not answer".
 */
function describeRefusedPost(session: Session, method: string, undelivered: string): string {
  const exchange = [...session.http].reverse().find((x) => x.method === 'POST');
  if (!exchange || exchange.status === undefined) return `the ${method} request could not be delivered: ${undelivered}`;
  const type = exchange.contentType ?? 'no content type';
  const nonJson = session.anomalies.find((a) => a.kind === 'non-json');
  const body = exchange.body ?? exchange.bodySnippet ?? (nonJson ? session.transcript.find((t) => t.seq === nonJson.seq)?.text : undefined);
  const snippet = body ? `: ${JSON.stringify(body.replace(/\s+/g, ' ').slice(0, 120))}` : '';
  const hint =
    exchange.status === 404
      ? ' (is the path right? the MCP endpoint is often /mcp)'
      : exchange.status === 401 || exchange.status === 403
        ? ' (the server wants credentials: pass them with --header)'
        : type === 'text/html'
          ? ' (an HTML page: this URL does not look like an MCP endpoint)'
          : '';
  return `the target answered ${method} with HTTP ${exchange.status} ${type} and no JSON-RPC response${snippet}${hint}`;
}
