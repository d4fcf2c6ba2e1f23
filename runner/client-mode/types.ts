// Client-role scenarios (schema/scenario/client-scenario.schema.json) as the client runner reads them.
import type { RevisionRange } from '../../schema/revisions.js';

interface CheckOptions {
  rule?: string;
  check?: string;
  message?: string;
}

export type Expectation = CheckOptions &
  (
    | { kind: 'first'; pattern: unknown }
    | { kind: 'sent'; pattern: unknown; capture?: Record<string, string> }
    | { kind: 'notSent'; pattern: unknown }
    | { kind: 'each'; pattern: unknown; where?: unknown }
    | { kind: 'before'; earlier: unknown; later: unknown }
    | { kind: 'uniqueRequestIds' }
    | { kind: 'answered'; method: string; result?: unknown; error?: unknown }
    | { kind: 'echoes'; pointer: string; issuedAt: string; where?: unknown }
  ) & { sourceLine: number };

export interface ClientScenario {
  id: string;
  title: string;
  area: string;
  role: 'client';
  revisions: RevisionRange;
  rules: string[];
  tags: string[];
  description?: string;
  /** The mock server definition (mock file format, serverInfo and revisions optional). */
  server: Record<string, unknown>;
  withinMs: number;
  expect: Expectation[];
  file: string;
}
