// The reference server's tools: each with the revision it appears in, its definition per revision
// (title, annotations, output schema, icons only where the revision has them) and its behaviour.
import { compareRevisions, type Revision } from '../../schema/revisions.js';
import { LOGGING_LEVELS, type RequestContext } from '../core/index.js';
import { ICON, PIXEL_PNG_BASE64, silentWavBase64 } from './assets.js';
import { askClient, ProtocolError, toolError } from '../core/index.js';
import type { SchemaNode } from './input-validation.js';
import { COUNTER_URI, type ReferenceState } from './resources.js';

type ToolResult = Record<string, unknown>;

export interface ToolSpec {
  name: string;
  /** First revision that lists the tool (default: all). */
  since?: Revision;
  /** The only revision that lists the tool (a tool that exists for one revision's feature). */
  onlyAt?: Revision;
  title: string;
  description: string;
  inputSchema: SchemaNode;
  /** Listed from 2025-06-18, when outputSchema and structuredContent arrived. */
  outputSchema?: SchemaNode;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  icons?: boolean;
  /** execution.taskSupport, listed at 2025-11-25 (the one revision with tasks). */
  taskSupport?: 'optional' | 'required';
  /**
   * Runs as a task under the tasks extension (2026-07-28) for a declaring request, besides the
   * taskSupport tools: the tools that ask the client, whose task then waits in input_required.
   */
  extensionTask?: boolean;
  run(args: Record<string, unknown>, ctx: RequestContext, state: ReferenceState): ToolResult | Promise<ToolResult>;
}

