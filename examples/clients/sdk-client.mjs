#!/usr/bin/env node
// An MCP client built on the TypeScript SDK 1.x, ready for client mode:
//   npx mcp-conform --client "node examples/clients/sdk-client.mjs {command}"
// `{command}` becomes the words of the server command to spawn; with {url} instead, the client
// connects over Streamable HTTP. The scenario under test is in
// MCP_CONFORM_SCENARIO; this client needs no special case: every client scenario asks it to
// connect, list the tools (every page), call each one with its properties' defaults (giving up after a second), and disconnect.
// Over HTTP it can authorize (OAuth, client/auth-* scenarios) without a browser: the SDK's OAuth
// client does discovery, registration, PKCE and the token exchange; the provider below "opens" the
// authorization URL by fetching it and reads the code from the redirect's Location. Configured as a
// machine client (OAuth Client Credentials extension), it uses the SDK's ClientCredentialsProvider or
// PrivateKeyJwtProvider instead. SDK 1.x has no provider for the Enterprise-Managed Authorization
// extension (ID-JAG), so configured as an enterprise-managed client it tries the authorization code
// flow and client/auth-enterprise-managed skips it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { connectWithOAuth, machineClientProvider } from './headless-oauth.mjs';
import { settleSends, trackSends } from './settle-sends.mjs';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: sdk-client.mjs <server command...> | <url>\n');
  process.exit(2);
}
const scenario = process.env.MCP_CONFORM_SCENARIO ?? '(none)';
// It declares sampling, roots and elicitation and serves them with canned answers, as a host
// application would with a model, its workspace and its user.
const client = new Client({ name: 'sdk-example-client', version: '1.0.0' }, { capabilities: { sampling: {}, roots: {}, elicitation: {} } });
client.setRequestHandler(CreateMessageRequestSchema, async () => ({
  role: 'assistant',
  content: { type: 'text', text: 'Hello.' },
  model: 'example-model',
  stopReason: 'endTurn',
}));
client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///workspace/example', name: 'example' }] }));
client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { city: 'Oslo' } }));

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
      (provider) => provider.code,
      machineClientProvider({ ClientCredentialsProvider, PrivateKeyJwtProvider }),
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
      await withStepUp(() => client.callTool({ name: tool.name, arguments: defaultArguments(tool) }, undefined, { timeout: 1000 }));
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
