// Runs the fuzzer against one target at one revision: builds the arbitraries from what the target
// offers, checks every property on each generated input with fast-check, and on a failure shrinks
// it and replays the smallest input once more to capture the exchange that breaks the rules.
import fc from 'fast-check';
import type { Revision } from '../../schema/index.js';
import type { ClientIdentity, TranscriptEntry, Transport } from '../../wire/protocol/index.js';
import { isHttpCapable } from '../../wire/protocol/index.js';
import { framingArbitrary } from './framing-arbitrary.js';
import { httpFramingArbitrary, type HttpFramingContext } from './http-framing-arbitrary.js';
import { invalidUtf8Arbitrary } from './invalid-utf8-arbitrary.js';
import { FuzzConnection, type WireRecord } from './fuzz-connection.js';
import type { FuzzInput, Violation } from './fuzz-input.js';
import { notificationArbitrary, protocolRequestArbitrary, type TargetCatalogue } from './protocol-arbitrary.js';
import { violationsOf } from './properties.js';
import { toolCallArbitrary, type ToolLike } from './tool-call-arbitrary.js';
import { DEFAULT_TOOL_CHOICE, mayCall, type ToolChoice } from '../config/index.js';

export interface FuzzOptions {
  makeTransport: () => Transport;
  revision: Revision;
  client: ClientIdentity;
  /** Tools, resources and prompts the target listed at discovery. */
  tools: ToolLike[];
  resourceUris: string[];
  promptNames: string[];
  seed: number;
  /** Most inputs to try. */
  runs: number;
  /** Stop generating new inputs after this many ms (shrinking gets `shrinkBudgetMs` more). */
  timeBudgetMs: number;
  shrinkBudgetMs?: number;
  /** Bound on the answers to one input. */
  timeoutMs: number;
  /** Tools left out (e.g. ones that sleep on purpose and would only slow the search down). */
  skipTools?: string[];
  /**
   * Which tools may be called, and known-good arguments (--tools, --tool, --tool-args). Default:
   * only tools declared read-only or non-destructive (runner/config/tool-choice.ts).
   */
  toolChoice?: ToolChoice;
  /**
   * Which violations stop the search and are shrunk (default: all). The others are collected as
   * warnings, first input per rule, so a SHOULD-level deviation cannot hide a MUST-level failure.
   */
  stopOn?: (violation: Violation) => boolean;
  /**
   * Transport-level inputs: `stdio` line framing and invalid UTF-8 bytes, `lines` the line framing
   * alone (in-memory), `http` headers, content types and bodies (Streamable HTTP), `none`.
   */
  framing: Framing;
}

export interface FuzzFailure {
  input: FuzzInput;
  /**
   * What the shrunk input broke when replayed on a fresh target; when it broke nothing there, what
   * it broke during the search (then `reproducible` is false).
   */
  violations: Violation[];
  /** False when the input failed during the search only (it depends on earlier inputs). */
  reproducible: boolean;
  /** fast-check's replay path of the shrunk counterexample (with the seed, reproduces it). */
  path: string;
  shrinks: number;
  wire: WireRecord;
  transcript: TranscriptEntry[];
  stderr: string[];
}

/** A violation that did not stop the search: the first input that showed it, and how often it recurred. */
interface FuzzWarning {
  violation: Violation;
  input: FuzzInput;
  count: number;
}

export interface FuzzOutcome {
  seed: number;
  revision: Revision;
  /** Inputs executed while searching (shrinking excluded). */
  cases: number;
  durationMs: number;
  casesPerSecond: number;
  /** Targets started: 1 + restarts after deaths. */
  targetStarts: number;
  interrupted: boolean;
  failure?: FuzzFailure;
  /** Violations that did not stop the search (see FuzzOptions.stopOn), by rule. */
  warnings: FuzzWarning[];
}

export type Framing = 'stdio' | 'lines' | 'http' | 'none';

export function fuzzInputArbitrary(
  options: Pick<FuzzOptions, 'revision' | 'tools' | 'resourceUris' | 'promptNames' | 'framing' | 'skipTools' | 'toolChoice'>,
  cheapRequest: (id: string) => string,
  http: Omit<HttpFramingContext, 'revision'> = { hasSession: false, cheapMethod: 'ping' },
): fc.Arbitrary<FuzzInput> {
  const { tools, uncalled } = callableTools(options);
  // Generated requests name tools and prompts from one pool, so a prompt that shares its name with
  // a tool the run may not call is left out too: a generated tools/call must not reach that tool.
  const catalogue: TargetCatalogue = {
    toolNames: tools.map((t) => t.name),
    resourceUris: options.resourceUris,
    promptNames: options.promptNames.filter((name) => !uncalled.has(name)),
  };
  const parts: { weight: number; arbitrary: fc.Arbitrary<FuzzInput> }[] = [
    { weight: 3, arbitrary: protocolRequestArbitrary(options.revision, catalogue) },
    { weight: 1, arbitrary: notificationArbitrary(options.revision, catalogue) },
  ];
  const choice = options.toolChoice ?? DEFAULT_TOOL_CHOICE;
  if (tools.length > 0) parts.push({ weight: 4, arbitrary: fc.oneof(...tools.map((t) => toolCallArbitrary(t, choice.arguments[t.name]))) });
  if (options.framing === 'stdio' || options.framing === 'lines') parts.push({ weight: 1, arbitrary: framingArbitrary(cheapRequest) });
  if (options.framing === 'stdio') parts.push({ weight: 1, arbitrary: invalidUtf8Arbitrary() });
  // Weighted like the tool calls: over HTTP the framing is where servers differ most.
  if (options.framing === 'http') parts.push({ weight: 3, arbitrary: httpFramingArbitrary(cheapRequest, { revision: options.revision, ...http }) });
  return fc.oneof(...parts);
}

