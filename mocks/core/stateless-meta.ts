// The per-request `_meta` of 2026-07-28: reading and checking what each request must carry, and
// adding what every result must carry (resultType, serverInfo, cache hints on cacheable results).
import { META } from '../../wire/protocol/wire.js';
import type { Implementation } from '../../wire/protocol/index.js';
import { isLoggingLevel, type LoggingLevel } from './log-levels.js';
import { ProtocolError } from './reply.js';

export interface StatelessMeta {
  protocolVersion: string;
  clientCapabilities: Record<string, unknown>;
  clientInfo: Implementation | undefined;
  logLevel: LoggingLevel | undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when a request names a protocol version in its `_meta`: it speaks the stateless era. */
export function carriesProtocolVersion(params: Record<string, unknown>): boolean {
  return isObject(params._meta) && META.protocolVersion in params._meta;
}

/**
 * Reads the required and optional per-request fields. A request missing a required one is
 * malformed and refused with -32602 (basic/index#meta, "Per-request protocol fields").
 */
export function readStatelessMeta(params: Record<string, unknown>): StatelessMeta {
  const meta = params._meta;
  const missing: string[] = [];
  if (!isObject(meta)) throw new ProtocolError(-32602, `Invalid params: _meta with ${META.protocolVersion} and ${META.clientCapabilities} is required`);
  const version = meta[META.protocolVersion];
  const capabilities = meta[META.clientCapabilities];
  if (typeof version !== 'string') missing.push(META.protocolVersion);
  if (!isObject(capabilities)) missing.push(META.clientCapabilities);
  if (missing.length > 0) {
    throw new ProtocolError(-32602, `Invalid params: _meta lacks ${missing.join(' and ')} (an object; {} declares no capabilities)`);
  }
  const info = meta[META.clientInfo];
  if (info !== undefined && !(isObject(info) && typeof info.name === 'string' && typeof info.version === 'string')) {
    throw new ProtocolError(-32602, `Invalid params: ${META.clientInfo} must be an object with a string name and version`);
  }
  const level = meta[META.logLevel];
  if (level !== undefined && !isLoggingLevel(level)) {
    throw new ProtocolError(-32602, `Invalid params: ${META.logLevel} ${JSON.stringify(level)} is not a logging level`);
  }
  return {
    protocolVersion: version as string,
    clientCapabilities: capabilities as Record<string, unknown>,
    clientInfo: info as Implementation | undefined,
    logLevel: level as LoggingLevel | undefined,
  };
}

/** Methods whose complete results must carry ttlMs and cacheScope (server/utilities/caching). */
const CACHEABLE_METHODS: ReadonlySet<string> = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

export interface CacheHints {
  ttlMs: number;
  cacheScope: 'public' | 'private';
}

/**
 * Completes a stateless result: resultType "complete" unless the resolver chose one, cache hints
 * on complete cacheable results (never on input_required ones), and serverInfo in `_meta`.
 */
export function decorateStatelessResult(
  method: string,
  result: Record<string, unknown>,
  serverInfo: Implementation,
  hints: CacheHints,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...result };
  if (typeof out.resultType !== 'string') out.resultType = 'complete';
  if (out.resultType === 'complete' && CACHEABLE_METHODS.has(method)) {
    if (out.ttlMs === undefined) out.ttlMs = hints.ttlMs;
    if (out.cacheScope === undefined) out.cacheScope = hints.cacheScope;
  }
  const meta = isObject(out._meta) ? { ...out._meta } : {};
  if (!(META.serverInfo in meta)) meta[META.serverInfo] = serverInfo;
  out._meta = meta;
  return out;
}
