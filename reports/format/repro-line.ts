// Block (d) of a finding (DESIGN rule 5): the one command that reruns exactly this cell, on a line
// of its own so it can be copied whole.
import { field } from './field.js';
import type { Style } from './style.js';

export function renderReproLine(command: string, style: Style): string[] {
  return field(style, 'reproduce', style.bold(command), { trusted: true });
}
