import { describe, expect, it } from 'vitest';
import { conflictAnswer, constraintConflicts, retryingDeadlocks, unknownConflict } from '../../server/http/constraint-conflicts.ts';

// The error handler's 409 for a unique or exclusion violation, and the retry of a deadlock's victim.

describe('conflictAnswer', () => {
  it.each<[string, unknown, ReturnType<typeof conflictAnswer>]>([
    ['an exclusion violation of a known constraint', { code: '23P01', constraint: 'tutor_in_one_place_at_a_time' }, constraintConflicts.tutor_in_one_place_at_a_time],
    ['a unique violation of a known index', { code: '23505', constraint: 'clients_email_key' }, constraintConflicts.clients_email_key],
    ['a unique violation of a name not in the table', { code: '23505', constraint: 'new_thing_key' }, { message: unknownConflict, unknown: 'new_thing_key' }],
    ['a violation without a constraint name', { code: '23P01' }, { message: unknownConflict, unknown: '(unnamed)' }],
    ['a name that is an Object property, not a constraint', { code: '23505', constraint: 'toString' }, { message: unknownConflict, unknown: 'toString' }],
    ['a check violation: not a clash', { code: '23514', constraint: 'orders_booked_within_paid' }, undefined],
    ['a foreign key violation: not a clash', { code: '23503', constraint: 'orders_client_id_fkey' }, undefined],
    ['a deadlock: not a clash', { code: '40P01' }, undefined],
    ['an error without a code', new Error('boom'), undefined],
    ['not an error at all', 'boom', undefined],
    ['null', null, undefined],
  ])('%s', (_label, error, expected) => {
    expect(conflictAnswer(error)).toEqual(expected);
  });
});

describe('retryingDeadlocks', () => {
  const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it.each<[string, unknown[], { calls: number; outcome: unknown }]>([
    ['succeeds at once', ['done'], { calls: 1, outcome: 'done' }],
    ['a deadlock, then success: retried', [deadlock, 'done'], { calls: 2, outcome: 'done' }],
    ['two deadlocks, then success: retried twice', [deadlock, deadlock, 'done'], { calls: 3, outcome: 'done' }],
    ['three deadlocks: the third is thrown', [deadlock, deadlock, deadlock, 'never'], { calls: 3, outcome: deadlock }],
    ['an exclusion violation: thrown at once, never retried', [{ code: '23P01' }, 'never'], { calls: 1, outcome: { code: '23P01' } }],
  ])('%s', async (_label, results, expected) => {
    let calls = 0;
    const work = async () => {
      const result = results[calls++];
      if (typeof result !== 'string') throw result;
      return result;
    };
    const outcome = await retryingDeadlocks(work).catch((error: unknown) => error);
    expect({ calls, outcome }).toEqual(expected);
  });
});
