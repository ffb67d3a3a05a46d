import { Ajv, type AnySchema, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// Fastify's own defaults (@fastify/ajv-compiler), except that unknown fields are refused (400), not dropped.
const shared: Options = {
  removeAdditional: false,
  useDefaults: true,
  allErrors: false,
  addUsedSchema: false,
  allowUnionTypes: true,
  keywords: ['x-extension'],
};

/** Compiles with an Ajv of its own, `coerceTypes` as given. */
function validators(coerceTypes: false | 'array') {
  const ajv = new Ajv({ ...shared, coerceTypes });
  addFormats.default(ajv);
  // A schema is compiled once per process, however many apps are built on the one contract (the server suite
  // builds one per test file): compiling every route's schemas was about 150 ms of each app's start.
  const compiled = new Map<string, ValidateFunction>();
  return (schema: AnySchema): ValidateFunction => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      // Ajv compiles a schema with a given $id once; fastify-openapi-glue adds one to recursive schemas.
      const id = typeof schema === 'object' && schema !== null && '$id' in schema ? (schema.$id as string | undefined) : undefined;
      validate = (id !== undefined && ajv.getSchema(id)) || ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate;
  };
}

const bodies = validators(false);
const texts = validators('array');

/**
 * Two validators: one for bodies that never coerces a type (a JSON body says what type it means: `["x"]`
 * is not "x", `true` is not 1, `null` is not 0, and each is a 400 naming the field), and one for query
 * strings, path parameters and headers, which arrive as text and are read as the numbers and arrays their
 * schemas declare.
 */
export function validatorCompiler(): FastifySchemaCompiler<AnySchema> {
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodies : texts)(schema);
}
