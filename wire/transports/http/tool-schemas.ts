// What the transport knows of the target's tools: the inputSchemas its 2026-07-28 tools/list
// answers named, by revision and tool name. A tools/call then carries the Mcp-Param-* headers its
// tool's x-mcp-header annotations ask for. One book is shared by the transports of a run, so that
// the probe's listing serves every cell after it.
import { listedInputSchemas } from '../../protocol/index.js';

export class ToolSchemaBook {
  private readonly schemas = new Map<string, unknown>();

  /** Reads the tools of a tools/list answer (a response message) given at `revision`. */
  learn(revision: string, response: unknown): void {
    for (const [name, inputSchema] of listedInputSchemas(response)) this.schemas.set(key(revision, name), inputSchema);
  }

  inputSchema(revision: string, name: string): unknown {
    return this.schemas.get(key(revision, name));
  }
}

function key(revision: string, name: string): string {
  return `${revision}\u0000${name}`;
}
