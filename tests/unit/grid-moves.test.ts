import { describe, expect, it } from 'vitest';
import { type GridHours, type GridMove, type GridPlace, firstPlace, moveIn, moveOfKey, nearestPlace } from '../../src/components/week-grid/grid-moves.ts';

// The slot grid's keyboard moves (WAI-ARIA grid pattern): a column per day, Sunday to Saturday, each with
// the hours that day offers.
//        SU   MO     TU   WE     TH     FR   SA
const week: GridHours = [[], ['09:00'], [], ['15:00', '16:00'], ['15:00'], [], ['09:00', '16:00']];
const at = (column: number, time: string): GridPlace => ({ column, time });

describe('moves in a week', () => {
  it.each<[string, GridPlace, GridMove, GridPlace]>([
    ["down: the day's next hour", at(3, '15:00'), 'down', at(3, '16:00')],
    ['down from the last hour: stays', at(3, '16:00'), 'down', at(3, '16:00')],
    ["up: the day's previous hour", at(6, '16:00'), 'up', at(6, '09:00')],
    ['up from the first hour: stays', at(6, '09:00'), 'up', at(6, '09:00')],
    ['right: the same hour on the next day that has it', at(3, '15:00'), 'right', at(4, '15:00')],
    ['right: days without the hour are skipped', at(3, '16:00'), 'right', at(6, '16:00')],
    ['right: no later day has the hour: stays', at(4, '15:00'), 'right', at(4, '15:00')],
    ['right from the last column: stays', at(6, '09:00'), 'right', at(6, '09:00')],
    ['left: skips to the previous day that has the hour', at(6, '09:00'), 'left', at(1, '09:00')],
    ['left: no earlier day has it: stays', at(3, '16:00'), 'left', at(3, '16:00')],
    ['left from the first column: stays', at(1, '09:00'), 'left', at(1, '09:00')],
    ['Home: the first day with the hour', at(6, '16:00'), 'rowStart', at(3, '16:00')],
    ['End: the last day with the hour', at(3, '15:00'), 'rowEnd', at(4, '15:00')],
    ["Ctrl+Home: the week's first hour", at(6, '16:00'), 'weekStart', at(1, '09:00')],
    ["Ctrl+End: the week's last hour", at(1, '09:00'), 'weekEnd', at(6, '16:00')],
  ])('%s', (_, from, move, to) => {
    expect(moveIn(week, from, move)).toEqual(to);
  });

  it('an empty week has no first hour; a move there stays', () => {
    const empty: GridHours = [[], [], [], [], [], [], []];
    expect(firstPlace(empty)).toBeNull();
    expect(moveIn(empty, at(0, '09:00'), 'weekEnd')).toEqual(at(0, '09:00'));
  });
});

describe('keys', () => {
  it.each<[string, boolean, GridMove | null]>([
    ['ArrowDown', false, 'down'],
    ['ArrowUp', false, 'up'],
    ['ArrowRight', false, 'right'],
    ['ArrowLeft', false, 'left'],
    ['Home', false, 'rowStart'],
    ['End', false, 'rowEnd'],
    ['Home', true, 'weekStart'],
    ['End', true, 'weekEnd'],
    // Enter and Space press the hour (a button's own); Page Up/Down change the week; Tab leaves.
    ['Enter', false, null],
    [' ', false, null],
    ['PageDown', false, null],
    ['Tab', false, null],
  ])('%j (ctrl %s): %s', (key, ctrl, move) => {
    expect(moveOfKey(key, ctrl)).toBe(move);
  });
});

describe('where the focus lands in another week', () => {
  it.each<[string, GridPlace, GridPlace | null]>([
    ['the same day and hour', at(3, '16:00'), at(3, '16:00')],
    ["that day's nearest hour", at(6, '15:00'), at(6, '16:00')],
    ['the same hour on the nearest day, when that day has none', at(5, '15:00'), at(4, '15:00')],
    ['nearest day, earlier first on a tie', at(2, '09:00'), at(1, '09:00')],
    ["else the week's first hour", at(0, '12:00'), at(1, '09:00')],
  ])('%s', (_, wanted, place) => {
    expect(nearestPlace(week, wanted)).toEqual(place);
  });

  it('a week without hours: nowhere', () => {
    expect(nearestPlace([[], [], [], [], [], [], []], at(3, '15:00'))).toBeNull();
  });
});
