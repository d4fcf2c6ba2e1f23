// Backwards-compatibility detection for a URL given with --url: POST an initialize; a 4xx refusal
// (405, 404 ...) followed by an SSE stream that announces an `endpoint` on GET means the server
// speaks the 2024-11-05 HTTP+SSE transport instead (basic/transports: backwards compatibility).
import http from 'node:http';
import { httpCall, readBody } from './http-call.js';
import { LegacySseTransport } from './legacy-sse.js';

export type HttpWire = 'streamable-http' | 'legacy-sse';

/** `signal`: the caller no longer needs the answer (its run ended): detection stops, answering 'streamable-http'. */
export async function detectHttpWire(url: string, headers: Record<string, string>, timeoutMs: number, signal?: AbortSignal): Promise<HttpWire> {
  const agent = new http.Agent({ keepAlive: false });
  const aborter = new AbortController();
  signal?.addEventListener('abort', () => aborter.abort(), { once: true });
  try {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 'mcp-conform-detect',
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-conform-detect', version: '0' } },
    });
    const outcome = await httpCall({
      method: 'POST',
      url: new URL(url),
      headers: { ...lower(headers), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
      agent,
      timeoutMs,
      signal: aborter.signal,
    });
    // Unreachable or answered: Streamable HTTP (the run reports what is wrong, if anything).
    if (!outcome.ok) return 'streamable-http';
    const status = outcome.response.statusCode ?? 0;
    const sessionId = outcome.headers['mcp-session-id'];
    await readBody(outcome.response, Math.min(timeoutMs, 1000), 1024 * 1024, aborter.signal);
    if (status < 400 || status >= 500) {
      // End the session we just opened, so detection leaves nothing behind.
      if (sessionId) await endSession(url, headers, sessionId, agent, timeoutMs, aborter.signal);
      return 'streamable-http';
    }
    const legacy = new LegacySseTransport({ url, headers, timeoutMs });
    try {
      await legacy.start();
      return 'legacy-sse';
    } catch {
      return 'streamable-http';
    } finally {
      await legacy.close();
    }
  } finally {
    aborter.abort();
    agent.destroy();
  }
}

async function endSession(
  url: string,
  headers: Record<string, string>,
  sessionId: string,
  agent: http.Agent,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<void> {
  const outcome = await httpCall({
    method: 'DELETE',
    url: new URL(url),
    headers: { ...lower(headers), 'mcp-session-id': sessionId },
    agent,
    timeoutMs: Math.min(timeoutMs, 1000),
    signal,
  });
  if (outcome.ok) outcome.response.resume();
}

function lower(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
