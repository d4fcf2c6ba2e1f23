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
 */
export type SharingClass = 'own' | 'neutral' | 'last';

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
const optsIntoTasks = (params: Record<string, unknown> | undefined): boolean =>
  params !== undefined && typeof params._meta === 'object' && params._meta !== null && JSON.stringify(params._meta).includes(TASKS_EXTENSION);

export function sharingClass(scenario: Scenario, revision: Revision): SharingClass {
  if (scenario.isolate) return 'own';
  // A stateful scenario that opens the conversation itself needs a process nobody initialized.
  if (!isStateless(revision) && scenario.session !== 'initialized') return 'own';
  return classifySteps(scenario.steps, isStateless(revision));
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
 * True when every message the cell wrote leaves the session as it found it, so the next cell may
 * use the same process: no state-changing method, no task-augmented request, tool calls only of
 * tools the target lists with `readOnlyHint: true`, and no cursor the target issued (`issuedCursors`,
 * the `nextCursor`s it answered this cell with) followed: a target may remember the cursors it
 * served, and one whose cursors work once would refuse the next cell's, which on a process of its
 * own would have been the first use. Unparseable lines and unknown methods are refused by a
 * conforming target and change nothing; neither does a made-up cursor.
 */
export function leftStateAlone(
  outbound: readonly OutboundRecord[],
  tools: readonly Record<string, unknown>[],
  issuedCursors: ReadonlySet<unknown> = new Set(),
): boolean {
  const readOnlyTools = new Set(tools.filter((t) => (t.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true).map((t) => t.name));
  const harmless = (message: unknown): boolean => {
    if (Array.isArray(message)) return message.every(harmless);
    if (typeof message !== 'object' || message === null) return true;
    const { method, params } = message as { method?: unknown; params?: Record<string, unknown> };
    if (typeof method !== 'string') return true; // a response to a server request, or not a message
    if (STATE_CHANGING_METHODS.has(method)) return false;
    if (params && typeof params === 'object' && 'task' in params) return false;
    if (optsIntoTasks(params)) return false;
    if (params && typeof params === 'object' && typeof params.cursor === 'string' && issuedCursors.has(params.cursor)) return false;
    if (method === 'tools/call') return readOnlyTools.has(params?.name);
    return true;
  };
  return outbound.every((record) => (record.author === 'runner' && isOpening(record.message)) || harmless(record.message));
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

/** The runner's own handshake, which a shared process has already seen. */
function isOpening(message: unknown): boolean {
  const method = (message as { method?: unknown } | undefined)?.method;
  return method === 'initialize' || method === 'notifications/initialized';
}
