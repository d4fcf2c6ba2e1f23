// Example: test a mock server built in this process, with no process and no socket: useful to check
// that the handlers you wrote for your own tests behave like a conformant server.
import { runConformance } from 'mcp-conform';
import { createMockServer, mcp } from 'mcp-conform/mocks';

const server = createMockServer({
  serverInfo: { name: 'weather', version: '1.0.0' },
  capabilities: { tools: {} },
  handlers: [mcp.request('tools/list', () => ({ tools: [{ name: 'forecast', inputSchema: { type: 'object' } }] }))],
});

const { result, exitCode } = await runConformance({ target: { server }, scenarios: ['lifecycle/', 'tools/'] });
for (const cell of result.scenarios.filter((s) => s.status === 'failed')) console.log(`${cell.id} @ ${cell.revision}: ${cell.repro}`);
process.exitCode = exitCode;
