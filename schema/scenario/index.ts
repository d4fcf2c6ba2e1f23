// Public surface of schema/scenario: the JSON Schemas of user-written files and the small helpers
// every loader of such files shares (YAML with positions, problems, schema errors, "did you mean").
export { userFileSchema, userFileValidator } from './schema-files.js';
export { parseYamlSource, pointerSegments, type Position, type YamlSource } from './yaml-source.js';
export { SourceProblemsError, compareProblems, type SourceProblem } from './source-problem.js';
export { schemaProblems } from './schema-problems.js';
export { loadUserFile } from './load-user-file.js';
export { didYouMean, nearestName } from './nearest-name.js';
export * from './vocabulary.js';
