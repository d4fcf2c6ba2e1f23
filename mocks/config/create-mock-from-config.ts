// Turns a mock file into a running mock server: list methods paged with the core's cursors, tool
// calls answered by the first matching case, resources read (templates included), prompts filled
// in, completions filtered by prefix. Capabilities follow what the file defines unless it names them.
import { validateWithSchema } from '../../schema/json-schema-dialects.js';
import { compareRevisions, isStateless, type Revision } from '../../schema/revisions.js';
import {
  checkParamHeaders,
  createMockServer,
  mcp,
  pagedList,
  ProtocolError,
  type Handler,
  type MockLogger,
  type MockServer,
  type RequestContext,
} from '../core/index.js';
import { perform, type BehaviourEffects } from './behaviour.js';
import { completionsDeclared, promptDefinition, resourceDefinition, templateDefinition, toolDefinition } from './definitions.js';
import { matchesPartially } from './matches-partially.js';
import { substitute } from './substitute.js';
import type { MockConfig, MockTool } from './types.js';
import { parseUriTemplate } from './uri-template.js';

export interface MockFromConfigOptions {
  /** Record every message (default true). */
  record?: boolean;
  logger?: MockLogger;
}

const MAX_COMPLETIONS = 100;
/** Large enough that an unpaged list fits on one page. */
const ONE_PAGE = Number.MAX_SAFE_INTEGER;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringParam(ctx: RequestContext, name: string): string {
  const value = ctx.params[name];
  if (typeof value !== 'string') throw new ProtocolError(-32602, `Invalid params: ${ctx.method} needs a string ${name}`);
  return value;
}

function capabilitiesFor(config: MockConfig, revision: Revision): Record<string, unknown> {
  if (config.capabilities) return config.capabilities;
  const logs = (config.tools ?? []).some((t) => t.log?.length || t.cases?.some((c) => c.log?.length));
  const changes = (config.tools ?? []).some((t) => t.hidden || t.changeTools || t.cases?.some((c) => c.changeTools));
  return {
    ...(config.tools?.length ? { tools: changes ? { listChanged: true } : {} } : {}),
    ...(config.resources?.length || config.resourceTemplates?.length ? { resources: { subscribe: true } } : {}),
    ...(config.prompts?.length ? { prompts: {} } : {}),
    ...(config.completions?.length && completionsDeclared(revision) ? { completions: {} } : {}),
    ...(logs ? { logging: {} } : {}),
  };
}

function toolHandlers(config: MockConfig, pageSize: number): Handler[] {
  const all = config.tools ?? [];
  // The tools listed now: changeTools shows hidden ones and hides others, for every connection.
  const shown = new Set(all.filter((t) => !t.hidden).map((t) => t.name));
  const visible = () => all.filter((t) => shown.has(t.name));
  const effects: BehaviourEffects = {
    changeTools: (change, server) => {
      for (const name of change.add ?? []) shown.add(name);
      for (const name of change.remove ?? []) shown.delete(name);
      server.listChanged('tools');
    },
  };
  const call = async (tool: MockTool, args: Record<string, unknown>, ctx: RequestContext) => {
    const chosen = tool.cases?.find((c) => matchesPartially(args, c.match));
    if (chosen) return perform(chosen, { arguments: args }, ctx, effects);
    if (tool.result !== undefined || tool.text !== undefined || tool.error !== undefined || tool.noResponse)
      return perform(tool, { arguments: args }, ctx, effects);
    throw new ProtocolError(-32602, `Invalid params: no case of the mock tool ${tool.name} matches these arguments`, { arguments: args });
  };
  return [
    mcp.request('tools/list', (ctx) => {
      return pagedList('tools', 'tools', visible(), ctx.params, pageSize, (t) => toolDefinition(t, ctx.revision));
    }),
    mcp.request('tools/call', (ctx) => {
      const name = stringParam(ctx, 'name');
      const tool = visible().find((t) => t.name === name);
      if (!tool) throw new ProtocolError(-32602, `Unknown tool: ${name}`);
      const args = ctx.params.arguments ?? {};
      if (!isObject(args)) throw new ProtocolError(-32602, 'Invalid params: tools/call arguments must be an object');
      checkParamHeaders(ctx, tool.inputSchema, args);
      const problems = validateWithSchema(tool.inputSchema ?? { type: 'object' }, args, ctx.revision);
      if (problems.length > 0) {
        const detail = `Invalid arguments for tool ${name}: ${problems.map((p) => `${p.pointer || '/'} ${p.message}`).join('; ')}`;
        // Input validation errors are tool execution errors from 2025-11-25 (the model can read
        // and correct them); earlier revisions list invalid arguments among the protocol errors.
        if (compareRevisions(ctx.revision, '2025-11-25') >= 0) return { content: [{ type: 'text', text: detail }], isError: true };
        throw new ProtocolError(-32602, detail);
      }
      return call(tool, args, ctx);
    }),
  ];
}

