// The shape of a mock server file (schema/mock/mock-config.schema.json), as TypeScript types.
import type { Revision } from '../../schema/revisions.js';
import type { LoggingLevel } from '../core/index.js';

export interface MockBehaviour {
  delayMs?: number;
  progress?: number[];
  log?: { level: LoggingLevel; data: unknown; logger?: string }[];
  clientRequest?: {
    method: string;
    params?: Record<string, unknown>;
    /** At 2026-07-28: this request's key in inputRequests (default `input`). */
    key?: string;
    /** Further requests asked once this one is answered (at 2026-07-28 one input_required round each, keys distinct). */
    then?: { key: string; method: string; params?: Record<string, unknown> }[];
    timeoutMs?: number;
    ignoreCapabilities?: boolean;
  };
  /** Streamable HTTP: close the connection carrying the answer's stream before answering (resumable). */
  dropStream?: true | { retryMs?: number };
  /** Streamable HTTP: end the session once this call is answered. */
  endSession?: true;
  /** Tools to show or hide once this call is made; clients that may hear it get tools/list_changed. */
  changeTools?: { add?: string[]; remove?: string[] };
  result?: Record<string, unknown>;
  text?: string;
  isError?: boolean;
  error?: { code: number; message: string; data?: unknown };
  noResponse?: true;
}

export interface MockToolCase extends MockBehaviour {
  match: Record<string, unknown>;
}

export interface MockTool extends MockBehaviour {
  name: string;
  /** Not listed (and unknown to tools/call) until a call's changeTools adds it. */
  hidden?: true;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  cases?: MockToolCase[];
}

export interface MockResource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export interface MockResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  text?: string;
}

export interface MockPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
  messages: { role: 'user' | 'assistant'; text: string }[];
}

export interface MockCompletion {
  prompt?: string;
  resourceTemplate?: string;
  argument: string;
  values: string[];
}

export interface MockConfig {
  serverInfo: { name: string; version: string; title?: string };
  revisions?: Revision[];
  instructions?: string;
  pageSize?: number;
  capabilities?: Record<string, unknown>;
  tools?: MockTool[];
  resources?: MockResource[];
  resourceTemplates?: MockResourceTemplate[];
  prompts?: MockPrompt[];
  completions?: MockCompletion[];
}
