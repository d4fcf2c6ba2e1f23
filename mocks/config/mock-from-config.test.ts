import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fromRoot } from '../../schema/package-root.js';
import { REVISIONS } from '../../schema/revisions.js';
import { converse } from '../reference/test-conversation.js';
import { createMockFromConfig } from './create-mock-from-config.js';
import { parseMockConfig } from './load-mock-config.js';

const EXAMPLE = fromRoot('examples', 'weather.mock.yaml');
const example = () => parseMockConfig(readFileSync(EXAMPLE, 'utf8'), { file: EXAMPLE });

describe('mock server from a file', () => {
  it.each(REVISIONS)('serves the example at %s with schema-valid messages', async (revision) => {
    const c = await converse(createMockFromConfig(example(), { record: false }), revision);
    try {
      const tools = await c.result('tools/list', {});
      expect((tools.tools as { name: string }[]).map((t) => t.name)).toEqual(['forecast', 'stall']);
      const paris = await c.result('tools/call', { name: 'forecast', arguments: { city: 'Paris' } });
      expect(paris.content).toEqual([{ type: 'text', text: '{"city":"Paris","sky":"clear"}' }]);
      if (revision >= '2025-06-18') expect(paris.structuredContent).toEqual({ city: 'Paris', sky: 'clear' });
      else expect(paris).not.toHaveProperty('structuredContent');
      const atlantis = await c.result('tools/call', { name: 'forecast', arguments: { city: 'Atlantis' } });
      expect(atlantis).toMatchObject({ isError: true, content: [{ type: 'text', text: 'No forecast for Atlantis.' }] });
      expect(await c.error('tools/call', { name: 'forecast', arguments: { city: 'Nowhere' } })).toMatchObject({ code: -32602, message: 'Unknown city' });
      const today = await c.result('resources/read', { uri: 'weather://Porto/today' });
      expect(today.contents).toEqual([{ uri: 'weather://Porto/today', mimeType: 'text/plain', text: 'Today in Porto: clear.' }]);
      const missing = await c.error('resources/read', { uri: 'file:///nope' });
      expect(missing.code).toBe(revision === '2026-07-28' ? -32602 : -32002);
      const prompt = await c.result('prompts/get', { name: 'plan-trip', arguments: { city: 'Prague' } });
      expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Plan a day in Prague given the forecast.' } }]);
      expect((await c.error('prompts/get', { name: 'plan-trip' })).code).toBe(-32602);
      const done = await c.result('completion/complete', { ref: { type: 'ref/prompt', name: 'plan-trip' }, argument: { name: 'city', value: 'Pr' } });
      expect(done.completion).toEqual({ values: ['Prague'], total: 1, hasMore: false });
      expect(c.problems()).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('sends progress before the answer only when the request asked for it', async () => {
    const c = await converse(createMockFromConfig(example(), { record: false }), '2025-06-18');
    try {
      await c.result('tools/call', { name: 'forecast', arguments: { city: 'Oslo' } });
      expect(c.notifications('notifications/progress')).toEqual([]);
      await c.result('tools/call', { name: 'forecast', arguments: { city: 'Oslo' }, _meta: { progressToken: 'p1' } });
      expect(c.notifications('notifications/progress').map((n) => (n.params as { progress: number }).progress)).toEqual([0.5, 1]);
    } finally {
      await c.close();
    }
  });

  it('pages lists when the file sets pageSize, with cursors the server checks', async () => {
    const config = { ...example(), pageSize: 1 };
    const c = await converse(createMockFromConfig(config, { record: false }), '2025-11-25');
    try {
      const first = await c.result('tools/list', {});
      expect((first.tools as unknown[]).length).toBe(1);
      const second = await c.result('tools/list', { cursor: first.nextCursor });
      expect(second).toMatchObject({ tools: [{ name: 'stall' }] });
      expect(second).not.toHaveProperty('nextCursor');
      expect((await c.error('tools/list', { cursor: 'bogus' })).code).toBe(-32602);
    } finally {
      await c.close();
    }
  });

  it('declares only the capabilities the file uses, unless the file names them', async () => {
    const bare = createMockFromConfig({ serverInfo: { name: 'bare', version: '1' }, tools: [{ name: 't', text: 'hi' }] }, { record: false });
    expect(bare.capabilitiesFor('2025-06-18')).toEqual({ tools: {} });
    const c = await converse(bare, '2025-06-18');
    try {
      expect((await c.error('prompts/list', {})).code).toBe(-32601);
    } finally {
      await c.close();
    }
    const named = createMockFromConfig({ serverInfo: { name: 'n', version: '1' }, capabilities: { tools: { listChanged: true } } }, { record: false });
    expect(named.capabilitiesFor('2025-06-18')).toEqual({ tools: { listChanged: true } });
  });

  it('a tool with cases only refuses arguments no case matches', async () => {
    const c = await converse(
      createMockFromConfig(
        { serverInfo: { name: 'c', version: '1' }, tools: [{ name: 'pick', cases: [{ match: { n: 1 }, text: 'one' }] }] },
        { record: false },
      ),
      '2025-03-26',
    );
    try {
      expect(await c.result('tools/call', { name: 'pick', arguments: { n: 1, extra: true } })).toMatchObject({ content: [{ text: 'one' }] });
      expect(await c.error('tools/call', { name: 'pick', arguments: { n: 2 } })).toMatchObject({ code: -32602 });
    } finally {
      await c.close();
    }
  });
});

describe('mock file validation', () => {
  it('names file, line and fix for each problem, all at once', () => {
    const text = [
      'serverInfo: { name: x, version: "1" }',
      'tools:',
      '  - name: a',
      '    txt: hello',
      '  - name: a',
      '    text: again',
      'prompts:',
      '  - name: p',
    ].join('\n');
    let message = '';
    try {
      parseMockConfig(text, { file: 'bad.mock.yaml' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Failed to read the mock file bad\.mock\.yaml: \d+ problems? in 1 file/);
    expect(message).toMatch(/bad\.mock\.yaml:4:\d+ .*txt/);
    expect(message).toMatch(/bad\.mock\.yaml:8:\d+ .*messages/);
  });

  it('rejects a duplicate tool name with the line of the second one', () => {
    const text = ['serverInfo: { name: x, version: "1" }', 'tools:', '  - { name: a, text: one }', '  - { name: a, text: two }'].join('\n');
    expect(() => parseMockConfig(text, { file: 'dup.yaml' })).toThrow(/dup\.yaml:4:\d+ The tool "a" is defined twice/);
  });

  it('reports YAML syntax errors with their position', () => {
    expect(() => parseMockConfig('serverInfo: { name: x\n', { file: 'syntax.yaml' })).toThrow(/syntax\.yaml:\d+:\d+ Invalid YAML/);
  });
});

describe('tool input validation', () => {
  const config = () => ({
    serverInfo: { name: 'v', version: '1' },
    tools: [{ name: 'sq', inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }, text: 'ok' }],
  });

  it('refuses arguments that break the inputSchema with -32602 before 2025-11-25', async () => {
    const c = await converse(createMockFromConfig(config(), { record: false }), '2025-06-18');
    try {
      expect(await c.error('tools/call', { name: 'sq', arguments: { n: 'two' } })).toMatchObject({ code: -32602, message: expect.stringContaining('/n') });
    } finally {
      await c.close();
    }
  });

  it('reports them as a tool execution error (isError) from 2025-11-25', async () => {
    const c = await converse(createMockFromConfig(config(), { record: false }), '2025-11-25');
    try {
      expect(await c.result('tools/call', { name: 'sq', arguments: {} })).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: expect.stringContaining('Invalid arguments') }],
      });
    } finally {
      await c.close();
    }
  });
});
