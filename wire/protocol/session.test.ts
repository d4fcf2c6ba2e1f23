import { describe, expect, it } from 'vitest';
import { Session } from './session.js';
import type { CloseReport, Transport, TransportEvent } from './transport.js';

/** A scripted peer: `reply` decides what the "server" sends back for each message we send. */
class ScriptedTransport implements Transport {
  readonly kind = 'in-memory' as const;
  readonly description = 'scripted';
  sent: string[] = [];
  private listener: ((e: TransportEvent) => void) | undefined;
  constructor(private readonly reply: (msg: Record<string, unknown>, t: ScriptedTransport) => void) {}
  async start(): Promise<void> {}
  async send(text: string): Promise<void> {
    this.sent.push(text);
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return; // a raw line the test sent on purpose; the test scripts the answer itself
    }
    queueMicrotask(() => this.reply(parsed, this));
  }
  emit(e: TransportEvent): void {
    this.listener?.(e);
  }
  push(message: unknown): void {
    this.emit({ kind: 'message', message, text: JSON.stringify(message) });
  }
  onEvent(l: (e: TransportEvent) => void): void {
    this.listener = l;
  }
  async close(): Promise<CloseReport> {
    return { exitedGracefully: true, escalation: 'none', ms: 0 };
  }
}

describe('Session', () => {
  it('correlates responses by exact id and keeps "1" apart from 1', async () => {
    const t = new ScriptedTransport((m, tr) => {
      if (m.method === 'a') tr.push({ jsonrpc: '2.0', id: String(m.id), result: {} });
    });
    const s = new Session(t);
    const entry = await s.request('a', {});
    expect(await s.response(entry, 50)).toBeUndefined();
    expect(s.anomalies).toEqual([expect.objectContaining({ kind: 'unknown-id' })]);
  });

  it('matches an error response without an id to a raw line whose answer is expected with a null id', async () => {
    const t = new ScriptedTransport(() => undefined);
    const s = new Session(t);
    const entry = await s.sendRaw('{"jsonrpc": "2.0", "id": 1, "method": "ping"', { raw: true, responseId: null });
    t.push({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } });
    expect(entry).toBeDefined();
    expect(await s.response(entry!, 1000)).toMatchObject({ error: { code: -32700 } });
    expect(s.anomalies).toEqual([]);
  });

  it('records duplicate responses and keeps the first', async () => {
    const t = new ScriptedTransport((m, tr) => {
      tr.push({ jsonrpc: '2.0', id: m.id, result: { n: 1 } });
      tr.push({ jsonrpc: '2.0', id: m.id, result: { n: 2 } });
    });
    const s = new Session(t);
    const entry = await s.request('x', {});
    const r = await s.response(entry, 1000);
    await s.waitUntil(() => s.anomalies.length > 0, 1000);
    expect(r).toMatchObject({ result: { n: 1 } });
    expect(s.anomalies.map((a) => a.kind)).toEqual(['duplicate-response']);
  });

  it('answers server pings and scripted requests, and -32601 for anything else', async () => {
    const t = new ScriptedTransport(() => undefined);
    const s = new Session(t, { replies: { 'roots/list': { result: { roots: [] } } } });
    t.push({ jsonrpc: '2.0', id: 's1', method: 'ping' });
    t.push({ jsonrpc: '2.0', id: 's2', method: 'roots/list' });
    t.push({ jsonrpc: '2.0', id: 's3', method: 'sampling/createMessage', params: {} });
    await s.waitUntil(() => t.sent.length === 3, 1000);
    const replies = t.sent.map((x) => JSON.parse(x));
    expect(replies).toEqual([
      { jsonrpc: '2.0', id: 's1', result: {} },
      { jsonrpc: '2.0', id: 's2', result: { roots: [] } },
      expect.objectContaining({ id: 's3', error: expect.objectContaining({ code: -32601 }) }),
    ]);
  });

  it('flags invalid messages, non-JSON lines and result-plus-error responses', async () => {
    const t = new ScriptedTransport(() => undefined);
    const s = new Session(t);
    t.emit({ kind: 'non-json', text: 'hello', reason: 'not JSON' });
    t.push({ jsonrpc: '1.0', id: 1, result: {} });
    t.push({ jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } });
    expect(s.anomalies.map((a) => a.kind)).toEqual(['non-json', 'invalid-message', 'invalid-message']);
    expect(s.anomalies[2]!.detail).toMatch(/both "result" and "error"/);
  });

  it('ends waits at once when the target closes', async () => {
    const t = new ScriptedTransport(() => undefined);
    const s = new Session(t);
    const entry = await s.request('slow', {});
    const started = Date.now();
    setTimeout(() => t.emit({ kind: 'closed', reason: 'the target exited (code 1)', exitCode: 1 }), 10);
    expect(await s.response(entry, 5000)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(s.closed?.reason).toMatch(/exited/);
  });

  it('bounds the transcript so a flooding target cannot exhaust memory: the first and last entries, and a note of the cut', () => {
    const t = new ScriptedTransport(() => undefined);
    const s = new Session(t, { maxTranscriptEntries: 10, maxEntryChars: 20 });
    for (let i = 0; i < 50; i++) t.push({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x'.repeat(100) } });
    const kept = s.transcript;
    expect(kept).toHaveLength(11);
    expect(s.dropped).toBe(40);
    expect(kept.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 46, 47, 48, 49, 50]);
    expect(kept[0]!.text).toMatch(/more characters\]$/);
    expect(kept[5]).toMatchObject({
      dir: 'note',
      text: expect.stringMatching(/^… 40 entries \(6\.7 KiB\) cut here: a cell's transcript keeps its first and last/),
    });
  });

  it('keeps counting but stops keeping notifications past its budget, and says so once', () => {
    const t = new ScriptedTransport(() => undefined);
    const s = new Session(t, { maxRetainedChars: 1000 });
    for (let i = 0; i < 50; i++) t.push({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x'.repeat(100) } });
    expect(s.notifications.length).toBeLessThan(10);
    expect(s.unretained).toBeGreaterThan(40);
    expect(s.transcript.filter((e) => e.dir === 'note' && /later notifications are counted, not kept/.test(e.text))).toHaveLength(1);
  });
});

describe('Session.discardHistory', () => {
  it('forgets the record and answered requests but keeps correlating pending ones', async () => {
    const t = new ScriptedTransport((m, tr) => {
      if (m.method === 'now') tr.push({ jsonrpc: '2.0', id: m.id, result: {} });
    });
    const s = new Session(t);
    const answered = await s.request('now', undefined);
    await s.response(answered, 1000);
    const later = await s.request('later', undefined);
    s.discardHistory();
    expect([s.transcript.length, s.inbound.length, s.outbound.length, s.anomalies.length]).toEqual([0, 0, 0, 0]);
    t.push({ jsonrpc: '2.0', id: later.id, result: { ok: true } });
    expect(await s.response(later, 1000)).toMatchObject({ result: { ok: true } });
    // The forgotten request's id is no longer known: a late repeat is reported, not silently matched.
    t.push({ jsonrpc: '2.0', id: answered.id, result: {} });
    expect(s.anomalies.map((a) => a.kind)).toEqual(['unknown-id']);
  });
});

describe('Session.sendBytes', () => {
  it('refuses transports that carry text only, so hex never reaches a server as text', async () => {
    const t = new ScriptedTransport(() => undefined);
    const s = new Session(t);
    await expect(s.sendBytes('c0af0a')).rejects.toThrow(/stdio/);
    expect(t.sent).toEqual([]);
  });

  it('expects a parse error with a null id when responseId is null, instead of calling it stray', async () => {
    const sent: { text: string; hex?: boolean }[] = [];
    const t = new ScriptedTransport(() => undefined);
    // Poses as stdio: what matters here is the session's bookkeeping, not the bytes on a pipe.
    const stdio = Object.assign(t, {
      kind: 'stdio' as const,
      send: async (text: string, o?: { hex?: boolean }) => void sent.push({ text, ...(o?.hex ? { hex: true } : {}) }),
    }) as unknown as Transport;
    const s = new Session(stdio);
    await s.sendBytes('c0af0a', { responseId: null });
    t.push({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect(sent).toEqual([{ text: 'c0af0a', hex: true }]);
    expect(s.anomalies).toEqual([]);
    expect(s.transcript.at(0)?.text).toBe('(bytes) c0af0a');
  });
});

describe('Session transcript of HTTP exchanges', () => {
  it('names the Origin and Last-Event-ID a request carried, which the checks judge its answer by', () => {
    const t = new ScriptedTransport(() => {});
    const session = new Session(t);
    const exchange = (requestHeaders: Record<string, string>) => ({
      method: 'POST' as const,
      url: '/mcp',
      streamId: 'post-1',
      requestHeaders,
      status: 403,
      responseHeaders: {},
    });
    t.emit({ kind: 'http', exchange: exchange({ origin: 'http://elsewhere.invalid', 'last-event-id': '7' }) });
    t.emit({ kind: 'http', exchange: exchange({ accept: 'application/json' }) });
    const lines = session.transcript.map((e) => e.text);
    expect(lines[0]).toBe('HTTP POST /mcp → 403 [post-1, origin: http://elsewhere.invalid, last-event-id: 7]');
    expect(lines[1]).toBe('HTTP POST /mcp → 403 [post-1]');
  });
});