const atLeast = (revision: Revision, min: Revision) => compareRevisions(revision, min) >= 0;
const text = (value: string): ToolResult => ({ content: [{ type: 'text', text: value }] });
const noArguments: SchemaNode = { type: 'object', properties: {} };
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Order matters to scenarios that pick "the first tool that…": simple, harmless tools come first. */
const TOOLS: readonly ToolSpec[] = [
  {
    name: 'echo',
    title: 'Echo',
    description: 'Returns the message it is given, unchanged.',
    inputSchema: { type: 'object', properties: { message: { type: 'string', description: 'The text to send back.' } }, required: ['message'] },
    annotations: readOnly,
    icons: true,
    run: (args) => text(String(args.message)),
  },
  {
    name: 'add',
    title: 'Add',
    description: 'Adds two numbers and returns the sum as text.',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    annotations: readOnly,
    run: (args) => text(String((args.a as number) + (args.b as number))),
  },
  {
    name: 'fail',
    title: 'Fail',
    description: 'Always fails with a tool execution error (isError), never with a protocol error.',
    inputSchema: noArguments,
    annotations: readOnly,
    run: () => toolError('The fail tool always fails, on purpose.'),
  },
  {
    name: 'slow',
    title: 'Slow',
    description: 'Waits `ms` milliseconds (default 200), reporting progress in `steps` steps when asked; stops when cancelled.',
    inputSchema: {
      type: 'object',
      properties: {
        ms: { type: 'number', minimum: 100, maximum: 10000, default: 200, description: 'How long to wait.' },
        steps: { type: 'integer', minimum: 1, maximum: 20, default: 4, description: 'How many progress notifications to send.' },
      },
    },
    annotations: readOnly,
    taskSupport: 'optional',
    run: async (args, ctx) => {
      const ms = typeof args.ms === 'number' ? args.ms : 200;
      const steps = typeof args.steps === 'number' ? args.steps : 4;
      for (let i = 1; i <= steps; i++) {
        await ctx.delay(ms / steps);
        ctx.progress(i, steps, `step ${i} of ${steps}`);
      }
      return text(`Waited ${ms} ms.`);
    },
  },
  {
    name: 'structured',
    title: 'Text statistics',
    description: 'Counts the characters and words of a text; returns structured content with a text copy.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    outputSchema: {
      type: 'object',
      properties: { text: { type: 'string' }, length: { type: 'integer' }, words: { type: 'integer' } },
      required: ['text', 'length', 'words'],
    },
    annotations: readOnly,
    run: (args, ctx) => {
      const value = String(args.text);
      const stats = { text: value, length: [...value].length, words: value.split(/\s+/).filter(Boolean).length };
      const copy = { type: 'text', text: JSON.stringify(stats) };
      return atLeast(ctx.revision, '2025-06-18') ? { content: [copy], structuredContent: stats } : { content: [copy] };
    },
  },
  {
    name: 'sample',
    title: 'Ask the client model',
    description: "Asks the client's language model (sampling/createMessage) to answer a prompt.",
    inputSchema: {
      type: 'object',
      properties: { prompt: { type: 'string' }, maxTokens: { type: 'integer', minimum: 1, maximum: 4096 } },
      required: ['prompt'],
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    extensionTask: true,
    run: async (args, ctx) => {
      const outcome = await askClient(ctx, 'sample', {
        key: 'sample',
        method: 'sampling/createMessage',
        params: {
          messages: [{ role: 'user', content: { type: 'text', text: String(args.prompt) } }],
          maxTokens: typeof args.maxTokens === 'number' ? args.maxTokens : 100,
        },
      });
      if ('early' in outcome) return outcome.early;
      const { model, content } = outcome.answer;
      const parts = Array.isArray(content) ? content : [content];
      const said = parts
        .map((p) => ((p as { type?: string }).type === 'text' ? String((p as { text?: unknown }).text) : `[${String((p as { type?: string }).type)}]`))
        .join(' ');
      return text(`The client's model (${String(model)}) answered: ${said}`);
    },
  },
  {
    name: 'elicit',
    since: '2025-06-18',
    title: 'Ask the user',
    description: 'Asks the user for their name through the client (elicitation/create, form mode).',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    extensionTask: true,
    run: async (args, ctx) => {
      const params: Record<string, unknown> = {
        message: typeof args.message === 'string' ? args.message : 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
      };
      if (atLeast(ctx.revision, '2025-11-25')) params.mode = 'form';
      const outcome = await askClient(ctx, 'elicit', { key: 'elicit', method: 'elicitation/create', params });
      if ('early' in outcome) return outcome.early;
      const { action, content } = outcome.answer;
      if (action !== 'accept') return text(`The user chose to ${String(action)}.`);
      const name = (content as Record<string, unknown> | undefined)?.name;
      return text(`Hello, ${typeof name === 'string' ? name : 'stranger'}!`);
    },
  },
  {
    // 2026-07-28 only: input over several rounds, two requests at once and then one more, which a
    // task of the tasks extension shows through inputRequests round by round.
    name: 'elicit-rounds',
    since: '2026-07-28',
    title: 'Ask the user in rounds',
    description: 'Asks the user in two rounds (elicitation/create, form mode): their name and city together, then to confirm.',
    inputSchema: noArguments,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    extensionTask: true,
    run: (_args, ctx) => elicitInRounds(ctx),
  },
  {
    name: 'list-roots',
    title: 'List roots',
    description: 'Asks the client for its roots (roots/list) and lists their URIs.',
    inputSchema: noArguments,
    annotations: readOnly,
    extensionTask: true,
    run: async (_args, ctx) => {
      const outcome = await askClient(ctx, 'list-roots', { key: 'roots', method: 'roots/list' });
      if ('early' in outcome) return outcome.early;
      const roots = outcome.answer.roots as { uri: string }[];
      return text(roots.length === 0 ? 'The client has no roots.' : `The client's roots: ${roots.map((r) => r.uri).join(', ')}`);
    },
  },
  {
    name: 'log',
    title: 'Log at every level',
    description: 'Sends one log message (notifications/message) per level, debug to emergency; the client level filters them.',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
    annotations: readOnly,
    run: (args, ctx) => {
      const message = typeof args.message === 'string' ? args.message : 'log test';
      let sent = 0;
      for (const level of LOGGING_LEVELS) if (ctx.log(level, { message, level }, 'mcp-conform-reference')) sent++;
      return text(`Sent ${sent} of ${LOGGING_LEVELS.length} log messages.`);
    },
  },
  {
    name: 'bump',
    title: 'Bump the counter',
    description: `Adds one to the counter resource (${COUNTER_URI}) and notifies its subscribers.`,
    inputSchema: noArguments,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: (_args, ctx, state) => {
      state.counter++;
      ctx.server.resourceUpdated(COUNTER_URI);
      return text(`The counter is now ${state.counter}.`);
    },
  },
  {
    name: 'reset-counter',
    title: 'Reset the counter',
    description: 'Sets the counter resource back to zero, losing its value.',
    inputSchema: noArguments,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run: (_args, ctx, state) => {
      state.counter = 0;
      ctx.server.resourceUpdated(COUNTER_URI);
      return text('The counter is back to 0.');
    },
  },
  {
    name: 'image',
    title: 'Image',
    description: 'Returns a 1×1 PNG image.',
    inputSchema: noArguments,
    annotations: readOnly,
    run: () => ({ content: [{ type: 'image', data: PIXEL_PNG_BASE64, mimeType: 'image/png' }] }),
  },
  {
    name: 'audio',
    since: '2025-03-26',
    title: 'Audio',
    description: 'Returns a very short silent WAV clip.',
    inputSchema: noArguments,
    annotations: readOnly,
    run: () => ({ content: [{ type: 'audio', data: silentWavBase64(), mimeType: 'audio/wav' }] }),
  },
  {
    name: 'embedded-resource',
    title: 'Embedded resource',
    description: 'Returns the readme resource embedded in the result.',
    inputSchema: noArguments,
    annotations: readOnly,
    run: () => ({
      content: [{ type: 'resource', resource: { uri: 'mcp-conform://reference/readme', mimeType: 'text/markdown', text: '# mcp-conform reference server\n' } }],
    }),
  },
  {
    name: 'resource-link',
    since: '2025-06-18',
    title: 'Resource link',
    description: 'Returns a link to the readme resource instead of its contents.',
    inputSchema: noArguments,
    annotations: readOnly,
    run: () => ({ content: [{ type: 'resource_link', uri: 'mcp-conform://reference/readme', name: 'readme', mimeType: 'text/markdown' }] }),
  },
  {
    name: 'uppercase',
    title: 'Uppercase',
    description: 'Returns the text in upper case.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    annotations: readOnly,
    run: (args) => text(String(args.text).toUpperCase()),
  },
  {
    name: 'reverse',
    title: 'Reverse',
    description: 'Returns the text with its characters in reverse order.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    annotations: readOnly,
    run: (args) => text([...String(args.text)].reverse().join('')),
  },
  {
    // x-mcp-header (2026-07-28): over HTTP the client mirrors `region` (and `priority` when given)
    // into Mcp-Param-Region / Mcp-Param-Priority, and the server refuses a call whose headers disagree.
    name: 'regional-echo',
    since: '2026-07-28',
    title: 'Regional echo',
    description: 'Returns the region and the text it is given; the region travels in the Mcp-Param-Region header over HTTP.',
    inputSchema: {
      type: 'object',
      properties: {
        region: { type: 'string', description: 'Where to run', 'x-mcp-header': 'Region' },
        priority: { type: 'integer', description: 'Optional priority', 'x-mcp-header': 'Priority' },
        text: { type: 'string' },
      },
      required: ['region'],
    },
    annotations: readOnly,
    run: (args) => text(`${String(args.region)}: ${String(args.text ?? '')}`),
  },
  {
    // Last, so that scenarios picking "the first tool that…" never call it without a task.
    name: 'task-only',
    onlyAt: '2025-11-25',
    title: 'Task only',
    description: 'Runs only as a task (execution.taskSupport "required"); a call without a task is refused with -32601.',
    inputSchema: noArguments,
    annotations: readOnly,
    taskSupport: 'required',
    run: () => text('The task ran.'),
  },
];

