// What the list methods of a file-defined mock return, per revision: members a revision does not
// define are left out, so the mock's lists validate against that revision's schema.
import { compareRevisions, type Revision } from '../../schema/revisions.js';
import type { MockPrompt, MockResource, MockResourceTemplate, MockTool } from './types.js';

const atLeast = (revision: Revision, since: Revision) => compareRevisions(revision, since) >= 0;

/** Copies the members whose value is defined, in the order given. */
function defined(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

export function toolDefinition(tool: MockTool, revision: Revision): Record<string, unknown> {
  return defined([
    ['name', tool.name],
    ['title', atLeast(revision, '2025-06-18') ? tool.title : undefined],
    ['description', tool.description],
    ['inputSchema', tool.inputSchema ?? { type: 'object' }],
    ['outputSchema', atLeast(revision, '2025-06-18') ? tool.outputSchema : undefined],
    ['annotations', atLeast(revision, '2025-03-26') ? tool.annotations : undefined],
  ]);
}

export function resourceDefinition(resource: MockResource, revision: Revision): Record<string, unknown> {
  return defined([
    ['uri', resource.uri],
    ['name', resource.name],
    ['title', atLeast(revision, '2025-06-18') ? resource.title : undefined],
    ['description', resource.description],
    ['mimeType', resource.mimeType],
  ]);
}

export function templateDefinition(template: MockResourceTemplate, revision: Revision): Record<string, unknown> {
  return defined([
    ['uriTemplate', template.uriTemplate],
    ['name', template.name],
    ['title', atLeast(revision, '2025-06-18') ? template.title : undefined],
    ['description', template.description],
    ['mimeType', template.mimeType],
  ]);
}

export function promptDefinition(prompt: MockPrompt, revision: Revision): Record<string, unknown> {
  return defined([
    ['name', prompt.name],
    ['title', atLeast(revision, '2025-06-18') ? prompt.title : undefined],
    ['description', prompt.description],
    [
      'arguments',
      prompt.arguments?.map((a) =>
        defined([
          ['name', a.name],
          ['description', a.description],
          ['required', a.required],
        ]),
      ),
    ],
  ]);
}

/** structuredContent exists from 2025-06-18; earlier revisions get the rest of the result. */
export function toolResultFor(result: Record<string, unknown>, revision: Revision): Record<string, unknown> {
  if (atLeast(revision, '2025-06-18') || !Object.hasOwn(result, 'structuredContent')) return result;
  const { structuredContent: _dropped, ...rest } = result;
  return rest;
}

export function completionsDeclared(revision: Revision): boolean {
  return atLeast(revision, '2025-03-26');
}
