// The stdio transport: runs the target as a child process (via execa) in its own process group,
// frames stdout as newline-delimited JSON, captures stderr, and always reaps the whole tree.
import { existsSync } from 'node:fs';
import { execa, type ResultPromise } from 'execa';
import { GROUP_SPAWN_OPTIONS } from './group-spawn.js';
import {
  DEFAULT_MAX_MESSAGE_BYTES,
  LineDecoder,
  SplitMessageDetector,
  within,
  TransportStartError,
  isJson,
  type CloseReport,
  type SendOptions,
  type Transport,
  type TransportEvent,
} from '../protocol/index.js';
import { quoteWord, splitCommandLine } from './command-line.js';
import { registerProcessGroup, signalGroup, unregisterProcessGroup } from './process-registry.js';
import { ProcessTracker } from './process-tracker.js';

export interface StdioOptions {
  command: string;
  cwd?: string;
  env?: Record<string, string>;
  /** Variables of the runner's environment the target does not inherit. */
  unsetEnv?: readonly string[];
  /**
   * Longest stdout line read (default DEFAULT_MAX_MESSAGE_BYTES); a longer one is skipped up to its
   * newline and reported as an `over-limit` event: the runner's limit, not the target's fault.
   */
  maxMessageBytes?: number;
  /** How long the target may take to exit after stdin closes before SIGTERM. */
  exitGraceMs?: number;
  /** How long after SIGTERM before SIGKILL. */
  killGraceMs?: number;
  /** Stderr lines kept (the oldest are dropped beyond this). */
  maxStderrLines?: number;
}

const RECEIVING_MS = 2000;

const DEFAULTS = { maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES, exitGraceMs: 2000, killGraceMs: 1000, maxStderrLines: 2000 };

export class StdioTransport implements Transport {
  readonly kind = 'stdio' as const;
  readonly description: string;
  private child: ResultPromise | undefined;
  private listener: ((e: TransportEvent) => void) | undefined;
  private backlog: TransportEvent[] = [];
  private exited: Promise<{ code: number | null; signal: string | null }> | undefined;
  private exitInfo: { code: number | null; signal: string | null } | undefined;
  /** Settles when the target's stdout has closed: everything it wrote has been read. */
  private stdoutEnded: Promise<void> = Promise.resolve();
  private stderrLines = 0;
  private closing = false;
  private decoder: LineDecoder | undefined;
  /** When stdout last brought bytes: an unfinished line counts as arriving only while they keep coming. */
  private lastDataAt = 0;
  private readonly split = new SplitMessageDetector();
  /** Finds the processes the target started that left its process group. */
  private readonly tracker = new ProcessTracker();
  private readonly opts: Required<Omit<StdioOptions, 'cwd' | 'env' | 'unsetEnv'>> & Pick<StdioOptions, 'cwd' | 'env' | 'unsetEnv'>;

  constructor(options: StdioOptions) {
    this.opts = { ...DEFAULTS, ...options };
    this.description = options.command;
  }

