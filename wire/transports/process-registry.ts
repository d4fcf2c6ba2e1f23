// Tracks every process group the runner started so that none survives the runner, even when the
// runner itself is interrupted (Ctrl-C) or exits early; with each group, the tracker of the
// processes that left it (process-tracker.ts).
import type { ProcessTracker } from './process-tracker.js';

const live = new Map<number, ProcessTracker | undefined>();
let hooked = false;

function killAll(signal: NodeJS.Signals): void {
  for (const [pgid, tracker] of live) {
    try {
      process.kill(-pgid, signal);
    } catch {
      // Already gone.
    }
    tracker?.sweepSync();
  }
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  // The CLI turns signals into an orderly interruption; 'exit' is the last line of defence.
  process.on('exit', () => killAll('SIGKILL'));
}

export function registerProcessGroup(pgid: number, tracker?: ProcessTracker): void {
  hook();
  live.set(pgid, tracker);
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
  return [...live.keys()];
}
