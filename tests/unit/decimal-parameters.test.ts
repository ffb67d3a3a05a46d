import { describe, expect, it } from 'vitest';
import { findNonDecimal } from '../../server/http/input-guards.ts';

// Integer path and query parameters are read from decimal digits only, before Ajv's coercion reads them
// the way Number() does.

const schema = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, year: { type: ['integer', 'null'] }, ref: { type: 'string' }, price: { type: 'number' } },
};
const refused = (field: string) => ({ field, message: 'must be a whole number written in decimal digits (0-9)' });

describe('findNonDecimal', () => {
  it.each<[string, Record<string, unknown>, ReturnType<typeof findNonDecimal>]>([
    ['digits', { id: '16' }, undefined],
    ['leading zeros are still decimal', { id: '0016' }, undefined],
    ['hexadecimal', { id: '0x10' }, refused('id')],
    ['binary', { id: '0b10000' }, refused('id')],
    ['octal', { id: '0o20' }, refused('id')],
    ['an exponent', { id: '1e1' }, refused('id')],
    ['a plus sign', { id: '+16' }, refused('id')],
    ['a minus sign', { id: '-16' }, refused('id')],
    ['white space before', { id: ' 16' }, refused('id')],
    ['white space after', { id: '16\n' }, refused('id')],
    ['a decimal point', { id: '16.0' }, refused('id')],
    ['empty', { id: '' }, refused('id')],
    ['Arabic-Indic digits', { id: '١٦' }, refused('id')],
    ['a type list holding integer', { year: '0x5' }, refused('year')],
    ['each value of a repeated parameter', { id: ['16', '0x10'] }, refused('id')],
    ['a string parameter takes any text', { ref: '0x10' }, undefined],
    ['a number parameter is not an id', { price: '1e1' }, undefined],
    ['a parameter the schema does not know', { other: '0x10' }, undefined],
    ['the first refused, in the order given', { id: '0x10', year: '1e1' }, refused('id')],
  ])('%s', (_label, values, expected) => {
    expect(findNonDecimal(values, schema)).toEqual(expected);
  });

  it('without a schema, or without values, finds nothing', () => {
    expect(findNonDecimal({ id: '0x10' }, undefined)).toBeUndefined();
    expect(findNonDecimal(undefined, schema)).toBeUndefined();
  });
});
