// The name and version every report's header carries, read once from the installed package.json so
// that API runs and CLI runs report the same tool.
import { readFileSync } from 'node:fs';
import { fromRoot } from '../schema/package-root.js';

let version: string | undefined;

export function toolIdentity(): { name: string; version: string } {
  if (version === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version?: unknown };
      version = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    } catch {
      version = '0.0.0';
    }
  }
  return { name: 'mcp-conform', version };
}
