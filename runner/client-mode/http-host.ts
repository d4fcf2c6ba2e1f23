// Client mode over Streamable HTTP: the scenario's mock is served on 127.0.0.1 and the client is
// given its URL ({url}). The mock's interceptors record every message in each direction, per
// connection (each HTTP session, or each stateless POST, is one connection of the mock).
import { serveStreamableHttp, type MockServer, type StreamableHttpServerHandle } from '../../mocks/index.js';
import type { ClientHost, RecordedLine, Recorder } from './bridge.js';

export class HttpClientHost implements ClientHost {
  readonly fromClient: RecordedLine[] = [];
  readonly toClient: RecordedLine[] = [];
  private readonly connections = new Set<number>();
  private readonly unhook: () => void;
  private handle: StreamableHttpServerHandle | undefined;

  constructor(
    private readonly mock: MockServer,
    record: Recorder,
  ) {
    const keep = (into: RecordedLine[], dir: 'send' | 'recv', message: unknown, connection: number) => {
      for (const item of Array.isArray(message) ? message : [message]) {
        const text = JSON.stringify(item);
        into.push({ seq: record(dir, text), connection, text, message: item });
      }
    };
    this.unhook = mock.intercept({
      incoming: (message, info) => {
        this.connections.add(info.connection.id);
        keep(this.fromClient, 'recv', message, info.connection.id);
      },
      outgoing: (message, info) => keep(this.toClient, 'send', message, info.connection.id),
    });
  }

  /** Starts serving; the text that replaces {url} in the client command. */
  async start(): Promise<string> {
    this.handle = await serveStreamableHttp(this.mock, { port: 0 });
    return this.handle.url;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  async close(): Promise<void> {
    this.unhook();
    await this.handle?.close();
    this.mock.close();
  }
}
