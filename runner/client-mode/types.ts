// Client-role scenarios (schema/scenario/client-scenario.schema.json) as the client runner reads them.
import type { AuthSetup } from '../../mocks/index.js';
import type { RevisionRange } from '../../schema/revisions.js';

interface CheckOptions {
  rule?: string;
  check?: string;
  message?: string;
  /**
   * A `sent` the scenario needs the client program to perform (call a tool, with given arguments),
   * not a duty: unmet, it and the checks after it are skipped (a later finding on a message the
   * client did send still stands); met, it is no judged rule of the cell.
   */
  precondition?: boolean;
}

export type Expectation = CheckOptions &
  (
    | { kind: 'first'; pattern: unknown; probes?: boolean }
    | { kind: 'sent'; pattern: unknown; capture?: Record<string, string> }
    | { kind: 'notSent'; pattern: unknown }
    | { kind: 'each'; pattern: unknown; where?: unknown }
    | { kind: 'before'; earlier: unknown; later: unknown }
    | { kind: 'uniqueRequestIds' }
    | { kind: 'answered'; method: string; result?: unknown; error?: unknown; capability?: string }
    | { kind: 'http'; duty: HttpCheckName }
    | { kind: 'auth'; duty: AuthCheckName }
    | { kind: 'echoes'; pointer: string; issuedAt: string; where?: unknown }
    | { kind: 'cancellations'; duty: CancellationDuty }
    | { kind: 'canary'; duty: CanaryDuty }
    | { kind: 'mrtr'; duty: MrtrDuty }
  ) & { sourceLine: number };

/** What a client may do with the canary origin ({canary}, runner/client-mode/canary-host.ts). */
const CANARY_DUTIES = ['not-fetched'] as const;
export type CanaryDuty = (typeof CANARY_DUTIES)[number];

/** What each retry of an input-required request must do (runner/client-mode/mrtr-expectations.ts). */
const MRTR_DUTIES = ['fresh-id', 'latest-state', 'answers-asked', 'same-request'] as const;
export type MrtrDuty = (typeof MRTR_DUTIES)[number];

/** What a client's notifications/cancelled may name (runner/client-mode/cancellation-expectations.ts). */
const CANCELLATION_DUTIES = ['in-progress', 'not-initialize'] as const;
export type CancellationDuty = (typeof CANCELLATION_DUTIES)[number];

/** The HTTP-level duties a client-mode cell can judge (runner/client-mode/http-expectations.ts). */
const HTTP_CHECKS = [
  'session-id',
  'protocol-version-header',
  'protocol-version-value',
  'request-metadata-headers',
  'reinitialize-after-404',
  'resume-after-drop',
  'respects-retry',
  'accept-header',
  'param-headers',
] as const;
export type HttpCheckName = (typeof HTTP_CHECKS)[number];

/** The authorization duties a client-mode cell can judge (runner/client-mode/auth-expectations.ts). */
const AUTH_CHECKS = [
  'resource-metadata-from-header',
  'resource-metadata-well-known',
  'server-metadata',
  'default-endpoints',
  'pkce',
  'pkce-s256',
  'resource-parameter',
  'bearer-on-every-request',
  'token-not-in-query',
  'scope-selection',
  'step-up',
  'step-up-scope-union',
  'retry-limit',
  'pre-registered-client',
  'token-endpoint-auth-method',
  'cimd-client-id',
  'cimd-url-form',
  'application-type',
  'iss-validated',
  'metadata-issuer-validated',
  'iss-absence-accepted',
  'metadata-resource-validated',
  'authorization-server-binding',
  'pre-registered-binding',
  'refresh-not-assumed',
  'refresh-grant-type',
  'offline-access-when-advertised',
  'client-credentials-grant',
  'client-credentials-authentication',
  'client-credentials-assertion',
  'client-credentials-resource',
  'client-credentials-renewal',
  'enterprise-token-exchange',
  'enterprise-exchange-target',
  'enterprise-jwt-grant',
  'enterprise-client-authentication',
] as const;
export type AuthCheckName = (typeof AUTH_CHECKS)[number];

/** The verdict of one HTTP-level client duty (HTTP, authorization and Mcp-Param-* duties alike). */
export interface HttpVerdict {
  status: 'passed' | 'failed' | 'skipped';
  message: string;
  expected?: string;
  actual?: string;
  evidence?: number[];
}

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
  /** The scenario's own `within` (ms the client may run); absent: the run's client time bound. */
  withinMs?: number;
  /** Only over this transport (HTTP-level duties); other cells are skipped with the reason. */
  transport?: 'stdio' | 'http';
  /** Put the mock behind the mock OAuth layer with this setup (HTTP only). */
  auth?: AuthSetup;
  expect: Expectation[];
  file: string;
}
