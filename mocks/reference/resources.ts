// The reference server's resources and resource templates: definitions per revision, reading
// (text and base64 blobs, including templated URIs) and the values offered for template variables.
import { compareRevisions, type Revision } from '../../schema/revisions.js';
import { BYTES_BASE64, ICON, PIXEL_PNG_BASE64 } from './assets.js';

export const BASE_URI = 'mcp-conform://reference';
export const COUNTER_URI = `${BASE_URI}/counter`;

/** Mutable state shared by all connections of one reference server. */
export interface ReferenceState {
  counter: number;
}

type Contents = { uri: string; mimeType: string; text: string } | { uri: string; mimeType: string; blob: string };

interface ResourceSpec {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  icons?: boolean;
  read(state: ReferenceState): Contents;
}

interface TemplateSpec {
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  /** The one variable, at the end of the template. */
  variable: string;
  read(value: string, uri: string): Contents | undefined;
  complete?(prefix: string): string[];
}

const atLeast = (revision: Revision, min: Revision) => compareRevisions(revision, min) >= 0;

const TEXTS: ResourceSpec[] = Array.from({ length: 8 }, (_, i) => {
  const n = i + 1;
  const uri = `${BASE_URI}/text/${n}`;
  return {
    uri,
    name: `text-${n}`,
    title: `Text ${n}`,
    description: `Plain text resource number ${n}.`,
    mimeType: 'text/plain',
    read: () => ({ uri, mimeType: 'text/plain', text: `This is text resource ${n} of the mcp-conform reference server.` }),
  };
});

export const RESOURCES: readonly ResourceSpec[] = [
  {
    uri: `${BASE_URI}/readme`,
    name: 'readme',
    title: 'Read me',
    description: 'What this server is for, in Markdown.',
    mimeType: 'text/markdown',
    icons: true,
    read: () => ({
      uri: `${BASE_URI}/readme`,
      mimeType: 'text/markdown',
      text: '# mcp-conform reference server\n\nA complete MCP server used to test the conformance suite itself.\n',
    }),
  },
  {
    uri: COUNTER_URI,
    name: 'counter',
    title: 'Counter',
    description: 'A number that the bump tool increases; subscribe to hear about changes.',
    mimeType: 'application/json',
    read: (state) => ({ uri: COUNTER_URI, mimeType: 'application/json', text: JSON.stringify({ count: state.counter }) }),
  },
  ...TEXTS,
  {
    uri: `${BASE_URI}/blob/pixel`,
    name: 'pixel',
    title: 'Pixel',
    description: 'A 1×1 PNG image, as a base64 blob.',
    mimeType: 'image/png',
    read: () => ({ uri: `${BASE_URI}/blob/pixel`, mimeType: 'image/png', blob: PIXEL_PNG_BASE64 }),
  },
  {
    uri: `${BASE_URI}/blob/bytes`,
    name: 'bytes',
    title: 'Bytes',
    description: 'Sixteen bytes 0x00 to 0x0f, as a base64 blob.',
    mimeType: 'application/octet-stream',
    read: () => ({ uri: `${BASE_URI}/blob/bytes`, mimeType: 'application/octet-stream', blob: BYTES_BASE64 }),
  },
];

const COLORS = ['black', 'blue', 'cyan', 'green', 'magenta', 'red', 'white', 'yellow'];

function textTemplate(slug: string, title: string, description: string, transform: (value: string) => string): TemplateSpec {
  return {
    uriTemplate: `${BASE_URI}/${slug}/{text}`,
    name: slug,
    title,
    description,
    mimeType: 'text/plain',
    variable: 'text',
    read: (value, uri) => ({ uri, mimeType: 'text/plain', text: transform(value) }),
  };
}

export const TEMPLATES: readonly TemplateSpec[] = [
  {
    uriTemplate: `${BASE_URI}/greeting/{name}`,
    name: 'greeting',
    title: 'Greeting',
    description: 'A greeting for the given name.',
    mimeType: 'text/plain',
    variable: 'name',
    read: (value, uri) => ({ uri, mimeType: 'text/plain', text: `Hello, ${value}!` }),
  },
  {
    uriTemplate: `${BASE_URI}/color/{color}`,
    name: 'color',
    title: 'Color',
    description: `A description of one of the colors ${COLORS.join(', ')} (completable).`,
    mimeType: 'text/plain',
    variable: 'color',
    read: (value, uri) => (COLORS.includes(value) ? { uri, mimeType: 'text/plain', text: `The color ${value}.` } : undefined),
    complete: (prefix) => COLORS.filter((c) => c.startsWith(prefix)),
  },
  {
    uriTemplate: `${BASE_URI}/item/{id}`,
    name: 'item',
    title: 'Item',
    description: 'Item 1 to 150, as JSON (the id is completable).',
    mimeType: 'application/json',
    variable: 'id',
    read: (value, uri) => {
      const id = /^\d+$/.test(value) ? Number(value) : NaN;
      return id >= 1 && id <= 150 ? { uri, mimeType: 'application/json', text: JSON.stringify({ id, name: `Item ${id}` }) } : undefined;
    },
    complete: (prefix) => Array.from({ length: 150 }, (_, i) => String(i + 1)).filter((v) => v.startsWith(prefix)),
  },
  textTemplate('upper', 'Upper case', 'The text in upper case.', (v) => v.toUpperCase()),
  textTemplate('lower', 'Lower case', 'The text in lower case.', (v) => v.toLowerCase()),
  textTemplate('reverse', 'Reversed', 'The text with its characters reversed.', (v) => [...v].reverse().join('')),
  textTemplate('length', 'Length', 'The number of characters of the text.', (v) => String([...v].length)),
];

/** The Resource object of a revision: only the members that revision defines. */
export function resourceDefinition(r: ResourceSpec, revision: Revision): Record<string, unknown> {
  const def: Record<string, unknown> = { uri: r.uri, name: r.name };
  if (atLeast(revision, '2025-06-18')) def.title = r.title;
  def.description = r.description;
  def.mimeType = r.mimeType;
  if (r.icons && atLeast(revision, '2025-11-25')) def.icons = [ICON];
  return def;
}

export function templateDefinition(t: TemplateSpec, revision: Revision): Record<string, unknown> {
  const def: Record<string, unknown> = { uriTemplate: t.uriTemplate, name: t.name };
  if (atLeast(revision, '2025-06-18')) def.title = t.title;
  def.description = t.description;
  def.mimeType = t.mimeType;
  return def;
}

function templateMatch(t: TemplateSpec, uri: string): string | undefined {
  const prefix = t.uriTemplate.slice(0, t.uriTemplate.indexOf('{'));
  if (!uri.startsWith(prefix)) return undefined;
  const rest = uri.slice(prefix.length);
  if (rest === '' || rest.includes('/')) return undefined;
  try {
    return decodeURIComponent(rest);
  } catch {
    return undefined;
  }
}

/** The contents of a resource, or undefined when no resource has this URI. */
export function readResource(uri: string, state: ReferenceState): Contents | undefined {
  const found = RESOURCES.find((r) => r.uri === uri);
  if (found) return found.read(state);
  for (const t of TEMPLATES) {
    const value = templateMatch(t, uri);
    if (value !== undefined) return t.read(value, uri);
  }
  return undefined;
}

export function findTemplate(uriTemplate: string): TemplateSpec | undefined {
  return TEMPLATES.find((t) => t.uriTemplate === uriTemplate);
}
