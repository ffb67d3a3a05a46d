import { Ajv, type AnySchema, type Options } from 'ajv';
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

/**
 * Two validators: one for bodies that never coerces a type (a JSON body says what type it means: `["x"]`
 * is not "x", `true` is not 1, `null` is not 0, and each is a 400 naming the field), and one for query
 * strings, path parameters and headers, which arrive as text and are read as the numbers and arrays their
 * schemas declare.
 */
export function validatorCompiler(): FastifySchemaCompiler<AnySchema> {
  const bodies = new Ajv({ ...shared, coerceTypes: false });
  const texts = new Ajv({ ...shared, coerceTypes: 'array' });
  addFormats.default(bodies);
  addFormats.default(texts);
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodies : texts;
    // Ajv compiles a schema with a given $id once; fastify-openapi-glue adds one to recursive schemas.
    const id = typeof schema === 'object' && schema !== null && '$id' in schema ? (schema.$id as string | undefined) : undefined;
    return (id !== undefined && ajv.getSchema(id)) || ajv.compile(schema);
  };
}
