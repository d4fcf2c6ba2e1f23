// The syslog severities MCP logging uses, in ascending order, and the filter a level sets.
// Shared by logging/setLevel (stateful) and the per-request logLevel `_meta` (2026-07-28).

export const LOGGING_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export type LoggingLevel = (typeof LOGGING_LEVELS)[number];

export function isLoggingLevel(value: unknown): value is LoggingLevel {
  return typeof value === 'string' && (LOGGING_LEVELS as readonly string[]).includes(value);
}

/** True when a message at `level` passes a client's `threshold` (at or above it). */
export function passesLevel(level: LoggingLevel, threshold: LoggingLevel): boolean {
  return LOGGING_LEVELS.indexOf(level) >= LOGGING_LEVELS.indexOf(threshold);
}
