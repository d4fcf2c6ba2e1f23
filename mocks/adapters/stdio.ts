// Serves a mock server over the process's stdin/stdout with newline framing (one connection):
// nothing but messages on stdout, diagnostics on stderr, and a prompt exit when stdin ends.
// The framing module alone: the protocol index would load the runner's session and HTTP modules
// into every stdio server process.
import { LineDecoder, type FrameEvent } from '../../wire/protocol/line-framing.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../wire/protocol/message-limit.js';
import type { MockServer, ServerConnection } from '../core/index.js';

export interface StdioServerOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  /** Exit the process (code 0) once stdin ends and the output is flushed (default true). */
  exitOnStdinClose?: boolean;
  /** Longest input line accepted (default 64 MiB); longer ones are answered with -32700. */
  maxLineBytes?: number;
  /**
   * Turns each outgoing message into the bytes written (default: compact JSON and a newline).
   * Fixtures use it to plant framing or encoding defects.
   */
  serialize?: (message: object) => string | Uint8Array;
  /** Where diagnostics go (default: stderr). */
  diagnostic?: (line: string) => void;
}

export interface StdioServerHandle {
  readonly connection: ServerConnection;
  /** Writes bytes to the output exactly as given, bypassing the protocol (for fixtures). */
  writeRaw(data: string | Uint8Array): void;
  /** Resolves once the input has ended and the connection is closed. */
  readonly ended: Promise<void>;
  /** Stops reading and closes the connection (without exiting the process). */
  close(): void;
}

const DEFAULT_MAX_LINE = DEFAULT_MAX_MESSAGE_BYTES;

/** Serves a mock server over stdio: one JSON-RPC message per line in, only messages out (the `mcp-conform mock` binary). */
export function serveStdio(server: MockServer, options: StdioServerOptions = {}): StdioServerHandle {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  let exitOnClose = options.exitOnStdinClose ?? true;
  const maxLine = options.maxLineBytes ?? DEFAULT_MAX_LINE;
  const serialize = options.serialize ?? ((message: object) => `${JSON.stringify(message)}\n`);
  const diagnostic = options.diagnostic ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const decoder = new LineDecoder(maxLine);
  let outputBroken = false;

  const write = (data: string | Uint8Array) => {
    if (outputBroken) return;
    output.write(data);
  };
  const connection = server.connect((message) => write(serialize(message)));

  const deliver = (frame: FrameEvent) => {
    if (frame.kind === 'overlong') connection.reportUnparsable(`a line of ${frame.bytes} bytes exceeds the ${maxLine} byte limit`);
    else connection.receiveText(frame.text);
  };

  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    input.removeListener('data', onData);
    connection.close();
    resolveEnded();
    if (exitOnClose) {
      // Pipes are written synchronously on POSIX; waiting for 'drain' covers the other cases.
      const stream = output as NodeJS.WritableStream & { writableNeedDrain?: boolean };
      if (stream.writableNeedDrain && !outputBroken) stream.once('drain', () => process.exit(0));
      else process.exit(0);
    }
  };

  const onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (const frame of decoder.push(bytes)) deliver(frame);
  };
  input.on('data', onData);
  input.once('end', () => {
    for (const frame of decoder.end()) deliver(frame);
    finish();
  });
  input.once('close', finish);
  input.on('error', (err: Error) => {
    diagnostic(`mcp-conform reference: stdin failed: ${err.message}`);
    finish();
  });
  output.on('error', (err: NodeJS.ErrnoException) => {
    // The client went away (EPIPE): nothing more can be said, so stop as if stdin had ended.
    outputBroken = true;
    if (err.code !== 'EPIPE') diagnostic(`mcp-conform reference: stdout failed: ${err.message}`);
    finish();
  });

  return {
    connection,
    writeRaw: write,
    ended,
    close: () => {
      // close() from code means "stop serving", never "exit the process".
      exitOnClose = false;
      finish();
    },
  };
}
