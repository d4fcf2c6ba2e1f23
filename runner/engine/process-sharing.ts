// Decides, from a scenario's data alone, whether its cell may run on a stdio target process that
// other cells use too, and whether the process can serve further cells after it (issue 13).
import { isStateless, type Revision } from '../../schema/revisions.js';
import { META, type InboundRecord, type OutboundRecord } from '../../wire/protocol/index.js';
import type { Scenario, Step } from '../suite-loader/types.js';

/**
 * - `own`: the cell needs a process of its own (it drives the handshake, closes the input, claims a
 *   protocol version of its own at a stateless revision, or the scenario says `isolate: true`).
 * - `neutral`: it may run on a process other cells used, and the process may serve further cells
 *   if what the cell actually sent leaves session state alone (`leftStateAlone`, judged after it ran).
 * - `last`: it may run on a shared process, but leaves the process unusable for others whatever
 *   happens: it writes bytes that are not whole lines, or cancels requests whose late answers could
 *   reach the next cell.
 * - `opener`: at a stateful revision it opens the conversation itself, starting with an
 *   `initialize` of the cell's own revision, and its other steps are `neutral`. It runs first on a
 *   fresh process. If the lines it opened with were exactly the runner's (`openingTexts`: same
 *   initialize, then notifications/initialized), the process is in the state a runner-opened one
 *   is in, and it serves the next cells under the rules of `neutral` (judged on what the cell sent
 *   after its opening); any other opening ends the process with the cell, as `own` would.
 */
export type SharingClass = 'own' | 'neutral' | 'last' | 'opener';

/**
 * Methods whose effect outlives their exchange in the server's memory of the session: the
 * handshake, the log level, subscriptions, cancellation, roots, tasks. Tool calls are judged by the
 * tool's `readOnlyHint` (see leftStateAlone); any other request only reads or is refused.
 */
const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'notifications/initialized',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
  'subscriptions/listen',
  'notifications/cancelled',
  'notifications/roots/list_changed',
  'tasks/cancel',
  'tasks/update',
]);

/**
 * The tasks extension (2026-07-28): a request whose `_meta` opts into it may be answered with a task
 * that goes on running in the server after the cell ends, so such a request changes state.
 */
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const namesTasks = (meta: unknown): boolean => typeof meta === 'object' && meta !== null && JSON.stringify(meta).includes(TASKS_EXTENSION);
const optsIntoTasks = (params: Record<string, unknown> | undefined): boolean => params !== undefined && namesTasks(params._meta);

