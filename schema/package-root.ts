// Locates the installed package's root folder so data files (schemas, rules, suites) load the same
// from sources (tests), from dist/ (the CLI) and from an npm install.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'schema'))) {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Failed to locate the mcp-conform package root: no package.json above ' + import.meta.url);
    dir = parent;
  }
}

export function fromRoot(...segments: string[]): string {
  return join(packageRoot(), ...segments);
}
