// The complete description of one run, built by the CLI from flags (or by tests directly).
// Everything the engine does is decided by this object; nothing reads process.argv elsewhere.
import type { Revision } from '../../schema/revisions.js';
import type { ToolChoice } from './tool-choice.js';

export type TargetSpec =
  | {
      kind: 'stdio';
      command: string;
      cwd?: string;
      env?: Record<string, string>;
      /** Variables the target is started without, though the runner has them (see cli/stdio-target.ts). */
      unsetEnv?: readonly string[];
      isDefault?: boolean;
    }
  /**
   * A Streamable HTTP endpoint (--url), optionally served by a command the runner starts itself
   * (--server CMD --port-env NAME): then the URL's port is the free port given in that variable.
   */
  | { kind: 'http'; url: string; headers?: Record<string, string>; launch?: HttpLaunch /** The 2024-11-05 HTTP+SSE transport (--sse-url). */; legacySse?: true }
  /** A transport supplied by code (tests, the in-memory reference server); `description` is shown in reports. */
  | { kind: 'in-memory'; description: string };

export interface HttpLaunch {
  command: string;
  portEnv: string;
  cwd?: string;
  env?: Record<string, string>;
}

export interface RunConfig {
  target: TargetSpec;
  /** Revisions asked for with --revision; empty = every revision the target accepts. */
  revisions: Revision[];
  /** Default bound for every wait, in ms. */
  timeoutMs: number;
  concurrency: number;
  /**
   * `--isolate`: every stdio cell gets a target process of its own. By default cells whose
   * scenarios allow it take turns on shared processes (runner/engine/process-sharing.ts says which),
   * with the verdicts one process per cell gives (docs/performance.md).
   */
  isolate?: boolean;
  strict: boolean;
  verbose: boolean;
  /** Seed for generated values ($validArgs and the fuzzer); printed in every report. */
  seed: number;
  /** `--retries`: how many times a failed or errored cell is re-run alone before its verdict is final (runner/engine/rerun.ts); the API gives 1 by default, absent is none. */
  retries?: number;
  /** `--fail-on-flaky`: a cell whose re-run disagreed with its first attempt fails the run. */
  failOnFlaky?: boolean;
  /** Longest message read from the target (--max-message-bytes); default DEFAULT_MAX_MESSAGE_BYTES. */
  maxMessageBytes?: number;
  /** Which tools scenarios may call, which first, with what arguments; default DEFAULT_TOOL_CHOICE (declared harmless only). */
  tools?: ToolChoice;
  /** Extra words for the reproduce command so it selects the same scenarios (suite dirs, files). */
  reproExtras: string[];
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_SEED = 1;
