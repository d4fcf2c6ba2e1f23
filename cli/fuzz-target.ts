// How the fuzzer reaches its target: a transport factory, the framing its inputs may break, and
// what to stop afterwards. Shared by `mcp-conform fuzz` and `--fuzz` on a normal run.
import { stdioOptionsOf } from '../api/target-spec.js';
import type { TargetSpec } from '../runner/config/index.js';
import type { Framing } from '../runner/fuzz/index.js';
import type { Transport } from '../wire/protocol/index.js';
import { StdioTransport } from '../wire/transports/index.js';
import { openHttpTarget, type LiveHttpTarget } from './http-target.js';
import { UsageError } from './usage-error.js';

/** How the fuzzer reaches the target, and which transport-level inputs fit it. */
export interface FuzzTarget {
  makeTransport: () => Transport;
  framing: Framing;
  description: string;
  stop(): Promise<void>;
}

/** The fuzz target of a normal run: its live HTTP target (server already started) or its stdio command. */
export function fuzzTargetOf(target: TargetSpec, http: LiveHttpTarget | undefined): FuzzTarget {
  // The legacy HTTP+SSE transport posts to a URL the server announces: no HTTP framing inputs.
  if (http) return { makeTransport: http.makeTransport, framing: http.kind === 'http' ? 'http' : 'none', description: http.url, stop: async () => {} };
  if (target.kind !== 'stdio') throw new UsageError('mcp-conform fuzz needs a stdio or HTTP target.', 'Give --server "<command>" or --url.');
  return {
    makeTransport: () => new StdioTransport(stdioOptionsOf(target)),
    framing: 'stdio',
    description: target.isDefault ? 'the bundled reference server' : target.command,
    stop: async () => {},
  };
}

/** Makes the target reachable (starts an HTTP server command); `stop` ends what was started. */
export async function openFuzzTarget(target: TargetSpec, timeoutMs: number): Promise<FuzzTarget> {
  if (target.kind !== 'http') return fuzzTargetOf(target, undefined);
  const live = await openHttpTarget(target, timeoutMs);
  return { ...fuzzTargetOf(target, live), stop: live.stop };
}
