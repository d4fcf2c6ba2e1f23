// RFC 6570 level-1 URI templates (`file:///notes/{id}`), the form resource templates use in
// practice: matching a concrete URI yields the variables' values. A variable matches one or more
// characters other than "/", "?" and "#", as simple expansion would have percent-encoded those.

export interface UriTemplate {
  readonly variables: string[];
  match(uri: string): Record<string, string> | undefined;
}

export function parseUriTemplate(template: string): UriTemplate {
  const variables: string[] = [];
  let pattern = '^';
  let last = 0;
  for (const m of template.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
    pattern += escapeRegex(template.slice(last, m.index)) + '([^/?#]+)';
    variables.push(m[1]!);
    last = m.index + m[0].length;
  }
  const regex = new RegExp(`${pattern}${escapeRegex(template.slice(last))}$`);
  return {
    variables,
    match(uri) {
      const m = regex.exec(uri);
      if (!m) return undefined;
      const values: Record<string, string> = {};
      variables.forEach((name, i) => {
        values[name] = safeDecode(m[i + 1]!);
      });
      return values;
    },
  };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
