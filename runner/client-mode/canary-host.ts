// A loopback origin a client must never reach: a scenario writes {canary} where the mock serves a
// URL (a JSON Schema `$ref`), the cell replaces it with this origin's URL, and every request that
// arrives here is recorded. 2026-07-28 (basic, "$ref Resolution"): implementations MUST NOT
// dereference a `$ref` that resolves to a network URI on their own.
import { createServer, type Server } from 'node:http';

/** The placeholder a client scenario's `server` block uses for the canary origin. */
const CANARY_PLACEHOLDER = '{canary}';

interface CanaryRequest {
  seq: number;
  method: string;
  path: string;
}

export interface CanaryFacts {
  /** The canary's base URL (no trailing slash). */
  url: string;
  requests: CanaryRequest[];
}

/** Whether a scenario's mock definition names the canary anywhere. */
export function mentionsCanary(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes(CANARY_PLACEHOLDER);
}

/** A deep copy of `value` with the placeholder in every string replaced by `url`. */
export function withCanary<T>(value: T, url: string): T {
  if (typeof value === 'string') return value.split(CANARY_PLACEHOLDER).join(url) as T;
  if (Array.isArray(value)) return value.map((v) => withCanary(v, url)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withCanary(v, url)])) as T;
  }
  return value;
}

export class CanaryHost {
  readonly facts: CanaryFacts = { url: '', requests: [] };
  private server: Server | undefined;

  constructor(private readonly record: (dir: 'note', text: string) => number) {}

  /** Listens on 127.0.0.1 (an ephemeral port); resolves with the base URL. */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      const seq = this.record('note', `canary: the client fetched ${req.method ?? '?'} ${req.url ?? '/'}`);
      this.facts.requests.push({ seq, method: req.method ?? '?', path: req.url ?? '/' });
      // Nothing worth having: the request itself is the finding.
      res.writeHead(404, { 'content-type': 'application/json', connection: 'close' }).end('{}');
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    this.facts.url = `http://127.0.0.1:${port}`;
    return this.facts.url;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