  async start(): Promise<void> {
    const argv = splitCommandLine(this.opts.command);
    const [file, ...args] = argv;
    if (!file) throw new TransportStartError('the server command is empty');
    await this.tracker.snapshot();
    const child = execa(file, args, {
      cwd: this.opts.cwd,
      // execa adds the runner's environment; Node leaves out a variable whose value is undefined.
      env: { ...this.opts.env, ...Object.fromEntries((this.opts.unsetEnv ?? []).map((name) => [name, undefined])), ...this.tracker.env },
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      // Own process group (npx → node → ... signalled at once), our own escalation over it.
      ...GROUP_SPAWN_OPTIONS,
      encoding: 'buffer',
      // The streams are read as they arrive (below); execa's own copy of everything the target
      // wrote would grow with its output (a flooding target: gigabytes) and, past its maxBuffer,
      // end the target in the middle of a run.
      buffer: false,
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });
    // Swallow the result promise: failures surface as events and CloseReports, never rejections.
    child.catch(() => undefined);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (err: NodeJS.ErrnoException) => {
        // spawn reports a missing working folder as ENOENT too: name the folder, not the command.
        const hint =
          err.code === 'ENOENT' && this.opts.cwd !== undefined && !existsSync(this.opts.cwd)
            ? `the working folder ${this.opts.cwd} does not exist`
            : err.code === 'ENOENT'
              ? `"${file}" was not found; check the command and the PATH (the command is run without a shell)`
              : err.message;
        reject(new TransportStartError(`Failed to start ${quoteWord(file)}: ${hint}`, err.message));
      });
    });
    if (child.pid !== undefined) registerProcessGroup(child.pid, this.tracker);
    child.stdin?.on('error', () => undefined); // EPIPE when the target dies: reported via exit.

    const decoder = new LineDecoder(this.opts.maxMessageBytes);
    this.decoder = decoder;
    child.stdout?.on('data', (chunk: Buffer) => {
      this.lastDataAt = Date.now();
      for (const ev of decoder.push(chunk)) this.onFrame(ev);
    });
    child.stdout?.on('end', () => {
      for (const ev of decoder.end()) {
        // A last line without its newline, once the runner ended the target: the runner may have
        // stopped it in the middle of writing (a 50 MB answer on a loaded machine), so the cut is
        // not the target's output to judge. A target that exits by itself mid-line is judged.
        if (this.closing && ev.kind === 'line' && !isJson(ev.text)) {
          this.onStderr(
            `mcp-conform: stdout ended ${ev.text.length} characters into a line after the runner closed the input of the target; that cut line is not judged`,
          );
          continue;
        }
        this.onFrame(ev);
      }
    });
    let errBuf = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errBuf += chunk.toString('utf8');
      let nl: number;
      while ((nl = errBuf.indexOf('\n')) !== -1) {
        this.onStderr(errBuf.slice(0, nl));
        errBuf = errBuf.slice(nl + 1);
      }
      if (errBuf.length > 64 * 1024) {
        this.onStderr(errBuf.slice(0, 64 * 1024) + ' …');
        errBuf = '';
      }
    });
    child.stderr?.on('end', () => {
      if (errBuf) this.onStderr(errBuf);
    });
    // Report the end only after stdout drained, so no message the target wrote before exiting is
    // lost; a grandchild holding the pipe open must not delay it for long, hence the bound.
    const stdoutEnded = new Promise<void>((resolve) => {
      if (!child.stdout || child.stdout.readableEnded) resolve();
      else child.stdout.once('close', () => resolve());
    });
    this.stdoutEnded = stdoutEnded;
    void this.exited.then(async ({ code, signal }) => {
      await within(stdoutEnded, 200);
      this.emit({
        kind: 'closed',
        reason: this.closing ? 'closed by the runner' : `the target exited (${signal ? `signal ${signal}` : `code ${code}`})`,
        exitCode: code,
        signal,
      });
    });
  }

  async send(text: string, options?: SendOptions): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || stdin.writableEnded || this.exitInfo) return;
    const data = options?.hex ? Buffer.from(text, 'hex') : options?.raw ? text : text + '\n';
    await new Promise<void>((resolve) => {
      // Resolve on error too: a dead target is reported through its exit, not by a throw here.
      stdin.write(data, () => resolve());
    });
  }

  /**
   * An unfinished line whose bytes came within the last 2 s: a 50 MB answer crossing the pipe on a
   * loaded machine, still being written. A target that wrote half a line and stopped is not
   * "receiving" for long; its silence is then judged as such.
   */
  receiving(): number {
    const pending = this.decoder?.pending ?? 0;
    return pending > 0 && Date.now() - this.lastDataAt < RECEIVING_MS ? pending : 0;
  }

  onEvent(listener: (event: TransportEvent) => void): void {
    this.listener = listener;
    const pending = this.backlog;
    this.backlog = [];
    for (const ev of pending) listener(ev);
  }

  /** True once the process has exited. */
  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  async close(options: { graceMs?: number } = {}): Promise<CloseReport> {
    const started = Date.now();
    const child = this.child;
    if (!child || !this.exited) return { exitedGracefully: true, escalation: 'none', ms: 0 };
    this.closing = true;
    child.stdin?.end();
    const pgid = child.pid;
    let escalation: CloseReport['escalation'] = 'none';
    let info = await within(this.exited, this.exitInfo ? 0 : (options.graceMs ?? this.opts.exitGraceMs));
    if (!info && pgid !== undefined) {
      escalation = 'SIGTERM';
      signalGroup(pgid, 'SIGTERM');
      info = await within(this.exited, this.opts.killGraceMs);
      if (!info) {
        escalation = 'SIGKILL';
        signalGroup(pgid, 'SIGKILL');
        info = await within(this.exited, this.opts.killGraceMs);
      }
    }
    // The process may exit before its last lines were read from the pipe: they belong to the cell
    // being judged (an answer written just before the exit), so the close waits for them, as the
    // `closed` event does (bounded: a grandchild may hold the pipe open).
    if (info) await within(this.stdoutEnded, 200);
    // Children the target left behind in its group die with it, and so do those that left the group.
    let leftovers: number[] = [];
    if (pgid !== undefined) {
      signalGroup(pgid, 'SIGKILL');
      leftovers = (await this.tracker.sweep()).filter((pid) => pid !== pgid);
      unregisterProcessGroup(pgid);
    }
    return {
      ...(leftovers.length > 0 ? { leftovers } : {}),
      exitedGracefully: escalation === 'none' && info !== undefined,
      exitCode: info?.code ?? null,
      signal: info?.signal ?? null,
      escalation,
      ms: Date.now() - started,
    };
  }

  private onFrame(ev: ReturnType<LineDecoder['push']>[number]): void {
    if (ev.kind === 'overlong') {
      this.emit({ kind: 'over-limit', prefix: ev.prefix, bytes: ev.bytes, limit: this.opts.maxMessageBytes });
      return;
    }
    const text = ev.text;
    if (ev.invalidUtf8) {
      this.emit({ kind: 'violation', rule: 'transport.messages.utf8', detail: 'a line on stdout is not valid UTF-8 (its bad bytes read as U+FFFD)' });
    }
    if (text.trim() === '') {
      this.emit({ kind: 'non-json', text, reason: 'empty line on stdout' });
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (err) {
      this.emit({ kind: 'non-json', text, reason: `not JSON (${(err as Error).message})` });
      // A message spread over several lines is a framing finding, and still the target's answer:
      // it is delivered so that the conversation (and the probe) can go on.
      const joined = this.split.push(text);
      if (joined) {
        this.emit({
          kind: 'violation',
          rule: 'transport.stdio.newline-delimited',
          detail: `a message was written over ${joined.lines} lines; stdio messages are one line each`,
        });
        this.emit({ kind: 'message', message: joined.message, text: joined.text });
      }
      return;
    }
    this.split.reset();
    this.emit({ kind: 'message', message, text });
  }

  private onStderr(line: string): void {
    this.stderrLines++;
    if (this.stderrLines > this.opts.maxStderrLines) return;
    this.emit({ kind: 'stderr', text: line });
  }

  private emit(ev: TransportEvent): void {
    if (this.listener) this.listener(ev);
    else this.backlog.push(ev);
  }
}