/** The names of the tools the target lists, and of those it lists with `readOnlyHint: true`. */
function toolNames(tools: readonly Record<string, unknown>[]): { listed: Set<unknown>; readOnly: Set<unknown> } {
  const readOnly = tools.filter((t) => (t.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true);
  return { listed: new Set(tools.map((t) => t.name)), readOnly: new Set(readOnly.map((t) => t.name)) };
}

export function sharingClass(scenario: Scenario, revision: Revision): SharingClass {
  if (scenario.isolate) return 'own';
  // A stateful scenario that opens the conversation itself needs a process nobody initialized.
  if (!isStateless(revision) && scenario.session !== 'initialized') return opensLikeRunner(scenario.steps) ? 'opener' : 'own';
  return classifySteps(scenario.steps, isStateless(revision));
}

/**
 * True when the steps may open the conversation as the runner does: the first is a `handshake`
 * without a protocol version of its own, or an `initialize` request for the cell's revision; and no
 * other step needs a process of its own or ends it. Whether the lines written were the runner's is
 * decided after the cell ran (`SharedProcess.openedWith`); this only picks the cells worth placing
 * first on a process other cells then use.
 */
function opensLikeRunner(steps: readonly Step[]): boolean {
  const [first, ...rest] = steps;
  const opens =
    (first?.kind === 'handshake' && first.protocolVersion === undefined) ||
    (first?.kind === 'request' &&
      first.method === 'initialize' &&
      (first.params as { protocolVersion?: unknown } | undefined)?.protocolVersion === '${revision}');
  return opens && classifySteps(rest, false) === 'neutral';
}

function classifySteps(steps: readonly Step[], stateless: boolean): SharingClass {
  let result: SharingClass = 'neutral';
  for (const step of steps) {
    const own = classifyStep(step, stateless);
    if (own === 'own') return 'own';
    if (own === 'last') result = 'last';
  }
  return result;
}

function classifyStep(step: Step, stateless: boolean): SharingClass {
  switch (step.kind) {
    case 'closeInput':
    case 'handshake':
    case 'http':
      return 'own';
    case 'loop':
      return classifySteps(step.steps, stateless);
    case 'request':
      // At a stateless revision every request claims a protocol version in its `_meta`. A request
      // that leaves the runner's out or names another one meets a server that may remember the
      // version its connection has spoken so far (the 2.x SDK over stdio answers it differently on
      // a process that already served requests): only a process nobody used answers as it would
      // alone.
      return stateless && (step.meta === false || claimsVersion(step.meta)) ? 'own' : 'neutral';
    case 'cancel':
      return 'last';
    case 'send':
      // A partial line or raw bytes may leave the target's input buffer mid-message. At a stateless
      // revision, a line written as is carries no `_meta` of the runner's: a server that remembers
      // the version its connection spoke may take it for a legacy client (the 2.x SDK over stdio
      // then answers a later cell's tools/call without `resultType`), so nothing follows it either.
      return step.text !== undefined || step.hex !== undefined || stateless ? 'last' : 'neutral';
    default:
      return 'neutral';
  }
}

function claimsVersion(meta: Record<string, unknown> | undefined): boolean {
  return meta !== undefined && ('protocolVersion' in meta || META.protocolVersion in meta);
}

/**
 * What the messages a cell wrote left in the target's memory of the session, for the cells after it:
 * - `none`: the session is as the cell found it: no state-changing method, no task-augmented
 *   request, tool calls only of tools the target lists with `readOnlyHint: true` or refused calls of
 *   tools it does not list (`refusedUnlisted`), a cancellation only of an id nobody sent
 *   (`cancelsNothing`). Unparseable lines and unknown methods are refused by a conforming target and
 *   change nothing; neither does a made-up cursor.
 * - `cursors`: as `none`, except that the cell followed cursors the target issued (`issuedCursors`,
 *   the `nextCursor`s it answered this cell with). A target may remember the cursors it served, and
 *   one whose cursors work once would refuse the next cell's, which on a process of its own would
 *   have been the first use; only a cell that sends cursors can meet that memory (`sendsCursors`).
 * - `changed`: anything else.
 */
export type StateEffect = 'none' | 'cursors' | 'changed';

export function stateEffect(outbound: readonly OutboundRecord[], inbound: readonly InboundRecord[], tools: readonly Record<string, unknown>[]): StateEffect {
  const { listed: listedTools, readOnly: readOnlyTools } = toolNames(tools);
  const issued = issuedCursors(inbound);
  const refused = refusedIds(inbound);
  const sentIds = new Set(outbound.map((record) => idKey((record.message as { id?: unknown } | undefined)?.id)));
  let effect: StateEffect = 'none';
  const judge = (message: unknown): boolean => {
    if (Array.isArray(message)) return message.every(judge);
    if (typeof message !== 'object' || message === null) return true;
    const { method, params, id } = message as { method?: unknown; params?: Record<string, unknown>; id?: unknown };
    if (typeof method !== 'string') return true; // a response to a server request, or not a message
    if (method === 'notifications/cancelled') return cancelsNothing(params, sentIds);
    if (STATE_CHANGING_METHODS.has(method)) return false;
    if (params && typeof params === 'object' && 'task' in params) return false;
    if (optsIntoTasks(params)) return false;
    if (params && typeof params === 'object' && typeof params.cursor === 'string' && issued.has(params.cursor)) effect = 'cursors';
    if (method === 'tools/call') return readOnlyTools.has(params?.name) || refusedUnlisted(params?.name, id, listedTools, refused);
    return true;
  };
  const alone = outbound.every((record) => (record.author === 'runner' && isOpening(record.message)) || judge(record.message));
  return alone ? effect : 'changed';
}

/**
 * A call of a tool the target does not list (or of no tool at all) that it answered with a JSON-RPC
 * error: refused before anything ran. Answered with a result instead, the target ran something,
 * which may have changed its state.
 */
function refusedUnlisted(name: unknown, id: unknown, listed: ReadonlySet<unknown>, refused: ReadonlySet<string>): boolean {
  return !listed.has(name) && refused.has(idKey(id));
}

/**
 * A cancellation of a string id that no request of the cell carried: the runner numbers a cell's
 * requests and its barriers (shared-process.ts), so no later request can carry that id and the
 * target has nothing to cancel, now or later. A numeric id may name a later cell's request or barrier.
 */
function cancelsNothing(params: Record<string, unknown> | undefined, sentIds: ReadonlySet<string>): boolean {
  const requestId = params?.requestId;
  return typeof requestId === 'string' && !sentIds.has(idKey(requestId));
}

/** Keys of the requests the target answered with an error. */
function refusedIds(inbound: readonly InboundRecord[]): Set<string> {
  const ids = new Set<string>();
  for (const record of inbound) {
    const message = record.message as { id?: unknown; error?: unknown } | undefined;
    if (record.kind === 'response' && message?.error !== undefined) ids.add(idKey(message.id));
  }
  return ids;
}

const idKey = (id: unknown): string => `${typeof id}:${String(id)}`;

/** True when a step of the scenario may send a `cursor` (followed or made up), loops included. */
export function sendsCursors(steps: readonly Step[]): boolean {
  return steps.some((step) => {
    if (step.kind === 'loop') return sendsCursors(step.steps);
    if (step.kind === 'request') return hasCursor(step.params);
    if (step.kind === 'send')
      return (step.json !== undefined && JSON.stringify(step.json).includes('"cursor"')) || (step.line ?? step.text ?? '').includes('cursor');
    return false;
  });
}

const hasCursor = (params: unknown): boolean => typeof params === 'object' && params !== null && 'cursor' in params;

/**
 * For planning only: whether a cell is likely to leave its process to nobody else (`stateEffect`
 * `changed`), read from its steps before it runs, with the variables the probe gave it (`$var`
 * tool names). Steps `mayRun` rules out (a `when` that fails at this revision or for this target's
 * capabilities) are left out. A wrong guess costs a process start, never a verdict: what the cell
 * actually wrote decides whether the process serves another cell.
 */
export function likelyChangesState(
  steps: readonly Step[],
  vars: Record<string, unknown>,
  tools: readonly Record<string, unknown>[],
  mayRun: (step: Step) => boolean = () => true,
): boolean {
  const { listed, readOnly } = toolNames(tools);
  const changes = (method: unknown, params: unknown, meta?: unknown): boolean => {
    if (typeof method !== 'string') return false;
    const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
    if (method === 'notifications/cancelled') return typeof p.requestId !== 'string';
    if (STATE_CHANGING_METHODS.has(method) || 'task' in p || optsIntoTasks(p)) return true;
    if (namesTasks(meta)) return true;
    if (method !== 'tools/call') return false;
    const name = resolveVar(p.name, vars);
    if (readOnly.has(name)) return false;
    // A literal name the target does not list, or no name at all, is expected to be refused; a
    // variable that resolves to nothing may name any tool.
    const literal = p.name === undefined || typeof p.name === 'string';
    return typeof name === 'string' ? listed.has(name) : !literal;
  };
  return steps.some((step) => {
    if (!mayRun(step)) return false;
    switch (step.kind) {
      case 'loop':
        return likelyChangesState(step.steps, vars, tools, mayRun);
      case 'request':
        return changes(step.method, step.params, step.meta);
      case 'notify':
        return changes(step.method, step.params);
      case 'send': {
        const messages = Array.isArray(step.json) ? step.json : [step.json];
        return messages.some((m) => typeof m === 'object' && m !== null && changes((m as { method?: unknown }).method, (m as { params?: unknown }).params));
      }
      default:
        return false;
    }
  });
}

/** A `{ $var: "a.b" }` value looked up in the cell's variables; anything else as it is. */
function resolveVar(value: unknown, vars: Record<string, unknown>): unknown {
  const path = (value as { $var?: unknown } | null | undefined)?.$var;
  if (typeof path !== 'string') return value;
  let at: unknown = vars;
  for (const key of path.split('.')) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

/** The `nextCursor` of every result the target sent: the cursors it issued in this conversation. */
export function issuedCursors(inbound: readonly InboundRecord[]): Set<unknown> {
  const cursors = new Set<unknown>();
  for (const record of inbound) {
    const result = (record.message as { result?: { nextCursor?: unknown } } | undefined)?.result;
    if (record.kind === 'response' && typeof result?.nextCursor === 'string') cursors.add(result.nextCursor);
  }
  return cursors;
}

/**
 * True when every answer the target sent carries the id of a request object the cell wrote. For an
 * `opener`: its session may expect an answer where the runner's would not (a `send` with a
 * `responseId`, such as a notifications/initialized written as is). A runner-opened process meets
 * such an answer as an unknown id and ends with its first cell, and with `--isolate` every cell
 * meets it; mini-server `answers-notifications` answers notifications/initialized, and an opener
 * that handed its process on hid that answer from the cells after it.
 */
export function answersOnlyRequests(outbound: readonly OutboundRecord[], inbound: readonly InboundRecord[]): boolean {
  const requested = new Set<string>();
  for (const { message } of outbound) {
    const { method, id } = (message ?? {}) as { method?: unknown; id?: unknown };
    if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number')) requested.add(idKey(id));
  }
  return inbound.every((record) => record.kind !== 'response' || requested.has(idKey((record.message as { id?: unknown } | undefined)?.id)));
}

/** The runner's own handshake, which a shared process has already seen. */
function isOpening(message: unknown): boolean {
  const method = (message as { method?: unknown } | undefined)?.method;
  return method === 'initialize' || method === 'notifications/initialized';
}
