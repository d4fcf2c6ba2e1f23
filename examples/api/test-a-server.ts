// Example: gate a CI job on the conformance of your stdio server, from a script instead of the CLI.
// Run it with `npx tsx examples/api/test-a-server.ts` after building your server.
import { runConformance } from 'mcp-conform';

const { result, exitCode } = await runConformance({
  target: { command: 'node build/server.js' },
  revisions: ['2025-06-18', '2025-11-25'],
  exclude: ['tasks/'],
  reporters: [{ format: 'console' }, { format: 'junit', path: 'reports/mcp-conformance.xml' }],
});

const { passed, failed, warnings, errored } = result.summary;
console.log(`mcp-conform: ${passed} passed, ${failed} failed, ${warnings} warnings, ${errored} errored`);
process.exitCode = exitCode;
