// Where a reporter's text goes: a stream (stdout by default) or a file whose folders are created
// on demand. Writes to files are synchronous so a crash never loses lines already reported.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface OutputSink {
  /** Prepares the destination at run start; a file left by an earlier run is emptied so that it is
   * never mistaken for this run's report. Called implicitly by the first write. */
  open(): void;
  write(text: string): void;
  /** Resolves once written text has been handed to the OS; never closes stdout. */
  close(): Promise<void>;
  readonly path?: string;
}

export class ReportWriteError extends Error {
  readonly code = 'MCPC_REPORT_WRITE_FAILED';
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(message);
    this.name = 'ReportWriteError';
  }
}

export function createSink(options: { path?: string; stream?: NodeJS.WritableStream }): OutputSink {
  return options.path !== undefined ? fileSink(options.path) : streamSink(options.stream ?? process.stdout);
}

function fileSink(path: string): OutputSink {
  let opened = false;
  const guard = (action: () => void) => {
    try {
      action();
    } catch (err) {
      throw new ReportWriteError(
        `Failed to write the report to ${path}: ${(err as Error).message}.`,
        'Check that the folder is writable or choose another path.',
      );
    }
  };
  const open = () => {
    if (opened) return;
    guard(() => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, '');
    });
    opened = true;
  };
  return {
    path,
    open,
    write(text) {
      open();
      guard(() => appendFileSync(path, text));
    },
    async close() {
      open();
    },
  };
}

function streamSink(stream: NodeJS.WritableStream): OutputSink {
  return {
    open() {},
    write(text) {
      stream.write(text);
    },
    close: () =>
      new Promise<void>((resolve) => {
        // An empty write's callback runs after everything queued before it has been flushed.
        if (!stream.writable) resolve();
        else stream.write('', () => resolve());
      }),
  };
}
