// Durations as people and CI tools read them: "12ms" / "1.23s" on screen, seconds in JUnit.
// Rounded here only, so every reporter shows the same figure for the same cell.

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)}s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes}m ${seconds}s`;
}

/** Seconds with millisecond precision, the unit of JUnit's `time` attribute. */
export function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}
