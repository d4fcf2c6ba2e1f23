// Fills `${path}` placeholders in the strings of a mock file's answers with values of the request
// (tool arguments, prompt arguments, template variables). A string that is exactly one
// placeholder takes the value's own type, so `${arguments.count}` can stay a number.

const WHOLE = /^\$\{([A-Za-z_][\w.-]*)\}$/;
const PART = /\$\{([A-Za-z_][\w.-]*)\}/g;

function lookup(values: Record<string, unknown>, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Returns a copy of `template` with placeholders filled; unknown placeholders become "". */
export function substitute(template: unknown, values: Record<string, unknown>): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole) return lookup(values, whole[1]!) ?? '';
    return template.replace(PART, (_, path: string) => {
      const value = lookup(values, path);
      if (value === undefined) return '';
      return typeof value === 'string' ? value : JSON.stringify(value);
    });
  }
  if (Array.isArray(template)) return template.map((item) => substitute(item, values));
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, substitute(value, values)]));
  }
  return template;
}
