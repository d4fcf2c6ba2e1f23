// What the runner learns about a target at one revision before running scenarios: identity,
// capabilities and the full lists of tools, resources, templates and prompts.
import type { Revision } from '../../schema/revisions.js';

export interface TargetProfile {
  revision: Revision;
  /** The revision the target answered with (stateful) or confirmed (stateless). */
  negotiated?: string;
  serverInfo?: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  instructions?: string;
  tools: Record<string, unknown>[];
  resources: Record<string, unknown>[];
  resourceTemplates: Record<string, unknown>[];
  prompts: Record<string, unknown>[];
  /**
   * Lists whose change notice arrived during every attempt to read all their pages (probe.ts), with
   * what was seen: their pages may come from different generations of the list.
   */
  unsettled: Partial<Record<'tools' | 'resources' | 'resourceTemplates' | 'prompts', string>>;
  /** Anything odd seen while discovering (shown with --verbose). */
  notes: string[];
}

export function emptyProfile(revision: Revision): TargetProfile {
  return { revision, capabilities: {}, tools: [], resources: [], resourceTemplates: [], prompts: [], unsettled: {}, notes: [] };
}
