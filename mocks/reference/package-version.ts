// The version of the installed mcp-conform package, reported as the reference server's version.
// Read once from package.json so it is right from sources, from dist/ and from an npm install.
import { readFileSync } from 'node:fs';
import { fromRoot } from '../../schema/package-root.js';

let cached: string | undefined;

export function packageVersion(): string {
  if (cached === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version?: unknown };
      cached = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    } catch {
      cached = '0.0.0';
    }
  }
  return cached;
}
