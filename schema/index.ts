// Public surface of the schema module: revisions, package-root lookup, protocol message validation and
// validation against user-supplied JSON Schemas. Other modules import from here, never from inner files.
export * from './revisions.js';
export * from './package-root.js';
export * from './protocol-validator.js';
export * from './json-schema-dialects.js';
export * from './user-file/read-user-file.js';
