// Whether a stdio process may serve the next cell after this one: the process's fitness, kept
// apart from the cell's judgement. A finding (a failed or warning check) is a claim about what an
// answer said; reading an answer changes nothing in the server, so findings alone never end a
// shared process. What may leave the process in a state another cell would not meet on a process
// of its own is listed in `processFit`, each with its reason.
import type { PendingRequest, Session } from '../../wire/protocol/index.js';
import type { CheckResult } from '../../wire/results/index.js';
import type { Step } from '../suite-loader/types.js';

export interface CellOutcome {
  session: Session;
  /** The cell's checks, with late answers already revised (`reviseLateAnswers`). */
  checks: readonly CheckResult[];
  /** Set when the cell errored (a scenario error, a runner fault, a failed handshake). */
  errorReason: string | undefined;
  /** True when a step closed the cell's transport. */
  closedInput: boolean;
  /** The labels the scenario expects to stay unanswered (`expectNoResponse`). */
  silentLabels: ReadonlySet<string>;
  labels: ReadonlyMap<string, PendingRequest>;
}

/**
 * True when the process may serve another cell. Whoever calls this also requires the barrier after
 * the cell to be answered: that is what makes a request the scenario expected to stay unanswered
 * settled (the process has read and handled everything written before the barrier).
 */
export function processFit(outcome: CellOutcome): boolean {
  const { session } = outcome;
  // An errored cell stopped somewhere in its steps: what it left behind is unknown.
  if (outcome.errorReason !== undefined) return false;
  // The process ended, or a step closed its input.
  if (session.closed || outcome.closedInput) return false;
  // Framing violations, non-JSON output, a second or unknown answer: the process's output can no
  // longer be trusted to be in step with the requests.
  if (session.anomalies.length > 0) return false;
  // An errored check: the target went away mid-step, or an answer came only after the wait ran
  // out (a slow target whose next late answer would reach the next cell).
  if (outcome.checks.some((c) => c.status === 'errored')) return false;
  // A request the scenario expected an answer to and got none: the server may still be working on
  // it, and its answer would reach the next cell.
  return session.unanswered().every((entry) => expectedSilent(entry, outcome));
}

/**
 * A request the scenario may meet with silence, whose later answer nobody waits for:
 * - the label of an `expectNoResponse` step (a notification sent raw, a cancelled request): the
 *   scenario's own check judged the silence;
 * - a line that is not a well-formed request object (unparseable, or an object whose method is not
 *   a string): JSON-RPC does not oblige a server to answer it as a request, SDKs drop such lines
 *   while reading them, and the scenario's own rule judged the silence. A batch is not among them:
 *   its requests may be handled, and answered, after the barrier.
 * Should an answer still come after the barrier, the shared process hands it back to this cell
 * (`SharedProcess.leaveBehind`).
 */
function expectedSilent(entry: PendingRequest, outcome: CellOutcome): boolean {
  for (const label of outcome.silentLabels) if (outcome.labels.get(label) === entry) return true;
  if (entry.method !== '(raw)') return false;
  const text = outcome.session.outbound.find((record) => record.seq === entry.sentSeq)?.text;
  if (text === undefined) return false;
  try {
    return !Array.isArray(JSON.parse(text));
  } catch {
    return true;
  }
}

/** The labels of every `expectNoResponse` step, loops included. */
export function silentLabels(steps: readonly Step[], into = new Set<string>()): Set<string> {
  for (const step of steps) {
    if (step.kind === 'expectNoResponse') into.add(step.label);
    else if (step.kind === 'loop') silentLabels(step.steps, into);
  }
  return into;
}
