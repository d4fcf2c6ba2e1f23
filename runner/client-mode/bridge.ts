// The runner's side of client mode over stdio: a loopback TCP endpoint the relay connects to, wired
// to a mock server connection. Every line in either direction is recorded in order with the cell's
// transcript; the client's lines are also kept parsed, for the expectations to judge.
import { createServer, type Server, type Socket } from 'node:net';
import type { MockServer } from '../../mocks/index.js';
import { DEFAULT_MAX_MESSAGE_BYTES, LineDecoder, overLimitReason } from '../../wire/protocol/index.js';
import { quoteWord } from '../../wire/transports/index.js';
import type { ClientHost, RecordedLine, Recorder } from './host-facts.js';

export type { ClientHost, RecordedLine, Recorder } from './host-facts.js';

export class StdioRelayHost implements ClientHost {
  readonly fromClient: RecordedLine[] = [];
  readonly toClient: RecordedLine[] = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private connections = 0;
  overLimit: string | undefined;

  constructor(
    private readonly mock: MockServer,
    private readonly record: Recorder,
    /** Absolute path of the built relay-main.js. */
    private readonly relayEntry: string,
    /** Longest line read from the client (--max-message-bytes). */
    private readonly maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {
    this.server = createServer((socket) => this.accept(socket));
  }

  /** Listens on an ephemeral loopback port; the client is given the relay command for it. */
  async start(): Promise<string> {
    const port = await new Promise<number>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => {
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    return [process.execPath, this.relayEntry, String(port)].map(quoteWord).join(' ');
  }

  get connectionCount(): number {
    return this.connections;
  }

  /** Ends every relay connection and stops listening. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.mock.close();
  }

  private accept(socket: Socket): void {
    const id = ++this.connections;
    this.sockets.add(socket);
    const connection = this.mock.connect((message) => {
      const text = JSON.stringify(message);
      const seq = this.record('send', text);
      this.toClient.push({ seq, connection: id, text, message });
      if (!socket.destroyed) socket.write(`${text}\n`);
    });
    const decoder = new LineDecoder(this.maxMessageBytes);
    const onFrame = (frame: ReturnType<LineDecoder['push']>[number]) => {
      if (this.overLimit !== undefined) return;
      if (frame.kind === 'overlong') {
        // The runner's limit, not the client's fault: nothing after it is judged, and the
        // connection ends so that the client does not wait for an answer until its time runs out.
        this.record('recv', `${frame.prefix} … [${frame.bytes} bytes not read: over mcp-conform's limit]`);
        this.overLimit = overLimitReason('client', this.maxMessageBytes);
        socket.destroy();
        return;
      }
      if (frame.text.trim() === '') return;
      const seq = this.record('recv', frame.text);
      let message: unknown;
      try {
        message = JSON.parse(frame.text);
      } catch {
        message = undefined;
      }
      this.fromClient.push({ seq, connection: id, text: frame.text, ...(message !== undefined ? { message } : {}) });
      connection.receiveText(frame.text);
    };
    socket.on('data', (chunk: Buffer) => decoder.push(chunk).forEach(onFrame));
    socket.on('end', () => {
      decoder.end().forEach(onFrame);
      connection.close();
      socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.sockets.delete(socket);
      connection.close();
    });
  }
}
