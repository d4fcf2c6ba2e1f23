// A real client (the TypeScript SDK 1.x from npm) talks to `mcp-conform mock --config` over stdio:
// the mock kit is only useful downstream if real clients accept what it serves.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const EXAMPLE = join(ROOT, 'examples', 'weather.mock.yaml');

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function connect(): Promise<Client> {
  client = new Client({ name: 'sdk-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mock', '--config', EXAMPLE], stderr: 'pipe' }));
  return client;
}

describe('SDK 1.x client against mcp-conform mock', () => {
  it('negotiates, lists and calls tools, with structured output the SDK validates', async () => {
    const c = await connect();
    expect(c.getServerVersion()).toMatchObject({ name: 'weather-mock', version: '1.0.0' });
    expect(c.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name)).toEqual(['forecast', 'stall']);
    const result = await c.callTool({ name: 'forecast', arguments: { city: 'Lisbon' } });
    expect(result.structuredContent).toEqual({ city: 'Lisbon', sky: 'clear' });
    const failed = await c.callTool({ name: 'forecast', arguments: { city: 'Atlantis' } });
    expect(failed.isError).toBe(true);
  }, 30_000);

  it('reads resources and templates, gets prompts and completions', async () => {
    const c = await connect();
    const read = await c.readResource({ uri: 'weather://Oslo/today' });
    expect(read.contents[0]).toMatchObject({ text: 'Today in Oslo: clear.' });
    const prompt = await c.getPrompt({ name: 'plan-trip', arguments: { city: 'Porto' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Plan a day in Porto given the forecast.' });
    const done = await c.complete({ ref: { type: 'ref/prompt', name: 'plan-trip' }, argument: { name: 'city', value: 'P' } });
    expect(done.completion.values).toEqual(['Paris', 'Pamplona', 'Porto', 'Prague']);
  }, 30_000);

  it('a hung tool times out at the client, which cancels it, and the mock stays responsive', async () => {
    const c = await connect();
    await expect(c.callTool({ name: 'stall', arguments: {} }, undefined, { timeout: 300 })).rejects.toThrow(/timed out/i);
    // Still alive and answering after the cancelled call.
    expect(await c.ping()).toEqual({});
  }, 30_000);
});
