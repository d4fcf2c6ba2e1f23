// Maps the API's target (a command, a URL or a mock server) to the engine's TargetSpec, checking
// the combinations that cannot work.
import { statSync } from 'node:fs';
import type { TargetSpec } from '../runner/config/index.js';
import type { StdioOptions } from '../wire/transports/index.js';
import type { ConformanceTarget, InMemoryTarget } from './conformance-options.js';
import { ConformanceOptionsError } from './options-error.js';

/** The bundled reference server's stdio entry, relative to the package root: one file (scripts/bundle-reference.mjs), quick to start. */
export const REFERENCE_SERVER_ENTRY = ['dist', 'mocks', 'reference', 'stdio-server.cjs'];

/** Default endpoint of a server started with `portEnv` (its port is the one we picked). */
const DEFAULT_LAUNCH_URL = 'http://127.0.0.1/mcp';

export function isInMemoryTarget(target: ConformanceTarget): target is InMemoryTarget {
  return 'server' in target && target.server !== undefined;
}

export function targetSpecOf(target: ConformanceTarget): TargetSpec {
  if (isInMemoryTarget(target)) return { kind: 'in-memory', description: target.description ?? 'in-memory' };
  if ('command' in target && typeof target.command === 'string') {
    if (target.command.trim() === '') throw new ConformanceOptionsError('The target command is empty.', 'Example: { command: "node build/server.js" }.');
    if (target.cwd !== undefined && !isDirectory(target.cwd)) {
      // Otherwise the spawn fails with ENOENT, which reads as "the command was not found".
      throw new ConformanceOptionsError(`--cwd ${target.cwd}: no such folder.`, 'Give the folder the server command runs in, or leave --cwd out.');
    }
    if (target.portEnv === undefined) {
      if (target.url !== undefined || target.headers !== undefined) {
        throw new ConformanceOptionsError(
          'A command target with `url` or `headers` needs `portEnv`, so that the runner can give the server its port.',
          'Add portEnv: "PORT", or test a running server with { url } alone.',
        );
      }
      return { kind: 'stdio', command: target.command, ...(target.cwd ? { cwd: target.cwd } : {}), ...(target.env ? { env: target.env } : {}) };
    }
    return {
      kind: 'http',
      url: checkedUrl(target.url ?? DEFAULT_LAUNCH_URL),
      ...(target.headers ? { headers: target.headers } : {}),
      launch: { command: target.command, portEnv: target.portEnv, ...(target.cwd ? { cwd: target.cwd } : {}), ...(target.env ? { env: target.env } : {}) },
    };
  }
  if ('url' in target && typeof target.url === 'string') {
    const legacySse = 'legacySse' in target && target.legacySse === true;
    return {
      kind: 'http',
      url: checkedUrl(target.url),
      ...(target.headers ? { headers: target.headers } : {}),
      ...(legacySse ? { legacySse: true as const } : {}),
    };
  }
  throw new ConformanceOptionsError('The target names no server.', 'Give { command }, { url } or { server } (a MockServer).');
}

function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConformanceOptionsError(`"${url}" is not a URL.`, 'Example: http://127.0.0.1:3000/mcp.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConformanceOptionsError(`"${url}" is not an http(s) URL.`, 'Example: http://127.0.0.1:3000/mcp.');
  return parsed.toString();
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The options of a transport to a stdio target: a run's cells and the fuzzer start it alike. */
export function stdioOptionsOf(spec: Extract<TargetSpec, { kind: 'stdio' }>): StdioOptions {
  return {
    command: spec.command,
    ...(spec.cwd ? { cwd: spec.cwd } : {}),
    ...(spec.env ? { env: spec.env } : {}),
    ...(spec.unsetEnv ? { unsetEnv: spec.unsetEnv } : {}),
  };
}
