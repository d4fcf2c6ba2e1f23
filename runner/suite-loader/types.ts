// Typed form of a scenario file after loading and validation (see suites/README.md for the format).
// The loader produces these; the planner and engine consume them. Values typed `unknown` are
// patterns or expressions, interpreted by runner/matchers at run time.
import type { RevisionRange } from '../../schema/revisions.js';

type Role = 'server' | 'client';
export type TransportName = 'stdio' | 'http' | 'sse' | 'in-memory';
type ProfileList = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

export type Condition =
  | { capability: string }
  | { revision: RevisionRange }
  | { transport: TransportName }
  | { defined: string }
  /** The run was given authorization: a token (`token`), or the mock authorization server's minted tokens (`minted`). */
  | { authorization: 'token' | 'minted' }
  /**
   * Binds the first item of a discovered list that matches `where`. A pick from `tools` is for
   * calling the tool (the engine then offers only tools the run may call, runner/config/tool-choice.ts)
   * unless it says `use: listing`: it only inspects the tool's listing.
   */
  | { pick: string; from: ProfileList; where?: unknown; use?: 'call' | 'listing' }
  /** The server advertised this extension id as a key of `capabilities.extensions` (2026-07-28). */
  | { extension: string }
  /** The expression's value matches the pattern (e.g. a captured task status, for `loop.while`). */
  | { value: unknown; matches: unknown }
  | { not: Condition }
  | { allOf: Condition[] }
  | { anyOf: Condition[] };

/** Options shared by every step that produces a verdict. */
export interface CheckOptions {
  rule?: string;
  check?: string;
  message?: string;
  /**
   * A notification method (e.g. `notifications/tools/list_changed`): when the target sent one in
   * the cell, a broken expectation is skipped with that observation instead of judged, because
   * what it compares (two answers of a list, a page after a cursor) may have changed legitimately.
   */
  skipIfNotified?: string;
}

interface StepBase {
  when?: Condition;
  /** 1-based line of the step in its file, for messages and default check ids. */
  sourceLine: number;
  /** Position of the step in its list, as a path: "3" or "5.steps.1" for steps inside a loop. */
  path: string;
}

