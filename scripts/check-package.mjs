// Checks the package as npm would publish it: packs the built tree into a tarball (without running
// the build again), then lints the tarball's package.json and file list with publint and resolves
// every entry point's types the way TypeScript does with attw ("are the types wrong"). The package
// is ESM only, so attw's esm-only profile applies: CommonJS consumers are not a target.
// Run after `npm run build`; exits non-zero on any problem.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcp-conform-pack-'));
let failed = false;

try {
  const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const [{ filename, entryCount }] = JSON.parse(packed.stdout);
  const tarball = join(scratch, filename);

  const bytes = readFileSync(tarball);
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const { messages } = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    level: 'suggestion',
    strict: true,
  });
  for (const message of messages) console.log(`publint ${message.type}: ${formatMessage(message, pkg)}`);
  if (messages.length > 0) failed = true;
  else console.log(`publint: ${filename} (${entryCount} files) has no problems`);

  const attw = join(ROOT, 'node_modules', '.bin', 'attw');
  const types = spawnSync(attw, [tarball, '--profile', 'esm-only', '--format', 'table-flipped', '--no-emoji', '--no-color'], {
    encoding: 'utf8',
  });
  process.stdout.write(types.stdout);
  process.stderr.write(types.stderr);
  if (types.status !== 0) failed = true;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
