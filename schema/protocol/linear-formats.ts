// The string formats our protocol schemas use (`byte`, `uri`, `uri-template`), checked by a single
// left-to-right scan instead of ajv-formats' regular expressions. Those expressions repeat a group
// once per character, and V8's backtracking engine keeps a stack frame per repetition: a legal 6 MB
// base64 image ran it out of stack ("Maximum call stack size exceeded"), and a data: URI or a
// template of about 12 MB did the same. These functions take time linear in the string and no
// stack; they accept what the ajv-formats expressions accept (format-equivalence tests compare them
// on generated strings), with one deliberate difference noted at `isBase64`.

const ALPHA = 1;
const DIGIT = 2;
const HEX = 4;
/** RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". */
const UNRESERVED = 8;
/** RFC 3986 sub-delims: "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=". */
const SUB_DELIM = 16;
/** ASCII characters a URI template may not hold literally: CTL, space, '"', "'", "%", "<", ">", "\", "^", "`", "{", "|", "}". */
const NOT_TEMPLATE_LITERAL = 64;

const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  let bits = 0;
  if (/[A-Za-z]/.test(ch)) bits |= ALPHA | UNRESERVED;
  if (/[0-9]/.test(ch)) bits |= DIGIT | UNRESERVED;
  if (/[0-9A-Fa-f]/.test(ch)) bits |= HEX;
  if ('-._~'.includes(ch)) bits |= UNRESERVED;
  if ("!$&'()*+,;=".includes(ch)) bits |= SUB_DELIM;
  if (c <= 0x20 || '"\'%<>\\^`{|}'.includes(ch)) bits |= NOT_TEMPLATE_LITERAL;
  CLASS[c] = bits;
}

function has(code: number, bits: number): boolean {
  return code < 128 && (CLASS[code]! & bits) !== 0;
}

/**
 * Base64 (RFC 4648 section 4): groups of four characters of the alphabet, the last one optionally
 * padded with "=" or "==". Line breaks (CR, LF) between characters are skipped: MIME-style
 * wrapped base64 decodes the same, and no sentence of MCP forbids it. ajv-formats' expression, run
 * in multi-line mode, accepted any text one of whose lines was base64 ("***\n" passed); this
 * function judges the whole string.
 */
export function isBase64(text: string): boolean {
  // The data: found by a native search for one character outside the alphabet (no repetition, so
  // no stack either), three times faster than a loop here; then the padding, looked at one by one.
  const stop = text.search(NOT_DATA);
  const end = stop === -1 ? text.length : stop;
  let count = text.indexOf('\n') === -1 && text.indexOf('\r') === -1 ? end : end - lineBreaks(text, end);
  let padding = 0;
  for (let i = end; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) continue;
    if (code !== 61 /* = */ || ++padding > 2) return false;
    count++;
  }
  return count % 4 === 0;
}

const NOT_DATA = /[^A-Za-z0-9+/\r\n]/;

function lineBreaks(text: string, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) n++;
  }
  return n;
}

/** Whether text[i..] starts with "%" and two hex digits. */
function pctAt(text: string, i: number): boolean {
  return text.charCodeAt(i) === 37 && has(text.charCodeAt(i + 1), HEX) && has(text.charCodeAt(i + 2), HEX);
}

/**
 * Scans text[from..to) made of single characters accepted by `ok` and percent-encodings; true when
 * every character is one of those.
 */
function scan(text: string, from: number, to: number, ok: (code: number) => boolean): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 37) {
      if (!pctAt(text, i) || i + 2 >= to) return false;
      i += 2;
    } else if (!ok(code)) {
      return false;
    }
  }
  return true;
}

/** pchar without the percent-encoding: unreserved / sub-delims / ":" / "@". */
const isPchar = (code: number) => has(code, UNRESERVED | SUB_DELIM) || code === 58 || code === 64;
/** Query and fragment characters: pchar / "/" / "?". */
const isQueryChar = (code: number) => isPchar(code) || code === 47 || code === 63;
/** userinfo: unreserved / sub-delims / ":". */
const isUserinfoChar = (code: number) => has(code, UNRESERVED | SUB_DELIM) || code === 58;
/** reg-name: unreserved / sub-delims. */
const isRegNameChar = (code: number) => has(code, UNRESERVED | SUB_DELIM);

/** ajv-formats' uri-reference also takes '"' in paths, queries and fragments. */
const isPcharRef = (code: number) => isPchar(code) || code === 34;
const isQueryCharRef = (code: number) => isQueryChar(code) || code === 34;

/** Segments separated by "/" from `from` to `to`, each of pchars (empty allowed). */
function segments(text: string, from: number, to: number, pchar = isPchar): boolean {
  return scan(text, from, to, (code) => pchar(code) || code === 47);
}

