// The reference server's prompts: definitions per revision, rendering with arguments (a missing
// required argument is invalid params), and the values offered for completable arguments.
import { compareRevisions, type Revision } from '../../schema/revisions.js';
import { ProtocolError } from '../core/index.js';
import { ICON, PIXEL_PNG_BASE64 } from './assets.js';
import { BASE_URI } from './resources.js';

interface PromptArgumentSpec {
  name: string;
  title: string;
  description: string;
  required: boolean;
  complete?(prefix: string): string[];
}

interface PromptSpec {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgumentSpec[];
  icons?: boolean;
  render(args: Record<string, string>): Record<string, unknown>[];
}

const LANGUAGES = ['c', 'cpp', 'csharp', 'go', 'java', 'javascript', 'kotlin', 'python', 'ruby', 'rust', 'swift', 'typescript'];
const STYLES = ['brief', 'bullet-points', 'detailed'];

const user = (text: string) => ({ role: 'user', content: { type: 'text', text } });
const assistant = (text: string) => ({ role: 'assistant', content: { type: 'text', text } });

export const PROMPTS: readonly PromptSpec[] = [
  {
    name: 'simple',
    title: 'Simple prompt',
    description: 'A prompt without arguments.',
    arguments: [],
    icons: true,
    render: () => [user('Say hello to the mcp-conform reference server.')],
  },
  {
    name: 'greeting',
    title: 'Greeting',
    description: 'Greets someone by name.',
    arguments: [{ name: 'name', title: 'Name', description: 'Who to greet.', required: true }],
    render: (a) => [user(`Please greet ${a.name} warmly.`)],
  },
  {
    name: 'code-review',
    title: 'Code review',
    description: 'Asks for a review of code in a given language.',
    arguments: [
      {
        name: 'language',
        title: 'Language',
        description: 'The programming language (completable).',
        required: true,
        complete: (p) => LANGUAGES.filter((l) => l.startsWith(p)),
      },
      { name: 'code', title: 'Code', description: 'The code to review.', required: false },
    ],
    render: (a) => [user(`Review this ${a.language} code:\n${a.code ?? '(no code given)'}`)],
  },
  {
    name: 'summarize',
    title: 'Summarize',
    description: 'Asks for a summary of a text in a chosen style.',
    arguments: [
      { name: 'text', title: 'Text', description: 'The text to summarize.', required: true },
      {
        name: 'style',
        title: 'Style',
        description: 'brief, bullet-points or detailed (completable).',
        required: false,
        complete: (p) => STYLES.filter((s) => s.startsWith(p)),
      },
    ],
    render: (a) => [user(`Summarize the following text (${a.style ?? 'brief'}):\n${a.text}`)],
  },
  {
    name: 'with-resource',
    title: 'With a resource',
    description: 'A prompt that embeds the readme resource.',
    arguments: [],
    render: () => [
      {
        role: 'user',
        content: { type: 'resource', resource: { uri: `${BASE_URI}/readme`, mimeType: 'text/markdown', text: '# mcp-conform reference server\n' } },
      },
      user('What is this server for?'),
    ],
  },
  {
    name: 'conversation',
    title: 'Conversation',
    description: 'A short exchange between the user and the assistant.',
    arguments: [{ name: 'topic', title: 'Topic', description: 'What to talk about.', required: false }],
    render: (a) => [user(`Let us talk about ${a.topic ?? 'testing'}.`), assistant('Gladly. Where shall we start?'), user('With the basics.')],
  },
  {
    name: 'with-image',
    title: 'With an image',
    description: 'A prompt that contains an image.',
    arguments: [],
    render: () => [{ role: 'user', content: { type: 'image', data: PIXEL_PNG_BASE64, mimeType: 'image/png' } }, user('Describe this image.')],
  },
];

const atLeast = (revision: Revision, min: Revision) => compareRevisions(revision, min) >= 0;

export function promptDefinition(p: PromptSpec, revision: Revision): Record<string, unknown> {
  const def: Record<string, unknown> = { name: p.name };
  if (atLeast(revision, '2025-06-18')) def.title = p.title;
  def.description = p.description;
  if (p.arguments.length > 0) {
    def.arguments = p.arguments.map((a) => ({
      name: a.name,
      ...(atLeast(revision, '2025-06-18') ? { title: a.title } : {}),
      description: a.description,
      required: a.required,
    }));
  }
  if (p.icons && atLeast(revision, '2025-11-25')) def.icons = [ICON];
  return def;
}

export function findPrompt(name: unknown): PromptSpec | undefined {
  return PROMPTS.find((p) => p.name === name);
}

/** prompts/get: unknown prompts and missing required arguments are invalid params (server/prompts). */
export function getPrompt(params: Record<string, unknown>): Record<string, unknown> {
  if (typeof params.name !== 'string') throw new ProtocolError(-32602, 'Invalid params: prompts/get needs a string name');
  const prompt = findPrompt(params.name);
  if (!prompt) throw new ProtocolError(-32602, `Invalid params: unknown prompt ${JSON.stringify(params.name)}`);
  const given = params.arguments ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new ProtocolError(-32602, 'Invalid params: prompt arguments must be an object');
  const args: Record<string, string> = {};
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'string') throw new ProtocolError(-32602, `Invalid params: prompt argument ${key} must be a string`);
    args[key] = value;
  }
  const missing = prompt.arguments.filter((a) => a.required && args[a.name] === undefined).map((a) => a.name);
  if (missing.length > 0) throw new ProtocolError(-32602, `Invalid params: prompt ${prompt.name} needs the argument(s) ${missing.join(', ')}`);
  return { description: prompt.description, messages: prompt.render(args) };
}
