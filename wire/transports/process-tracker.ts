// Finds and ends every process a target started, including those that left its process group
// (a detached grandchild in its own session, reparented away once its parent exits). Each target
// gets a unique tag in its environment, which its descendants inherit; when the target is closed,
// the processes started since it was spawned whose environment carries the tag are killed. This is
// how build servers end what a job left behind. Linux only (it reads /proc); elsewhere the process
// group is all that is ended. A descendant that empties its environment escapes (docs/robustness.md).
import { readdirSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';

/** The environment variable that tags the processes of one target. */
const PROCESS_TAG_ENV = 'MCP_CONFORM_PROCESS_TAG';

const PROC = '/proc';
let count = 0;

export class ProcessTracker {
  readonly tag = `${process.pid}-${++count}-${randomBytes(4).toString('hex')}`;
  /** Pids that existed before the target was spawned: never its descendants, never read again. */
  private before: Set<string> | undefined;
  private readonly needle = Buffer.from(`${PROCESS_TAG_ENV}=${this.tag}\0`);

  /** The environment entry to give the target. */
  get env(): Record<string, string> {
    return { [PROCESS_TAG_ENV]: this.tag };
  }

  /** Notes which processes exist now; call just before spawning the target. */
  async snapshot(): Promise<void> {
    try {
      this.before = new Set((await readdir(PROC)).filter(isPid));
    } catch {
      this.before = undefined; // no /proc: nothing to track
    }
  }

  /**
   * Kills (SIGKILL) every process started since the snapshot that carries the tag and waits (at most
   * KILL_WAIT_MS) until they are gone; returns their pids. A signal only asks the kernel to end a
   * process, which it does once the process runs again: on a loaded machine a killed process was
   * still there when the run had ended (a test of a detached grandchild saw it).
   */
  async sweep(): Promise<number[]> {
    const killed = await this.killTagged();
    await untilGone(killed);
    return killed;
  }

  private async killTagged(): Promise<number[]> {
    if (!this.before) return [];
    let names: string[];
    try {
      names = await readdir(PROC);
    } catch {
      return [];
    }
    // Read synchronously: an environ file is a few kilobytes in memory, and each asynchronous read
    // (open, stat, read, close on the thread pool) cost more of the runner's CPU than the read.
    return killAll(names.filter((n) => isPid(n) && !this.before!.has(n)).map((n) => (this.tagged(n) ? Number(n) : undefined)));
  }

  /** True when process `pid` (still there, readable) carries this target's tag. */
  private tagged(pid: string): boolean {
    try {
      return readFileSync(`${PROC}/${pid}/environ`).includes(this.needle);
    } catch {
      return false;
    }
  }

  /** The same, synchronously: for the runner's own exit, when nothing asynchronous runs any more. */
  sweepSync(): number[] {
    if (!this.before) return [];
    try {
      const tagged = readdirSync(PROC)
        .filter((n) => isPid(n) && !this.before!.has(n))
        .map((n) => (this.tagged(n) ? Number(n) : undefined));
      return killAll(tagged);
    } catch {
      return [];
    }
  }
}

/** Longest wait for killed processes to be gone. */
const KILL_WAIT_MS = 2000;

/** Resolves once none of `pids` runs any more (gone, or a zombie waiting for its parent), or after KILL_WAIT_MS. */
async function untilGone(pids: readonly number[]): Promise<void> {
  const deadline = Date.now() + KILL_WAIT_MS;
  let left = pids.filter(running);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    left = left.filter(running);
  }
}

/** True while process `pid` exists and is not a zombie (state Z in /proc/PID/stat). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /s.test(readFileSync(`${PROC}/${pid}/stat`, 'latin1'));
  } catch {
    return false;
  }
}

function isPid(name: string): boolean {
  return /^\d+$/.test(name) && Number(name) !== process.pid;
}

function killAll(pids: (number | undefined)[]): number[] {
  const killed: number[] = [];
  for (const pid of pids) {
    if (pid === undefined) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  return killed;
}
