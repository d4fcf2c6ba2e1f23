// Public surface of schema/scenario: the JSON Schemas of user-written files and the small helpers
// every loader of such files shares (YAML with positions, problems, schema errors, "did you mean").
export { userFileSchema, userFileSchemaPath, userFileValidator, type UserFileSchema } from './schema-files.js';
export { parseYamlSource, pointerSegments, type Position, type YamlSource } from './yaml-source.js';
export { SourceProblemsError, compareProblems, formatProblem, type SourceProblem } from './source-problem.js';
export { schemaProblems, description as schemaDescription, render as renderValue, type SchemaProblemOptions } from './schema-problems.js';
export { didYouMean, editDistance, nearestName, type NearestOptions } from './nearest-name.js';
export * from './vocabulary.js';
