// Reads a WWW-Authenticate header (RFC 9110 section 11.6.1) into challenges, so `http` steps can
// match the scheme and auth-params of a 401 or 403 (RFC 6750 `error`, `scope`; RFC 9728
// `resource_metadata`) instead of regular expressions over the raw header.

export interface AuthChallenge {
  /** The auth-scheme, lower-cased (`bearer`), since schemes compare case-insensitively. */
  scheme: string;
  /** Auth-params by lower-cased name, quoted strings unescaped; the first of a repeated name wins. */
  params: Record<string, string>;
  /** A token68 credential instead of auth-params (`Negotiate abc==`), if any. */
  token68?: string;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*/;

/** Every challenge of the header, in order; malformed tails end the list rather than throw. */
export function parseAuthChallenges(header: string | undefined): AuthChallenge[] {
  if (header === undefined) return [];
  const out: AuthChallenge[] = [];
  let rest = header;
  const skip = (re: RegExp) => {
    rest = rest.replace(re, '');
  };
  for (;;) {
    skip(/^[\s,]+/);
    const scheme = TOKEN.exec(rest)?.[0];
    if (scheme === undefined) return out;
    rest = rest.slice(scheme.length);
    const challenge: AuthChallenge = { scheme: scheme.toLowerCase(), params: {} };
    out.push(challenge);
    skip(/^[ \t]+/);
    // token68: a credential that ends the challenge (an auth-param would go on with a value).
    const t68 = TOKEN68.exec(rest)?.[0];
    if (t68 !== undefined && /^\s*(,|$)/.test(rest.slice(t68.length))) {
      challenge.token68 = t68;
      rest = rest.slice(t68.length);
      continue;
    }
    // auth-params: name = token / quoted-string, separated by commas, until the next scheme.
    for (;;) {
      const save = rest;
      skip(/^[\s,]+/);
      const name = TOKEN.exec(rest)?.[0];
      if (name === undefined) return out;
      const afterName = rest.slice(name.length);
      const eq = /^\s*=\s*/.exec(afterName);
      if (!eq) {
        // Not `name=`: the start of the next challenge.
        rest = save;
        break;
      }
      rest = afterName.slice(eq[0].length);
      let value: string;
      if (rest.startsWith('"')) {
        let i = 1;
        value = '';
        while (i < rest.length && rest[i] !== '"') {
          if (rest[i] === '\\' && i + 1 < rest.length) i++;
          value += rest[i];
          i++;
        }
        rest = rest.slice(i + 1);
      } else {
        value = TOKEN.exec(rest)?.[0] ?? '';
        rest = rest.slice(value.length);
      }
      const key = name.toLowerCase();
      if (!Object.hasOwn(challenge.params, key)) challenge.params[key] = value;
    }
  }
}

/** The first Bearer challenge (RFC 6750), else the first challenge of any scheme; undefined without one. */
export function primaryChallenge(header: string | undefined): AuthChallenge | undefined {
  const all = parseAuthChallenges(header);
  return all.find((c) => c.scheme === 'bearer') ?? all[0];
}