/** The tools the fuzzer may call (not skipped, allowed by the tool choice), and the names of the others. */
export function callableTools(options: Pick<FuzzOptions, 'tools' | 'skipTools' | 'toolChoice'>): { tools: ToolLike[]; uncalled: Set<string> } {
  const skip = new Set(options.skipTools ?? []);
  const choice = options.toolChoice ?? DEFAULT_TOOL_CHOICE;
  const tools = options.tools.filter((t) => !skip.has(t.name) && mayCall(t as unknown as Record<string, unknown>, choice));
  const called = new Set(tools.map((t) => t.name));
  return { tools, uncalled: new Set(options.tools.map((t) => t.name).filter((name) => !called.has(name))) };
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzOutcome> {
  const connection = new FuzzConnection(options);
  const stopOn = options.stopOn ?? (() => true);
  const warnings = new Map<string, FuzzWarning>();
  let searching = true;
  // fast-check's counterexample is always the input of the latest failing call, so this holds what
  // it broke in its original context, even when it breaks nothing on a fresh target.
  let latestFailure: { input: FuzzInput; violations: Violation[] } | undefined;
  const predicate = async (input: FuzzInput): Promise<boolean> => {
    const { observation } = await connection.run(input);
    const violations = violationsOf(observation);
    if (violations.some(stopOn)) latestFailure = { input, violations: violations.filter(stopOn) };
    for (const violation of violations.filter((v) => !stopOn(v))) {
      if (!searching) continue;
      const known = warnings.get(violation.ruleId);
      if (known) known.count++;
      else warnings.set(violation.ruleId, { violation, input, count: 1 });
    }
    return !violations.some(stopOn);
  };
  const started = Date.now();
  let cases = 0;
  try {
    const opened = await connection.open();
    // Built once the conversation is open: HTTP inputs depend on whether the server keeps sessions.
    const sessionId = isHttpCapable(opened.transport) ? opened.transport.sessionId : undefined;
    const arbitrary = fuzzInputArbitrary(options, (id) => connection.cheapRequestText(id), {
      hasSession: sessionId !== undefined,
      cheapMethod: connection.barrierMethod,
    });
    const search = await fc.check(
      fc.asyncProperty(arbitrary, async (input) => {
        cases++;
        return predicate(input);
      }),
      { seed: options.seed, numRuns: options.runs, interruptAfterTimeLimit: options.timeBudgetMs, endOnFailure: true },
    );
    const searchMs = Date.now() - started;
    const outcome: FuzzOutcome = {
      seed: options.seed,
      revision: options.revision,
      cases,
      durationMs: searchMs,
      casesPerSecond: searchMs > 0 ? Math.round((cases * 1000) / searchMs) : cases,
      targetStarts: connection.starts,
      interrupted: search.interrupted,
      warnings: [...warnings.values()],
    };
    searching = false;
    if (!search.failed || search.counterexamplePath === null) return outcome;
    // Shrink from the failing input: replaying its path makes fast-check start there.
    const shrink = await fc.check(fc.asyncProperty(arbitrary, predicate), {
      seed: options.seed,
      path: search.counterexamplePath,
      interruptAfterTimeLimit: options.shrinkBudgetMs ?? 10_000,
    });
    const smallest = (shrink.counterexample?.[0] ?? search.counterexample?.[0]) as FuzzInput;
    // One last run on a fresh target gives the clean exchange for the report and the scenario.
    await connection.close();
    connection.session = undefined;
    const last = await connection.run(smallest);
    const replayed = violationsOf(last.observation).filter(stopOn);
    const session = connection.session!;
    const inContext = latestFailure?.input === smallest ? latestFailure.violations : [];
    outcome.failure = {
      input: smallest,
      violations: replayed.length > 0 ? replayed : inContext,
      reproducible: replayed.length > 0,
      path: shrink.counterexamplePath ?? search.counterexamplePath,
      shrinks: shrink.numShrinks,
      wire: last.wire,
      transcript: session.transcript.filter((e) => e.seq >= last.fromSeq),
      stderr: [...session.stderr],
    };
    outcome.targetStarts = connection.starts;
    return outcome;
  } finally {
    await connection.close();
  }
}
