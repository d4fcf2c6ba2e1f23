// Creates the ajv instances used for our protocol schemas and for user-supplied schemas, one per
// JSON Schema dialect, with the same options and formats everywhere.
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isBase64, isJsonPointer, isRelativeJsonPointer, isUri, isUriReference, isUriTemplate } from './linear-formats.js';

export type Dialect = 'draft-07' | '2019-09' | '2020-12';

export type AnyAjv = Ajv | Ajv2019 | Ajv2020;

// ajv-formats is CommonJS: its default export is the plugin function, which also carries itself as
// `.default`; that member is what the type declarations describe.
const addFormats = addFormatsModule.default;

export interface AjvChoices {
  /** Our own schemas are checked strictly (a typo in a keyword fails the build); user schemas are not. */
  strictSchema: boolean;
}

/**
 * Compilation is most of a run's CPU besides waiting (every revision compiles the definitions its
 * messages reach), so our own schemas skip two costs that buy nothing at run time: ajv's code
 * optimisation pass (it shortens the generated code, not its verdicts) and the meta-schema check
 * on every compile (our schemas are fixed; ajv-factory.test.ts checks them against the meta-schema).
 * User schemas keep both: their meta-schema errors are findings.
 */
const OWN_SCHEMA_OPTIONS: Options = { code: { optimize: false }, validateSchema: false };

export function createAjv(dialect: Dialect, choices: AjvChoices): AnyAjv {
  const options: Options = {
    ...(choices.strictSchema ? OWN_SCHEMA_OPTIONS : {}),
    allErrors: true,
    verbose: true,
    strictSchema: choices.strictSchema,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    // Unknown formats and keywords in user schemas are annotations, not failures; never print.
    logger: false,
  };
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : dialect === '2019-09' ? new Ajv2019(options) : new Ajv(options);
  addFormats(ajv);
  // The formats of our protocol schemas, in linear time: ajv-formats' expressions for them run
  // out of stack on legal multi-megabyte values (a base64 image, a data: URI). linear-formats.ts.
  ajv.addFormat('byte', isBase64);
  ajv.addFormat('uri', isUri);
  ajv.addFormat('uri-template', isUriTemplate);
  // Formats only targets' own schemas use (an outputSchema), overflowing the same way near 50 MB.
  ajv.addFormat('uri-reference', isUriReference);
  ajv.addFormat('json-pointer', (text: string) => isJsonPointer(text));
  ajv.addFormat('relative-json-pointer', isRelativeJsonPointer);
  return ajv;
}
