// Judges a client's HTTP-level duties over Streamable HTTP (basic/transports): the session id it
// was given on every later request, the protocol version header, a new session after 404, and
// resuming a dropped stream with Last-Event-ID after the `retry` the server asked for, the Accept
// header of every POST and GET, the Mcp-Param-* headers of annotated tool arguments. Each duty is
// judged from the requests the mock saw (HttpFacts), in arrival order.
import { META } from '../../wire/protocol/index.js';
import type { Revision } from '../../schema/revisions.js';
import type { HttpFacts, HttpRequestRecord } from './http-host.js';
import { listedToolSchemas, paramHeaders } from './param-header-expectations.js';
import type { HttpCheckName, HttpVerdict } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const bodyMethod = (r: HttpRequestRecord): string | undefined => (isObject(r.body) && typeof r.body.method === 'string' ? r.body.method : undefined);
const isInitialize = (r: HttpRequestRecord) => r.method === 'POST' && bodyMethod(r) === 'initialize';
const show = (r: HttpRequestRecord, header: string) =>
  `${r.method}${bodyMethod(r) ? ` ${bodyMethod(r)}` : ''} with ${header}: ${r.headers[header] ?? '(absent)'}`;

/** `toClient` holds what the mock sent: the tool lists whose x-mcp-header annotations the client had to follow. */
export function judgeHttpDuty(duty: HttpCheckName, facts: HttpFacts, revision: Revision, toClient: readonly { message?: unknown }[] = []): HttpVerdict {
  switch (duty) {
    case 'session-id':
      return sessionId(facts.requests);
    case 'protocol-version-header':
      return protocolVersion(facts.requests, revision, false);
    case 'protocol-version-value':
      return protocolVersion(facts.requests, revision, true);
    case 'request-metadata-headers':
      return metadataHeaders(facts.requests);
    case 'reinitialize-after-404':
      return reinitialize(facts);
    case 'resume-after-drop':
      return resume(facts);
    case 'respects-retry':
      return retry(facts);
    case 'accept-header':
      return acceptHeader(facts.requests);
    case 'param-headers':
      return paramHeaders(facts.requests, listedToolSchemas(toClient));
  }
}