/** IPv6address (RFC 3986): eight 16-bit pieces, "::" once for a run of zeros, an IPv4 tail allowed. */
function isIpv6(text: string): boolean {
  if (text.length < 2 || text.length > 45) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const pieces = (part: string): string[] | undefined => (part === '' ? [] : part.split(':'));
  const head = pieces(halves[0]!);
  const tail = halves.length === 2 ? pieces(halves[1]!) : [];
  if (!head || !tail) return false;
  const all = [...head, ...tail];
  let units = 0;
  // An IPv4 tail only ends the address: "1.2.3.4::" is no address.
  const endsInPiece = halves.length === 1 || tail.length > 0;
  for (let k = 0; k < all.length; k++) {
    const piece = all[k]!;
    if (k === all.length - 1 && endsInPiece && piece.includes('.')) {
      if (!isIpv4(piece)) return false;
      units += 2;
    } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
      units += 1;
    } else {
      return false;
    }
  }
  return halves.length === 2 ? units <= 7 : units === 8;
}

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d|0\d\d?)$/.test(p));
}

/** An IP-literal's content: an IPv6 address, or "v" HEX+ "." (unreserved / sub-delims / ":")+. */
function isIpLiteral(text: string): boolean {
  if (isIpv6(text)) return true;
  if (text.charCodeAt(0) !== 118 && text.charCodeAt(0) !== 86) return false;
  const dot = text.indexOf('.');
  if (dot < 2) return false;
  for (let i = 1; i < dot; i++) if (!has(text.charCodeAt(i), HEX)) return false;
  if (dot === text.length - 1) return false;
  for (let i = dot + 1; i < text.length; i++) if (!isUserinfoChar(text.charCodeAt(i))) return false;
  return true;
}

/** authority = [ userinfo "@" ] host [ ":" port ], over text[from..to) (no "/" in it). */
function authority(text: string, from: number, to: number): boolean {
  let hostStart = from;
  const at = text.lastIndexOf('@', to - 1);
  if (at >= from) {
    if (!scan(text, from, at, isUserinfoChar)) return false;
    hostStart = at + 1;
  }
  let portColon = -1;
  if (text.charCodeAt(hostStart) === 91 /* [ */) {
    const close = text.indexOf(']', hostStart);
    if (close === -1 || close >= to || !isIpLiteral(text.slice(hostStart + 1, close))) return false;
    if (close + 1 < to) {
      if (text.charCodeAt(close + 1) !== 58) return false;
      portColon = close + 1;
    }
  } else {
    const colon = text.indexOf(':', hostStart);
    const hostEnd = colon !== -1 && colon < to ? colon : to;
    if (!scan(text, hostStart, hostEnd, isRegNameChar)) return false;
    if (hostEnd < to) portColon = hostEnd;
  }
  if (portColon !== -1) for (let i = portColon + 1; i < to; i++) if (!has(text.charCodeAt(i), DIGIT)) return false;
  return true;
}

/** "//"-less or "//" authority followed by "/"-led segments: hier-part's authority form, over text[from..to). */
function authorityAndPath(text: string, from: number, to: number, pchar = isPchar): boolean {
  let slash = text.indexOf('/', from);
  if (slash === -1 || slash > to) slash = to;
  return authority(text, from, slash) && segments(text, slash, to, pchar);
}

/**
 * hier-part, over text[from..to) (no "?" or "#" in it): an authority after "//" (or, as the
 * ajv-formats expression also allows, after a single "/"), an absolute path, or a rootless path.
 */
function hierPart(text: string, from: number, to: number, pchar = isPchar): boolean {
  const first = text.charCodeAt(from);
  if (from < to && first === 47) {
    if (from + 1 < to && text.charCodeAt(from + 1) === 47 && authorityAndPath(text, from + 2, to, pchar)) return true;
    if (authorityAndPath(text, from + 1, to, pchar)) return true;
    // path-absolute: "/" [ segment-nz *( "/" segment ) ]
    return from + 1 === to || (text.charCodeAt(from + 1) !== 47 && segments(text, from + 1, to, pchar));
  }
  // path-rootless: segment-nz *( "/" segment )
  return from < to && segments(text, from, to, pchar);
}

/** The index after "scheme:" at the start of text, or -1. */
function afterScheme(text: string): number {
  if (!has(text.charCodeAt(0), ALPHA)) return -1;
  let i = 1;
  while (i < text.length && (has(text.charCodeAt(i), ALPHA | DIGIT) || '+-.'.includes(text[i]!))) i++;
  return text.charCodeAt(i) === 58 ? i + 1 : -1;
}

