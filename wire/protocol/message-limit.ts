// The runner's own bound on one message. It keeps a target (or client) that writes without end
// from exhausting the runner's memory; it is a resource limit of mcp-conform, not a rule of MCP,
// which sets no size on a message. Exceeding it therefore never fails a rule of the peer: the
// conversation can no longer be judged, and the cell errors with a reason that says how to raise it.

/** 64 MiB: a 41 MB tools/list and a 50 MB image are legal messages and must fit by default. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Bounds of the option: a handshake needs a few hundred bytes; JavaScript strings hold about 512 million characters. */
export const MIN_MESSAGE_BYTES = 1024;
export const MAX_MESSAGE_BYTES_CEILING = 256 * 1024 * 1024;

/** The command-line flag that raises the limit (the API option is `maxMessageBytes`). */
const MAX_MESSAGE_FLAG = '--max-message-bytes';

/** "64 MiB", "512 KiB" or "1000 bytes": the limit as the user would write it. */
function describeLimit(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes}-byte`;
}

/** Why a conversation could not be judged: a message of `sender` was over the limit. */
export function overLimitReason(sender: 'target' | 'client', limitBytes: number): string {
  return `a message from the ${sender} exceeded mcp-conform's ${describeLimit(limitBytes)} limit; raise it with ${MAX_MESSAGE_FLAG}`;
}
