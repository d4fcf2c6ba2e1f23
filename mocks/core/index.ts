// Public surface of the mock server core: create a server, describe handlers and replies, observe
// connections, intercept messages and read the recording. Adapters and the reference server build on it.
export { createMockServer } from './mock-server.js';
export type {
  MockServer,
  MockServerOptions,
  MockLogger,
  InterceptHooks,
  InterceptInfo,
  OutgoingInterceptInfo,
  UnhandledRequest,
  UnhandledStrategy,
  TransportDirective,
  ConnectOptions,
} from './mock-server.js';
export type { ServerConnection, ConnectionState, HandshakePhase, ListenStream } from './connection.js';
export { mcp } from './handlers.js';
export type {
  Handler,
  HandlerOptions,
  RequestHandler,
  NotificationHandler,
  RequestMatcher,
  NotificationMatcher,
  Resolver,
  NotificationListener,
} from './handlers.js';
export { reply, Reply, ProtocolError, RequestAbortedError } from './reply.js';
export { checkParamHeaders } from './param-headers.js';
export type { ReplyValue } from './reply.js';
export { ClientRequestError } from './request-context.js';
export type { RequestContext, NotificationContext, ClientRequestOptions } from './request-context.js';
export type { Recorder, RecordedMessage, RecordedExchange } from './recorder.js';
export { LOGGING_LEVELS } from './log-levels.js';
export type { LoggingLevel } from './log-levels.js';
export type { CacheHints } from './stateless-meta.js';
export { pagedList } from './pagination.js';
export { askClient, toolError } from './client-input.js';
export type { ClientInputMethod } from './client-input.js';
export { TASKS_EXTENSION, declaresTasksExtension, missingTasksExtension } from './tasks-extension.js';
