// Reads a user's YAML or JSON file (a baseline, a --tool-args file) and checks it against one of our
// user-file schemas, reporting every problem with file, line and column, the way scenario files
// are: the read, parse and validate steps every such loader shares, written once.
import { readUserFile } from '../user-file/read-user-file.js';
import { schemaProblems } from './schema-problems.js';
import { userFileSchema, userFileValidator, type UserFileSchema } from './schema-files.js';
import { SourceProblemsError } from './source-problem.js';
import { parseYamlSource } from './yaml-source.js';

interface UserFileSpec {
  /** The stable error code of every problem (`MCPC_BASELINE_INVALID`). */
  code: string;
  /** What the file is, for the read error ("a baseline (YAML or JSON)"). */
  what: string;
  /** The action that failed, for the headline ("read the baseline x.yaml"). */
  action: string;
  schema: UserFileSchema;
  /** The fix when the file cannot be read: for a missing file, and for one we cannot take. */
  fix: { missing: string; unreadable: string };
  /** The value of an empty file. */
  empty: unknown;
}

/** The file's value, valid against its schema; else a SourceProblemsError naming each problem's position. */
export function loadUserFile(file: string, spec: UserFileSpec): unknown {
  const read = readUserFile(file, spec.what);
  if (!read.ok) {
    throw new SourceProblemsError(spec.code, spec.action, [
      { code: spec.code, file, line: 0, column: 0, message: read.message, fix: read.reason === 'missing' ? spec.fix.missing : spec.fix.unreadable },
    ]);
  }
  const source = parseYamlSource(file, read.text, spec.code);
  if (source.problems.length > 0) throw new SourceProblemsError(spec.code, spec.action, source.problems);
  const value = source.value ?? spec.empty;
  const validate = userFileValidator(spec.schema);
  if (!validate(value)) {
    throw new SourceProblemsError(
      spec.code,
      spec.action,
      schemaProblems(validate.errors ?? [], source, { code: spec.code, rootSchema: userFileSchema(spec.schema) }),
    );
  }
  return value;
}
