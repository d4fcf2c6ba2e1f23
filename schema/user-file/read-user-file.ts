// Reads a file a user named on the command line (a scenario file, a baseline) and says precisely
// why it cannot be used: missing, a directory, a device or pipe (reading /dev/zero never ends), or
// larger than any sane file of its kind (reading it whole would exhaust memory). Callers turn the
// reason into their own coded problem with the flag to fix.
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

/** Scenario files and baselines are a few kilobytes; 8 MiB leaves room for generated ones. */
const USER_FILE_MAX_BYTES = 8 * 1024 * 1024;

export type UserFileRead =
  | { ok: true; text: string }
  | { ok: false; reason: 'missing' | 'directory' | 'not-regular' | 'too-large' | 'unreadable'; message: string };

/** What the user should pass instead, in words; e.g. "a YAML scenario file". */
export function readUserFile(file: string, what: string, maxBytes = USER_FILE_MAX_BYTES): UserFileRead {
  let kind: ReturnType<typeof statSync>;
  try {
    kind = statSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing', message: `${file} does not exist.` };
    return { ok: false, reason: 'unreadable', message: `${file} cannot be read (${code ?? String(err)}).` };
  }
  if (kind.isDirectory()) return { ok: false, reason: 'directory', message: `${file} is a directory, not ${what}.` };
  if (!kind.isFile())
    return { ok: false, reason: 'not-regular', message: `${file} is not a regular file (a device, pipe or socket), so it cannot be ${what}.` };
  if (kind.size > maxBytes) return tooLarge(file, kind.size, maxBytes);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    // The size may change between stat and read: read at most one byte past the cap.
    const limit = Math.min(fstatSync(fd).size, maxBytes) + 1;
    const buffer = Buffer.alloc(limit);
    let filled = 0;
    for (;;) {
      const n = readSync(fd, buffer, filled, limit - filled, null);
      if (n === 0) break;
      filled += n;
      if (filled === limit) break;
    }
    if (filled > maxBytes) return tooLarge(file, filled, maxBytes);
    return { ok: true, text: buffer.subarray(0, filled).toString('utf8') };
  } catch (err) {
    return { ok: false, reason: 'unreadable', message: `${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}).` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function tooLarge(file: string, size: number, maxBytes: number): UserFileRead {
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return { ok: false, reason: 'too-large', message: `${file} is larger than ${mib(maxBytes)} (at least ${mib(size)}).` };
}
