// The name of a cell's test: `scenario @ revision [transport]`, unique within a run.

export function cellTitle(cell: { id: string; revision: string; transport: string }): string {
  return `${cell.id} @ ${cell.revision} [${cell.transport}]`;
}