/** The media types an Accept header lists (parameters such as q= dropped, lower case). */
function acceptedTypes(header: string | undefined): string[] {
  return (header ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
}

/** Every POST names both answer shapes (JSON and SSE), every GET SSE: the spec says "listing", so a wildcard does not count. */
function acceptHeader(requests: HttpRequestRecord[]): HttpVerdict {
  const judged = requests.filter((r) => r.method === 'POST' || r.method === 'GET');
  if (judged.length === 0) return { status: 'skipped', message: 'the client sent no POST or GET' };
  for (const r of judged) {
    const needed = r.method === 'POST' ? ['application/json', 'text/event-stream'] : ['text/event-stream'];
    const listed = acceptedTypes(r.headers.accept);
    const missing = needed.filter((t) => !listed.includes(t));
    if (missing.length > 0) {
      return {
        status: 'failed',
        message: `a ${r.method} did not accept ${missing.join(' and ')}`,
        expected: `accept: ${needed.join(', ')}`,
        actual: show(r, 'accept'),
        evidence: [r.seq],
      };
    }
  }
  return { status: 'passed', message: `all ${judged.length} POST and GET requests listed the media types they must accept` };
}

/** After a session id was issued, every request but a new initialize names the latest one issued. */
function sessionId(requests: HttpRequestRecord[]): HttpVerdict {
  let given: string | undefined;
  let judged = 0;
  for (const r of requests) {
    if (given !== undefined && !isInitialize(r)) {
      judged++;
      if (r.headers['mcp-session-id'] !== given) {
        return {
          status: 'failed',
          message: 'a request after the handshake did not carry the session id the server issued',
          expected: `mcp-session-id: ${given}`,
          actual: show(r, 'mcp-session-id'),
          evidence: [r.seq],
        };
      }
    }
    given = r.issuedSession ?? given;
  }
  if (judged === 0) return { status: 'skipped', message: 'no request followed the issue of a session id' };
  return { status: 'passed', message: `all ${judged} requests after the handshake carried the session id` };
}

/** From 2025-06-18: every request after the initialize exchange carries MCP-Protocol-Version (equal to the negotiated one). */
function protocolVersion(requests: HttpRequestRecord[], revision: Revision, value: boolean): HttpVerdict {
  const firstInit = requests.findIndex(isInitialize);
  const later = requests.slice(firstInit + 1).filter((r) => !isInitialize(r));
  if (firstInit === -1 || later.length === 0) return { status: 'skipped', message: 'no request followed initialize' };
  for (const r of later) {
    const header = r.headers['mcp-protocol-version'];
    if (value ? header !== undefined && header !== revision : header === undefined) {
      return {
        status: 'failed',
        message: value
          ? 'a request named another protocol version than the one negotiated'
          : 'a request after initialization had no MCP-Protocol-Version header',
        expected: `mcp-protocol-version: ${revision}`,
        actual: show(r, 'mcp-protocol-version'),
        evidence: [r.seq],
      };
    }
  }
  return {
    status: 'passed',
    message: `all ${later.length} requests after initialize ${value ? 'named the negotiated version' : 'carried MCP-Protocol-Version'}`,
  };
}

const NAMED: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

function decodeSentinel(value: string): string {
  const m = /^=\?base64\?(.*)\?=$/.exec(value);
  return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : value;
}

/** 2026-07-28: each POSTed request mirrors its version, method and name into headers. */
function metadataHeaders(requests: HttpRequestRecord[]): HttpVerdict {
  const posts = requests.filter((r) => r.method === 'POST' && isObject(r.body) && typeof r.body.method === 'string' && Object.hasOwn(r.body, 'id'));
  if (posts.length === 0) return { status: 'skipped', message: 'the client POSTed no request' };
  for (const r of posts) {
    const body = r.body as { method: string; params?: Record<string, unknown> };
    const meta = isObject(body.params?._meta) ? body.params._meta : {};
    const expected: [string, string | undefined][] = [
      ['mcp-protocol-version', typeof meta[META.protocolVersion] === 'string' ? (meta[META.protocolVersion] as string) : undefined],
      ['mcp-method', body.method],
    ];
    const key = NAMED[body.method];
    if (key && typeof body.params?.[key] === 'string') expected.push(['mcp-name', body.params[key] as string]);
    for (const [header, want] of expected) {
      const got = r.headers[header];
      if (want !== undefined && (got === undefined || (header === 'mcp-name' ? decodeSentinel(got) : got) !== want)) {
        return {
          status: 'failed',
          message: `a request's ${header} header does not mirror its body`,
          expected: `${header}: ${want}`,
          actual: show(r, header),
          evidence: [r.seq],
        };
      }
    }
  }
  return { status: 'passed', message: `all ${posts.length} requests carried MCP-Protocol-Version, Mcp-Method and Mcp-Name as their bodies say` };
}

/** After a 404 for a session the server ended, the client opens a new session with initialize and no session id. */
function reinitialize(facts: HttpFacts): HttpVerdict {
  const ended = new Set(facts.endedSessions.map((e) => e.id));
  const refused = facts.requests.find((r) => r.status === 404 && ended.has(r.headers['mcp-session-id'] ?? ''));
  if (!refused) return { status: 'skipped', message: 'the client sent no request after its session ended, so it never met the 404' };
  const fresh = facts.requests.find((r) => r.seq > refused.seq && isInitialize(r) && r.headers['mcp-session-id'] === undefined);
  if (fresh) return { status: 'passed', message: 'after the 404 the client started a new session with initialize', evidence: [refused.seq, fresh.seq] };
  const after = facts.requests.filter((r) => r.seq > refused.seq);
  return {
    status: 'failed',
    message: 'after its session ended (404) the client never sent a new initialize without a session id',
    expected: 'POST initialize without Mcp-Session-Id',
    actual:
      after.length === 0
        ? 'no further request'
        : after
            .map((r) => show(r, 'mcp-session-id'))
            .join('; ')
            .slice(0, 300),
    evidence: [refused.seq],
  };
}

/** The GET that resumes the first dropped stream, if any. */
function resumption(facts: HttpFacts): { drop?: HttpFacts['drops'][number]; get?: HttpRequestRecord } {
  const drop = facts.drops[0];
  if (!drop) return {};
  const get = facts.requests.find((r) => r.seq > drop.seq && r.method === 'GET' && r.headers['last-event-id'] === drop.lastEventId);
  return { drop, ...(get ? { get } : {}) };
}

function resume(facts: HttpFacts): HttpVerdict {
  const { drop, get } = resumption(facts);
  if (!drop) return { status: 'skipped', message: 'the mock dropped no stream: the client did not make the call that drops it' };
  if (get) return { status: 'passed', message: `the client resumed with GET and Last-Event-ID ${drop.lastEventId}`, evidence: [drop.seq, get.seq] };
  const gets = facts.requests.filter((r) => r.seq > drop.seq && r.method === 'GET');
  return {
    status: 'failed',
    message: 'the client did not resume the dropped stream with GET and the Last-Event-ID it had received',
    expected: `GET with last-event-id: ${drop.lastEventId}`,
    actual:
      gets.length === 0
        ? 'no GET after the drop'
        : gets
            .map((r) => show(r, 'last-event-id'))
            .join('; ')
            .slice(0, 300),
    evidence: [drop.seq],
  };
}

function retry(facts: HttpFacts): HttpVerdict {
  const { drop, get } = resumption(facts);
  if (!drop || drop.retryMs === undefined) return { status: 'skipped', message: 'the mock sent no retry field' };
  if (!get) return { status: 'skipped', message: 'the client did not resume the stream, so its wait cannot be judged' };
  const waited = get.t - drop.t;
  if (waited >= drop.retryMs)
    return { status: 'passed', message: `the client waited ${waited} ms (retry: ${drop.retryMs}) before resuming`, evidence: [drop.seq, get.seq] };
  return {
    status: 'failed',
    message: 'the client resumed sooner than the retry field allowed',
    expected: `≥ ${drop.retryMs} ms after the stream was closed`,
    actual: `${waited} ms`,
    evidence: [drop.seq, get.seq],
  };
}