export interface RequestStep extends StepBase {
  kind: 'request';
  method: string;
  params?: unknown;
  id?: string | number;
  as?: string;
  meta?: false | Record<string, unknown>;
}
export interface NotifyStep extends StepBase {
  kind: 'notify';
  method: string;
  params?: unknown;
}
export interface SendStep extends StepBase {
  kind: 'send';
  /** Text written followed by a newline. */
  line?: string;
  json?: unknown;
  text?: string;
  /** Bytes written exactly, as hex digits (stdio only). */
  hex?: string;
  as?: string;
  responseId?: string | number | null;
}
export interface HandshakeStep extends StepBase {
  kind: 'handshake';
  as?: string;
  protocolVersion?: string;
}
export type ResponseExpectation = { result: unknown } | { error: unknown };
export interface ExpectStep extends StepBase, CheckOptions {
  kind: 'expect';
  label: string;
  /** Absent means "any response" (a result or an error). */
  result?: unknown;
  error?: unknown;
  oneOf?: ResponseExpectation[];
  within?: number;
  /** Stdio: a request sent later whose answer ends the wait (the response is then judged missing). */
  until?: string;
  capture?: Record<string, string>;
  /**
   * What an error answer means when every alternative expects a result: absent, the check is
   * skipped (the request was refused, so nothing it judges came back); `breaks-rule`, any error
   * breaks the rule; a pattern, only an error matching it does.
   */
  refusal?: 'breaks-rule' | Record<string, unknown>;
}
export interface ExpectNoResponseStep extends StepBase, CheckOptions {
  kind: 'expectNoResponse';
  label: string;
  until: string;
}
export interface ExpectNotificationStep extends StepBase, CheckOptions {
  kind: 'expectNotification';
  method: string;
  params?: unknown;
  within?: number;
  capture?: Record<string, string>;
  as?: string;
  since?: string;
  /**
   * When no notification of this method arrived at all within the bound, skip the check with this
   * reason instead of failing it: for notifications nothing in the protocol can provoke (a resource
   * changing). One of the method that fails `params` still fails.
   */
  orSkip?: string;
}
export interface ExpectNoNotificationStep extends StepBase, CheckOptions {
  kind: 'expectNoNotification';
  method: string;
  until: string;
  since?: string;
  /** Only count notifications after this labelled request's response. */
  afterResponse?: string;
  params?: unknown;
}
/** A request the server sent us (sampling, elicitation, roots, ping...). */
export interface ExpectServerRequestStep extends StepBase, CheckOptions {
  kind: 'expectServerRequest';
  method: string;
  params?: unknown;
  within?: number;
  capture?: Record<string, string>;
  since?: string;
  /**
   * When no request of this method arrived at all within the bound, skip the check with this
   * reason instead of failing it: the server may choose not to ask (a tool that fails first). One of
   * the method that fails `params` still fails.
   */
  orSkip?: string;
}
export interface ExpectNoServerRequestStep extends StepBase, CheckOptions {
  kind: 'expectNoServerRequest';
  method: string;
  until: string;
  since?: string;
  params?: unknown;
}
/** Binds the params of matching notifications (before the barrier) to a variable; not a check. */
export interface CollectNotificationsStep extends StepBase {
  kind: 'collectNotifications';
  method: string;
  until: string;
  as: string;
  since?: string;
  params?: unknown;
}
export interface CancelStep extends StepBase {
  kind: 'cancel';
  label: string;
  reason?: string;
}
export interface SetStep extends StepBase {
  kind: 'set';
  values: Record<string, unknown>;
}
export interface CheckStep extends StepBase, CheckOptions {
  kind: 'check';
  value: unknown;
  matches: unknown;
  /** The value is judged only when it matches this pattern; otherwise the check is skipped with `skipReason`. */
  judgeIf?: unknown;
  skipReason?: string;
}
export interface LoopStep extends StepBase, CheckOptions {
  kind: 'loop';
  steps: Step[];
  while?: Condition;
  max: number;
  distinct?: string;
  onExhausted: 'fail' | 'pass' | 'skip';
  /** Pause before every iteration after the first: a number of ms or an expression (e.g. a server's poll interval). */
  pauseMs?: unknown;
}
export interface CloseInputStep extends StepBase, CheckOptions {
  kind: 'closeInput';
  within?: number;
}

/** HTTP transports only: one HTTP request whose status, headers and events are under test. */
export interface HttpStep extends StepBase, CheckOptions {
  kind: 'http';
  method: 'POST' | 'GET' | 'DELETE' | 'PUT' | 'PATCH';
  headers?: Record<string, unknown>;
  session?: boolean;
  json?: unknown;
  text?: unknown;
  maxEvents?: number;
  readMs?: number;
  as?: string;
  /** Pattern the answer must match. */
  answer?: unknown;
  /** Another URL than the MCP endpoint (an expression; relative ones resolve against the endpoint). */
  url?: unknown;
  /** The answer is judged only when it matches this pattern; otherwise the check is skipped with `skipReason`. */
  judgeIf?: unknown;
  skipReason?: string;
}

export type Step =
  | RequestStep
  | NotifyStep
  | SendStep
  | HandshakeStep
  | ExpectStep
  | ExpectNoResponseStep
  | ExpectNotificationStep
  | ExpectNoNotificationStep
  | ExpectServerRequestStep
  | ExpectNoServerRequestStep
  | CollectNotificationsStep
  | CancelStep
  | SetStep
  | CheckStep
  | LoopStep
  | CloseInputStep
  | HttpStep;

export type StepKind = Step['kind'];

export interface Scenario {
  id: string;
  title: string;
  area: string;
  role: Role;
  revisions: RevisionRange;
  transports?: TransportName[];
  rules: string[];
  tags: string[];
  timeoutMs?: number;
  session: 'initialized' | 'fresh';
  /** Every cell gets a target process of its own (never shares one with other cells). */
  isolate?: boolean;
  client?: { capabilities?: Record<string, unknown>; clientInfo?: Record<string, unknown> };
  replies?: Record<string, { result: unknown } | { error: unknown }>;
  requires: Condition[];
  steps: Step[];
  /** Absolute path of the file it came from. */
  file: string;
}
