// Tracks every process group the runner started so that none survives the runner, even when the
// runner itself is interrupted (Ctrl-C) or exits early.

const live = new Set<number>();
let hooked = false;

function killAll(signal: NodeJS.Signals): void {
  for (const pgid of live) {
    try {
      process.kill(-pgid, signal);
    } catch {
      // Already gone.
    }
  }
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  // The CLI turns signals into an orderly interruption; 'exit' is the last line of defence.
  process.on('exit', () => killAll('SIGKILL'));
}

export function registerProcessGroup(pgid: number): void {
  hook();
  live.add(pgid);
}

export function unregisterProcessGroup(pgid: number): void {
  live.delete(pgid);
}

/** Signals a whole process group; true if the group existed. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

export function liveProcessGroups(): number[] {
  return [...live];
}