function resourceHandlers(config: MockConfig, pageSize: number): Handler[] {
  const resources = config.resources ?? [];
  const templates = (config.resourceTemplates ?? []).map((t) => ({ spec: t, parsed: parseUriTemplate(t.uriTemplate) }));
  const read = (uri: string): Record<string, unknown> | undefined => {
    const resource = resources.find((r) => r.uri === uri);
    if (resource) {
      const body = resource.blob !== undefined ? { blob: resource.blob } : { text: resource.text ?? '' };
      return { uri, ...(resource.mimeType ? { mimeType: resource.mimeType } : {}), ...body };
    }
    for (const { spec, parsed } of templates) {
      const variables = parsed.match(uri);
      if (variables && spec.text !== undefined) {
        return { uri, ...(spec.mimeType ? { mimeType: spec.mimeType } : {}), text: String(substitute(spec.text, { ...variables, uri })) };
      }
    }
    return undefined;
  };
  return [
    mcp.request('resources/list', (ctx) => {
      return pagedList('resources', 'resources', resources, ctx.params, pageSize, (r) => resourceDefinition(r, ctx.revision));
    }),
    mcp.request('resources/templates/list', (ctx) => {
      return pagedList('resourceTemplates', 'templates', templates, ctx.params, pageSize, (t) => templateDefinition(t.spec, ctx.revision));
    }),
    mcp.request('resources/read', (ctx) => {
      const uri = stringParam(ctx, 'uri');
      const contents = read(uri);
      // Resource not found: -32002 through 2025-11-25; 2026-07-28 uses invalid params instead.
      if (!contents) throw new ProtocolError(isStateless(ctx.revision) ? -32602 : -32002, 'Resource not found', { uri });
      return { contents: [contents] };
    }),
  ];
}

function promptHandlers(config: MockConfig, pageSize: number): Handler[] {
  const prompts = config.prompts ?? [];
  return [
    mcp.request('prompts/list', (ctx) => {
      return pagedList('prompts', 'prompts', prompts, ctx.params, pageSize, (p) => promptDefinition(p, ctx.revision));
    }),
    mcp.request('prompts/get', (ctx) => {
      const name = stringParam(ctx, 'name');
      const prompt = prompts.find((p) => p.name === name);
      if (!prompt) throw new ProtocolError(-32602, `Invalid params: unknown prompt ${JSON.stringify(name)}`);
      const given = isObject(ctx.params.arguments) ? ctx.params.arguments : {};
      const missing = (prompt.arguments ?? []).filter((a) => a.required && typeof given[a.name] !== 'string').map((a) => a.name);
      if (missing.length > 0)
        throw new ProtocolError(-32602, `Invalid params: prompt ${name} needs the argument${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
      return {
        ...(prompt.description ? { description: prompt.description } : {}),
        messages: prompt.messages.map((m) => ({ role: m.role, content: { type: 'text', text: String(substitute(m.text, given)) } })),
      };
    }),
  ];
}

function completionHandlers(config: MockConfig): Handler[] {
  const completions = config.completions ?? [];
  return [
    mcp.request('completion/complete', (ctx) => {
      const { ref, argument } = ctx.params;
      if (!isObject(ref) || !isObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') {
        throw new ProtocolError(-32602, 'Invalid params: completion/complete needs a ref and an argument with a string name and value');
      }
      const entry = completions.find(
        (c) =>
          c.argument === argument.name &&
          ((ref.type === 'ref/prompt' && c.prompt === ref.name) || (ref.type === 'ref/resource' && c.resourceTemplate === ref.uri)),
      );
      const typed = argument.value;
      const values = (entry?.values ?? []).filter((v) => v.startsWith(typed));
      return { completion: { values: values.slice(0, MAX_COMPLETIONS), total: values.length, hasMore: values.length > MAX_COMPLETIONS } };
    }),
  ];
}

/** A mock server behaving as the file describes, for every revision it lists (default all). */
export function createMockFromConfig(config: MockConfig, options: MockFromConfigOptions = {}): MockServer {
  const pageSize = config.pageSize ?? ONE_PAGE;
  return createMockServer({
    serverInfo: config.serverInfo,
    ...(config.revisions ? { revisions: config.revisions } : {}),
    capabilities: (revision) => capabilitiesFor(config, revision),
    ...(config.instructions !== undefined ? { instructions: config.instructions } : {}),
    handlers: [...toolHandlers(config, pageSize), ...resourceHandlers(config, pageSize), ...promptHandlers(config, pageSize), ...completionHandlers(config)],
    onUnhandledRequest: 'silent',
    ...(options.record !== undefined ? { record: options.record } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
