// The HTTP side of the CLI: validates --url / --header / --port-env into an `http` TargetSpec,
// and opens it through the API (which starts a --server command that listens on a port).
import type { TargetSpec } from '../runner/config/index.js';
import { openHttpTarget as openLiveHttpTarget, type LiveHttpTarget } from '../api/open-http-target.js';

export type { LiveHttpTarget };
import type { CliOptions } from './program.js';
import { UsageError } from './usage-error.js';
import { launchFromFlags } from './http-launch.js';
import { printNotice } from './notice.js';

/** Default endpoint of a server started with --port-env (its port is the one we picked). */
const DEFAULT_LAUNCH_URL = 'http://127.0.0.1/mcp';
const DEFAULT_LAUNCH_SSE_URL = 'http://127.0.0.1/sse';

/** An `http` target when the flags ask for one, else undefined (stdio). Throws UsageError on bad combinations. */
export function httpTargetSpec(
  opts: Pick<CliOptions, 'url' | 'sseUrl' | 'portEnv' | 'server' | 'header' | 'cwd' | 'env'>,
): Extract<TargetSpec, { kind: 'http' }> | undefined {
  const wantsHttp = opts.url !== undefined || opts.sseUrl !== undefined || opts.portEnv !== undefined;
  if (!wantsHttp) {
    if (opts.header)
      throw new UsageError('--header applies to HTTP targets, but neither --url nor --port-env was given.', 'Add --url http://127.0.0.1:PORT/mcp.');
    return undefined;
  }
  if (opts.portEnv !== undefined && opts.server === undefined) {
    throw new UsageError(
      '--port-env needs --server: it names the variable that tells the started server its port.',
      'Example: --server "node build/http.js" --port-env PORT.',
    );
  }
  const given = opts.url ?? opts.sseUrl;
  if (given !== undefined && opts.server !== undefined && opts.portEnv === undefined) {
    throw new UsageError(
      '--server with --url needs --port-env, so that the runner can give the server its port.',
      'Either test a running server with --url alone, or add --port-env PORT.',
    );
  }
  if (opts.server !== undefined && opts.server.trim() === '')
    throw new UsageError('--server needs a command.', 'Example: --server "node build/http.js" --port-env PORT.');
  const url = given ?? (opts.sseUrl !== undefined ? DEFAULT_LAUNCH_SSE_URL : DEFAULT_LAUNCH_URL);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url "${url}" is not a URL.`, 'Example: --url http://127.0.0.1:3000/mcp.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`--url "${url}" is not an http(s) URL.`, 'Example: --url http://127.0.0.1:3000/mcp.');
  }
  const launch = launchFromFlags(opts);
  if (!launch && (opts.cwd || opts.env))
    throw new UsageError('--cwd and --env apply to --server, which was not given.', 'Add --server "<command>" --port-env PORT.');
  return {
    kind: 'http',
    url: parsed.toString(),
    ...(opts.header ? { headers: Object.fromEntries(opts.header) } : {}),
    ...(launch ? { launch } : {}),
    ...(opts.sseUrl !== undefined ? { legacySse: true as const } : {}),
  };
}

/** Makes the target reachable (see the API's openHttpTarget); what the user should know goes to stderr. */
export function openHttpTarget(target: Extract<TargetSpec, { kind: 'http' }>, timeoutMs: number): Promise<LiveHttpTarget> {
  return openLiveHttpTarget(target, timeoutMs, printNotice);
}
