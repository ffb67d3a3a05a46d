import type { FastifyError } from 'fastify';

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[]; pattern?: string };
}

/** "email: must match format \"email\"", with the field's path, from Fastify's first validation issue. */
export function describeValidationError(error: FastifyError): { field: string; message: string } {
  const issue = (error.validation?.[0] ?? {}) as AjvIssue;
  const parts = (issue.instancePath ?? '').split('/').filter(Boolean);
  if (issue.keyword === 'required' && issue.params?.missingProperty) parts.push(issue.params.missingProperty);
  if (issue.keyword === 'additionalProperties' && issue.params?.additionalProperty) parts.push(issue.params.additionalProperty);
  const field = parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '') || bodyName(error.validationContext);
  const message = describe(issue);
  return { field, message: `${field}: ${message}` };
}

function describe(issue: AjvIssue): string {
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'enum':
      return `must be one of ${(issue.params?.allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    // A pattern is no wording for a person: `\S` (not only white space) reads "must not be blank", a long
    // one (the ids of a path) "is not in the expected form"; a short one (a ref's letters) stays Ajv's.
    case 'pattern':
      if (issue.params?.pattern === '\\S') return 'must not be blank';
      if ((issue.params?.pattern ?? '').length > 40) return 'is not in the expected form';
      return issue.message ?? 'is not valid';
    default:
      return issue.message ?? 'is not valid';
  }
}

function bodyName(context: string | undefined): string {
  return context === 'querystring' ? 'query' : (context ?? 'body');
}
