// Per-revision wire facts: how a client opens a conversation and what every request carries.
// Stateful revisions (<= 2025-11-25) use initialize/initialized; 2026-07-28 is stateless and puts
// the protocol version, client info and client capabilities in every request's `_meta`.
import { isStateless, type Revision } from '../../schema/revisions.js';

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

export interface Implementation {
  name: string;
  version: string;
  [key: string]: unknown;
}

export interface ClientIdentity {
  clientInfo: Implementation;
  capabilities: Record<string, unknown>;
}

/** Params of the `initialize` request for a stateful revision. */
export function initializeParams(revision: Revision, client: ClientIdentity): Record<string, unknown> {
  return {
    protocolVersion: revision,
    capabilities: client.capabilities,
    clientInfo: client.clientInfo,
  };
}

/**
 * The lines a runner's handshake writes at a stateful revision, as a session serialises them: its
 * `initialize` (the session's first request, id 1) and `notifications/initialized`. A process opened
 * with exactly these lines is in the state a runner-opened one is in (issue 13: a lifecycle cell that
 * opened the conversation this way hands its process on).
 */
export function openingTexts(revision: Revision, client: ClientIdentity): string[] {
  return [
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: initializeParams(revision, client) }),
    JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  ];
}

/** The `_meta` members a stateless revision requires on every request. */
function requestMeta(revision: Revision, client: ClientIdentity): Record<string, unknown> {
  return {
    [META.protocolVersion]: revision,
    [META.clientInfo]: client.clientInfo,
    [META.clientCapabilities]: client.capabilities,
  };
}

/**
 * Adds the stateless `_meta` to request params, keeping any `_meta` keys the caller set (a scenario
 * may override the protocol version to test negotiation). Stateful revisions are returned as is.
 */
export function withRequestMeta(revision: Revision, params: Record<string, unknown> | undefined, client: ClientIdentity): Record<string, unknown> | undefined {
  if (!isStateless(revision)) return params;
  const base = params ?? {};
  const own = (base._meta ?? {}) as Record<string, unknown>;
  return { ...base, _meta: { ...requestMeta(revision, client), ...own } };
}
