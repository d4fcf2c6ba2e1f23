// Example: test your MCP client. `{command}` is where your client takes the command of the stdio
// server it should spawn; mcp-conform puts a scripted mock server there for every scenario.
import { runClientConformance } from 'mcp-conform';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());

const { result, exitCode } = await runClientConformance({
  command: 'node build/client.js {command}',
  revisions: ['2025-11-25'],
  reporters: [{ format: 'console' }],
  signal: controller.signal,
});
console.log(`${result.summary.scenarios} client cells, end: ${result.endReason}`);
process.exitCode = exitCode;
