// The bundled reference server: a complete, correct MCP server for every revision, built from the
// mock core plus handlers for tools, resources, prompts and completion. `npm start` tests it.
import { compareRevisions, isStateless, type Revision } from '../../schema/revisions.js';
import {
  checkParamHeaders,
  createMockServer,
  declaresTasksExtension,
  mcp,
  missingTasksExtension,
  pagedList,
  ProtocolError,
  TASKS_EXTENSION,
  type Handler,
  type MockLogger,
  type MockServer,
  type RequestContext,
  type UnhandledStrategy,
} from '../core/index.js';
import { complete } from './completion.js';
import { validateArguments } from './input-validation.js';
import { packageVersion } from './package-version.js';

import { getPrompt, promptDefinition, PROMPTS } from './prompts.js';
import { readResource, resourceDefinition, RESOURCES, templateDefinition, TEMPLATES, type ReferenceState } from './resources.js';
import { ExtensionTaskStore } from './extension-tasks.js';
import { TaskStore } from './tasks.js';
import { toolDefinition, toolsFor } from './tools.js';

export const REFERENCE_SERVER_NAME = 'mcp-conform-reference';

export interface ReferenceServerOptions {
  /** Revisions to speak (default: all), e.g. to emulate a server that only knows older ones. */
  revisions?: Revision[];
  /** Items per page of every list (default 5). */
  pageSize?: number;
  /** serverInfo.version (default: the mcp-conform package version). */
  version?: string;
  /** Bound on waiting for the client's answer to sampling, elicitation and roots requests (default 10000 ms). */
  clientRequestTimeoutMs?: number;
  /** Record every message (default true; the stdio entry turns it off). */
  record?: boolean;
  /** Unknown methods are routine in conformance testing, so they are not reported by default. */
  onUnhandledRequest?: UnhandledStrategy;
  logger?: MockLogger;
}

const LIST_CACHE = { ttlMs: 300_000, cacheScope: 'public' } as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Capabilities are honest: nothing is declared that the server does not do. */
function capabilities(revision: Revision): Record<string, unknown> {
  return {
    // The lists never change, so no list_changed notifications are promised.
    tools: { listChanged: false },
    resources: { subscribe: true, listChanged: false },
    prompts: { listChanged: false },
    logging: {},
    ...(compareRevisions(revision, '2025-03-26') >= 0 ? { completions: {} } : {}),
    // Tasks exist in 2025-11-25 only; 2026-07-28 removed them.
    ...(revision === '2025-11-25' ? { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } : {}),
    // From 2026-07-28 tasks are the official extension, offered through capabilities.extensions.
    ...(isStateless(revision) ? { extensions: { [TASKS_EXTENSION]: {} } } : {}),
  };
}

/** The context with other params (a task's next round): everything else is the request's own. */
function withParams(ctx: RequestContext, params: Record<string, unknown>): RequestContext {
  return new Proxy(ctx, { get: (target, key) => (key === 'params' ? params : Reflect.get(target, key, target)) });
}

/** 2026-07-28 list results are cacheable; the catalogue is fixed for the life of the server. */
function listResult(ctx: RequestContext, body: Record<string, unknown>): Record<string, unknown> {
  return ctx.stateless ? { ...body, ...LIST_CACHE } : body;
}

function handlers(state: ReferenceState, pageSize: number, tasks: TaskStore, extensionTasks: ExtensionTaskStore): Handler[] {
  const tasksHere = (ctx: RequestContext) => ctx.revision === '2025-11-25';
  return [
    mcp.request('tools/list', (ctx) => {
      return listResult(
        ctx,
        pagedList('tools', 'tools', toolsFor(ctx.revision), ctx.params, pageSize, (t) => toolDefinition(t, ctx.revision)),
      );
    }),
    mcp.request('tools/call', (ctx) => {
      const { name } = ctx.params;
      if (typeof name !== 'string') throw new ProtocolError(-32602, 'Invalid params: tools/call needs a string name');
      const tool = toolsFor(ctx.revision).find((t) => t.name === name);
      if (!tool) throw new ProtocolError(-32602, `Unknown tool: ${name}`);
      const args = ctx.params.arguments ?? {};
      // Not an object: the request breaks the CallToolRequest schema, a protocol error everywhere.
      if (!isObject(args)) throw new ProtocolError(-32602, 'Invalid params: tools/call arguments must be an object');
      checkParamHeaders(ctx, tool.inputSchema, args);
      const problems = validateArguments(tool.inputSchema, args);
      if (problems.length > 0) {
        const detail = `Invalid arguments for tool ${name}: ${problems.join('; ')}`;
        // 2025-11-25 server/tools "Error Handling": input validation errors are tool execution
        // errors (isError results the model can correct); earlier revisions list invalid arguments
        // among the protocol errors.
        if (compareRevisions(ctx.revision, '2025-11-25') >= 0) return { content: [{ type: 'text', text: detail }], isError: true };
        throw new ProtocolError(-32602, detail);
      }
      if (ctx.params.task !== undefined && tasksHere(ctx)) {
        // basic/utilities/tasks: only tools that declare taskSupport run as tasks; -32601 otherwise.
        if (tool.taskSupport === undefined) throw new ProtocolError(-32601, `Method not found: tool ${name} does not run as a task`);
        return tasks.create(ctx.params, async () => tool.run(args, ctx, state));
      }
      // Tasks extension: the server decides per request; the reference makes a task of each call of a
      // tool that may run as one, when this request's client capabilities declare the extension.
      if (ctx.stateless && (tool.taskSupport !== undefined || tool.extensionTask) && declaresTasksExtension(ctx.clientCapabilities)) {
        // Each round sees the previous round's answers as MRTR inputResponses, so the tool asks as usual.
        return extensionTasks.create(async (round) => tool.run(args, withParams(ctx, { ...ctx.params, ...round }), state));
      }
      // Tool-level negotiation: a tool that requires tasks refuses a plain call with -32601.
      if (tool.taskSupport === 'required' && tasksHere(ctx)) throw new ProtocolError(-32601, `Method not found: tool ${name} runs only as a task`);
      return tool.run(args, ctx, state);
    }),
    mcp.request('resources/list', (ctx) => {
      return listResult(
        ctx,
        pagedList('resources', 'resources', RESOURCES, ctx.params, pageSize, (r) => resourceDefinition(r, ctx.revision)),
      );
    }),
    mcp.request('resources/templates/list', (ctx) => {
      return listResult(
        ctx,
        pagedList('resourceTemplates', 'templates', TEMPLATES, ctx.params, pageSize, (t) => templateDefinition(t, ctx.revision)),
      );
    }),
    mcp.request('resources/read', (ctx) => {
      const { uri } = ctx.params;
      if (typeof uri !== 'string') throw new ProtocolError(-32602, 'Invalid params: resources/read needs a string uri');
      const contents = readResource(uri, state);
      if (!contents) {
        // Resource not found: -32002 up to 2025-11-25 (server/resources, error handling);
        // 2026-07-28 retired -32002 and requires -32602 instead.
        throw new ProtocolError(isStateless(ctx.revision) ? -32602 : -32002, 'Resource not found', { uri });
      }
      if (!ctx.stateless) return { contents: [contents] };
      // The counter changes whenever bump is called, so its reads must not be reused.
      const volatile = uri.endsWith('/counter');
      return { contents: [contents], ttlMs: volatile ? 0 : LIST_CACHE.ttlMs, cacheScope: 'public' };
    }),
    mcp.request('prompts/list', (ctx) => {
      return listResult(
        ctx,
        pagedList('prompts', 'prompts', PROMPTS, ctx.params, pageSize, (p) => promptDefinition(p, ctx.revision)),
      );
    }),
    mcp.request('prompts/get', (ctx) => getPrompt(ctx.params)),
    mcp.request('completion/complete', (ctx) => complete(ctx.params)),
    ...taskHandlers(tasks, tasksHere, extensionTasks),
  ];
}

