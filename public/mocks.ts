/**
 * `mcp-conform/mocks`: the mock kit. A mock MCP server built from handlers or from a YAML/JSON file,
 * served over stdio, Streamable HTTP on 127.0.0.1, in memory, to an SDK client, or as a fetch
 * handler; a mock client; mock OAuth; and the bundled reference server.
 *
 * A curated barrel: every name is public API (see public/api-report.md). Helpers the kit uses
 * inside (pagination, OAuth paths, PKCE checks, capability lookups) are deliberately not here.
 *
 * @module
 */
// The mock server core.
export { createMockServer, mcp, reply, ProtocolError, RequestAbortedError, ClientRequestError } from '../mocks/core/index.js';
export type {
  CacheHints,
  ClientRequestOptions,
  ConnectOptions,
  ConnectionState,
  Handler,
  HandlerOptions,
  HandshakePhase,
  InterceptHooks,
  InterceptInfo,
  ListenStream,
  LoggingLevel,
  MockLogger,
  MockServer,
  MockServerOptions,
  NotificationContext,
  NotificationHandler,
  NotificationListener,
  NotificationMatcher,
  OutgoingInterceptInfo,
  RecordedExchange,
  RecordedMessage,
  Recorder,
  Reply,
  ReplyValue,
  RequestContext,
  RequestHandler,
  RequestMatcher,
  Resolver,
  ServerConnection,
  TransportDirective,
  UnhandledRequest,
  UnhandledStrategy,
} from '../mocks/core/index.js';
// Adapters: one binding of the core per transport.
export { connectSdkTransport, createInMemoryTransport, createMcpFetchHandler, serveStdio, serveStreamableHttp } from '../mocks/adapters/index.js';
export type {
  FetchHandlerObserver,
  FetchHandlerOptions,
  HttpObserver,
  InMemoryTransport,
  InMemoryTransportOptions,
  McpFetchHandler,
  SdkTransportBridge,
  SdkTransportEnd,
  StdioServerHandle,
  StdioServerOptions,
  StreamableHttpServerHandle,
  StreamableHttpServerOptions,
} from '../mocks/adapters/index.js';
// A mock server from a file.
export { createMockFromConfig, loadMockConfig, parseMockConfig, MockConfigError } from '../mocks/config/index.js';
export type {
  MockBehaviour,
  MockCompletion,
  MockConfig,
  MockFromConfigOptions,
  MockPrompt,
  MockResource,
  MockResourceTemplate,
  MockTool,
  MockToolCase,
  ParseMockConfigOptions,
} from '../mocks/config/index.js';
// The mock client and the reference server.
export { MockClient, MockClientError, type MockClientOptions, type RequestOptions } from '../mocks/client/index.js';
export { createReferenceServer, type ReferenceServerOptions } from '../mocks/reference/index.js';
// Mock OAuth in front of a mock MCP endpoint.
export { serveAuthorization } from '../mocks/auth/index.js';
export type {
  AuthRequestListener,
  AuthRequestRecord,
  AuthSetup,
  AuthorizationHandle,
  AuthorizationOptions,
  IssuedToken,
  MockAuthorizationServer,
  MockIdentityProvider,
} from '../mocks/auth/index.js';
// The protocol types handlers and recordings are written in.
export type {
  JsonRpcErrorResponse,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcResultResponse,
  RequestId,
} from '../wire/protocol/index.js';
export type { Revision } from '../schema/revisions.js';
