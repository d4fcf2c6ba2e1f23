#!/usr/bin/env node
// An MCP client built on the TypeScript SDK 2.x (@modelcontextprotocol/client, which also speaks 2026-07-28), ready for client mode:
//   npx mcp-conform --client "node examples/clients/sdk2-client.mjs {command}"
// `{command}` becomes the words of the server command to spawn; with {url} instead, the client
// connects over Streamable HTTP. The scenario under test is in
// MCP_CONFORM_SCENARIO; this client needs no special case: every client scenario asks it to
// connect (probing for 2026-07-28 with server/discover first), list the tools (every page), call each one with its properties' defaults (giving up after a second), and disconnect.
// Over HTTP it authorizes (OAuth, client/auth-* scenarios) headlessly, with headless-oauth.mjs; configured as
// a machine client (OAuth Client Credentials extension) with the SDK's ClientCredentialsProvider or PrivateKeyJwtProvider,
// as an enterprise-managed client (Enterprise-Managed Authorization extension) with its CrossAppAccessProvider.
import {
  Client,
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { connectWithOAuth, enterpriseClientProvider, machineClientExtensions, machineClientProvider } from './headless-oauth.mjs';
import { settleSends, trackSends } from './settle-sends.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: sdk2-client.mjs <server command...> | <url>\n');
  process.exit(2);
}
const scenario = process.env.MCP_CONFORM_SCENARIO ?? '(none)';
// It declares sampling, roots and elicitation and serves them with canned answers, as a host
// application would with a model, its workspace and its user (at 2026-07-28 the SDK fulfils
// input_required results with the same handlers and retries).
const client = new Client(
  { name: 'sdk2-example-client', version: '1.0.0' },
  {
    capabilities: { sampling: {}, roots: {}, elicitation: { form: {} }, ...(machineClientExtensions ? { extensions: machineClientExtensions } : {}) },
    versionNegotiation: { mode: 'auto' },
  },
);
client.setRequestHandler('sampling/createMessage', async () => ({
  role: 'assistant',
  content: { type: 'text', text: 'Hello.' },
  model: 'example-model',
  stopReason: 'endTurn',
}));
client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///workspace/example', name: 'example' }] }));
client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { city: 'Oslo' } }));

// Every HTTP transport made (the SDK may wrap the one it is given, so client.transport is not enough).
const opened = [];
try {
  const overHttp = /^https?:\/\//.test(command);
  const overHttpTransport = (authProvider) => trackSends(new StreamableHTTPClientTransport(new URL(command), { authProvider }), opened);
  let withStepUp = (operation) => operation();
  if (overHttp)
    withStepUp = await connectWithOAuth(
      client,
      overHttpTransport,
      UnauthorizedError,
      (provider) => provider.callback,
      machineClientProvider({ ClientCredentialsProvider, PrivateKeyJwtProvider }) ??
        enterpriseClientProvider({ CrossAppAccessProvider, requestJwtAuthorizationGrant }),
    );
  else await client.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }));
  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  for (const tool of tools) {
    try {
      await withStepUp(() => client.callTool({ name: tool.name, arguments: defaultArguments(tool) }, { timeout: 1000 }));
    } catch (err) {
      process.stderr.write(`[${scenario}] ${tool.name}: ${err.message}\n`);
    }
  }
} catch (err) {
  process.stderr.write(`[${scenario}] ${err.message}\n`);
} finally {
  // A cancellation of a timed-out call may still be in flight: let it go out before closing.
  await Promise.all(opened.map((transport) => settleSends(transport)));
  await client.close();
}

/** The arguments each tool is called with: the `default` of every property of its inputSchema that declares one. */
function defaultArguments(tool) {
  const out = {};
  for (const [key, property] of Object.entries(tool.inputSchema?.properties ?? {}))
    if (property && Object.hasOwn(property, 'default')) out[key] = property.default;
  return out;
}