/** hier-part [ "?" query ] [ "#" fragment ] from `from`; `hierOptional` for a reference. */
function afterSchemePart(text: string, from: number, pchar: (code: number) => boolean, query: (code: number) => boolean, hierOptional: boolean): boolean {
  let hierEnd = from;
  while (hierEnd < text.length && text.charCodeAt(hierEnd) !== 63 && text.charCodeAt(hierEnd) !== 35) hierEnd++;
  if (!(hierOptional && hierEnd === from) && !hierPart(text, from, hierEnd, pchar)) return false;
  let end = hierEnd;
  if (text.charCodeAt(end) === 63) {
    let queryEnd = end + 1;
    while (queryEnd < text.length && text.charCodeAt(queryEnd) !== 35) queryEnd++;
    if (!scan(text, end + 1, queryEnd, query)) return false;
    end = queryEnd;
  }
  if (end < text.length) return scan(text, end + 1, text.length, query);
  return true;
}

/** An absolute URI (RFC 3986): scheme ":" hier-part [ "?" query ] [ "#" fragment ]. */
export function isUri(text: string): boolean {
  const start = afterScheme(text);
  return start !== -1 && afterSchemePart(text, start, isPchar, isQueryChar, false);
}

/** A URI reference: a URI, or the same without its scheme, the hier-part possibly empty. */
export function isUriReference(text: string): boolean {
  const start = afterScheme(text);
  if (start !== -1 && afterSchemePart(text, start, isPcharRef, isQueryCharRef, true)) return true;
  return afterSchemePart(text, 0, isPcharRef, isQueryCharRef, true);
}

/** A JSON Pointer (RFC 6901): empty, or "/"-led reference tokens where "~" is only "~0" or "~1". */
export function isJsonPointer(text: string, from = 0): boolean {
  if (from < text.length && text.charCodeAt(from) !== 47) return false;
  for (let i = from; i < text.length; i++) {
    if (text.charCodeAt(i) === 126 /* ~ */) {
      const next = text.charCodeAt(i + 1);
      if (next !== 48 && next !== 49) return false;
      i++;
    }
  }
  return true;
}

/** A relative JSON Pointer: a non-negative integer without leading zeros, then "#" or a JSON Pointer. */
export function isRelativeJsonPointer(text: string): boolean {
  let i = 0;
  while (has(text.charCodeAt(i), DIGIT)) i++;
  if (i === 0 || (i > 1 && text.charCodeAt(0) === 48)) return false;
  if (i === text.length - 1 && text.charCodeAt(i) === 35) return true;
  return isJsonPointer(text, i);
}

/** Literal characters of a URI template: any character but those of NOT_TEMPLATE_LITERAL. */
function isTemplateLiteral(code: number): boolean {
  return !has(code, NOT_TEMPLATE_LITERAL);
}

const OPERATORS = '+#./;?&=,!@|';

/** One varname: ( ALPHA / DIGIT / "_" / pct-encoded )+, from `i`; the index after it, or -1. */
function varname(text: string, i: number): number {
  const start = i;
  for (;;) {
    const code = text.charCodeAt(i);
    if (has(code, ALPHA | DIGIT) || code === 95) i++;
    else if (code === 37 && pctAt(text, i)) i += 3;
    else break;
  }
  return i > start ? i : -1;
}

/** One varspec (varname and an optional ":" max-length or "*"), from `i`; the index after it, or -1. */
function varspec(text: string, i: number): number {
  i = varname(text, i);
  if (i === -1) return -1;
  if (text.charCodeAt(i) === 42 /* * */) return i + 1;
  if (text.charCodeAt(i) !== 58) return i;
  const code = text.charCodeAt(i + 1);
  if (code < 49 || code > 57) return -1;
  let digits = 1;
  i += 2;
  while (has(text.charCodeAt(i), DIGIT) && digits < 4) {
    i++;
    digits++;
  }
  return i;
}

/** A URI template (RFC 6570, level 4 syntax): literals and "{" [operator] varspec *( "," varspec ) "}". */
export function isUriTemplate(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 123 /* { */) {
      i++;
      if (i < text.length && OPERATORS.includes(text[i]!)) i++;
      i = varspec(text, i);
      while (i !== -1 && text.charCodeAt(i) === 44 /* , */) i = varspec(text, i + 1);
      if (i === -1 || text.charCodeAt(i) !== 125 /* } */) return false;
      i++;
    } else if (code === 37) {
      if (!pctAt(text, i)) return false;
      i += 3;
    } else if (isTemplateLiteral(code)) {
      i++;
    } else {
      return false;
    }
  }
  return true;
}