/** tasks/* exist at 2025-11-25 only; at other revisions the methods are unknown, as for any server. */
function taskHandlers(tasks: TaskStore, tasksHere: (ctx: RequestContext) => boolean, extensionTasks: ExtensionTaskStore): Handler[] {
  const unknown = (method: string) => new ProtocolError(-32601, `Method not found: ${method}`);
  // `extension`: what the method does under the tasks extension (2026-07-28 on); absent for the
  // methods the extension dropped (tasks/result, tasks/list).
  const guard = (method: string, experimental?: (ctx: RequestContext) => unknown, extension?: (ctx: RequestContext) => unknown) =>
    mcp.request(method, (ctx) => {
      if (ctx.stateless && extension) {
        // Only this request's declaration counts (Protocol errors: -32021 for non-declaring clients).
        if (!declaresTasksExtension(ctx.clientCapabilities)) throw missingTasksExtension(method);
        return extension(ctx) as Record<string, unknown>;
      }
      if (!tasksHere(ctx) || !experimental) throw unknown(method);
      return experimental(ctx) as Record<string, unknown>;
    });
  return [
    guard(
      'tasks/get',
      (ctx) => tasks.get(ctx.params),
      (ctx) => extensionTasks.get(ctx.params),
    ),
    guard('tasks/result', (ctx) => tasks.result(ctx.params)),
    guard('tasks/list', (ctx) => tasks.list(ctx.params)),
    guard(
      'tasks/cancel',
      (ctx) => tasks.cancel(ctx.params),
      (ctx) => extensionTasks.cancel(ctx.params),
    ),
    guard('tasks/update', undefined, (ctx) => extensionTasks.update(ctx.params)),
  ];
}

/** The bundled reference server: a mock server that implements every revision conformantly (tools, resources, prompts, completions, tasks). */
export function createReferenceServer(options: ReferenceServerOptions = {}): MockServer {
  const pageSize = options.pageSize ?? 5;
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new Error(`Failed to create the reference server: pageSize ${String(pageSize)} is not a positive integer. Use 1 or more.`);
  }
  const state: ReferenceState = { counter: 0 };
  const extensionTasks = new ExtensionTaskStore();
  const server = createMockServer({
    serverInfo: { name: REFERENCE_SERVER_NAME, version: options.version ?? packageVersion(), title: 'mcp-conform reference server' },
    ...(options.revisions ? { revisions: options.revisions } : {}),
    capabilities,
    instructions:
      'Reference server of mcp-conform. Tools: echo, add, fail, slow (progress, cancellation), structured (output schema), ' +
      'sample, elicit, elicit-rounds and list-roots (ask the client), log, bump and reset-counter (the counter resource), content samples, and task-only (2025-11-25: runs only as a task).',
    handlers: handlers(state, pageSize, new TaskStore(), extensionTasks),
    // Task status notifications (tasks extension): a listen stream may follow any task the store knows.
    taskIds: (requested) => extensionTasks.known(requested),
    onUnhandledRequest: options.onUnhandledRequest ?? 'silent',
    cacheHints: LIST_CACHE,
    ...(options.clientRequestTimeoutMs !== undefined ? { clientRequestTimeoutMs: options.clientRequestTimeoutMs } : {}),
    ...(options.record !== undefined ? { record: options.record } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  extensionTasks.onStatus = (task) => server.taskStatus(task);
  return server;
}