const ROUND_STATE = ['elicit-rounds:1', 'elicit-rounds:2'] as const;

function formQuestion(message: string, field: string): Record<string, unknown> {
  return {
    method: 'elicitation/create',
    params: { mode: 'form', message, requestedSchema: { type: 'object', properties: { [field]: { type: 'string' } }, required: [field] } },
  };
}

/**
 * The elicit-rounds tool (2026-07-28, MRTR): round 1 asks for name and city at once, round 2 for a
 * confirmation; a round whose answers are not all in is asked again. The request state names only
 * the round, so tampering can do nothing worse than restart the questions.
 */
function elicitInRounds(ctx: RequestContext): ToolResult {
  const form = (ctx.clientCapabilities as { elicitation?: Record<string, unknown> }).elicitation;
  if (typeof form !== 'object' || form === null || ('url' in form && !('form' in form))) {
    throw new ProtocolError(-32021, 'Missing required client capability: elicitation', { requiredCapabilities: { elicitation: { form: {} } } });
  }
  const answers = (typeof ctx.params.inputResponses === 'object' && ctx.params.inputResponses !== null ? ctx.params.inputResponses : {}) as Record<
    string,
    { action?: unknown; content?: Record<string, unknown> }
  >;
  // 0: no state (or one not issued here), else the round the state was issued for.
  const round = ROUND_STATE.indexOf(ctx.params.requestState as (typeof ROUND_STATE)[number]) + 1;
  const first = { name: formQuestion('What is your name?', 'name'), city: formQuestion('Which city are you in?', 'city') };
  const second = { confirm: formQuestion('Shall I greet you?', 'confirm') };
  const confirm = answers.confirm;
  if (round === 2 && confirm)
    return text(confirm.action === 'accept' ? 'Hello, and thank you for answering both rounds!' : `The user chose to ${String(confirm.action)}.`);
  if (round === 2 || (round === 1 && answers.name && answers.city))
    return { resultType: 'input_required', inputRequests: second, requestState: ROUND_STATE[1] };
  return { resultType: 'input_required', inputRequests: first, requestState: ROUND_STATE[0] };
}

/** The tools a revision lists, in a fixed order. */
export function toolsFor(revision: Revision): readonly ToolSpec[] {
  return TOOLS.filter((t) => (t.since === undefined || atLeast(revision, t.since)) && (t.onlyAt === undefined || t.onlyAt === revision));
}

/** The Tool object of a revision: only the members that revision defines. */
export function toolDefinition(tool: ToolSpec, revision: Revision): Record<string, unknown> {
  const def: Record<string, unknown> = { name: tool.name };
  if (atLeast(revision, '2025-06-18')) def.title = tool.title;
  def.description = tool.description;
  def.inputSchema = tool.inputSchema;
  if (tool.outputSchema && atLeast(revision, '2025-06-18')) def.outputSchema = tool.outputSchema;
  if (tool.annotations && atLeast(revision, '2025-03-26')) def.annotations = tool.annotations;
  if (tool.icons && atLeast(revision, '2025-11-25')) def.icons = [ICON];
  if (tool.taskSupport && revision === '2025-11-25') def.execution = { taskSupport: tool.taskSupport };
  return def;
}
