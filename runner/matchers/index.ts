// Public surface of runner/matchers: scenario patterns (matching and describing), expressions, JSON
// pointers and variable paths, and argument generation from tools' input schemas.
export { matchPattern, type MatchContext, type MatchOutcome } from './match-pattern.js';
export { describePattern } from './describe-pattern.js';
export { evaluate, type EvalContext } from './evaluate.js';
export { getPointer } from './json-pointer.js';
export { getPath, splitPath } from './var-path.js';
export { validArgsFor } from './valid-args.js';
export { isPlainObject, jsonEqual, renderValue } from './json-values.js';
export { RegexTimeoutError } from './compile-regex.js';
