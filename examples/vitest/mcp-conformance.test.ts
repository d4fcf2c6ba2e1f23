// Example for SDK authors: conformance cells of your server and client as vitest tests. Copy it to
// your test folder; each cell becomes a test named `scenario @ revision [transport]`.
import { describeClientConformance, describeConformance } from 'mcp-conform/vitest';

// Your stdio server, at the revisions your SDK supports; failures you accept for now go in the baseline.
await describeConformance('stdio server', {
  target: { command: 'node build/examples/server.js' },
  revisions: ['2025-06-18', '2025-11-25'],
  baseline: 'test/mcp-conform-baseline.yaml',
});

// Your HTTP server, started on a free port given in $PORT and stopped afterwards.
await describeConformance('HTTP server', {
  target: { command: 'node build/examples/http-server.js', portEnv: 'PORT' },
  areas: ['lifecycle', 'tools', 'http'],
});

// Your client, pointed at the scripted mock servers through `{command}`.
await describeClientConformance('client', { command: 'node build/examples/client.js {command}' });
