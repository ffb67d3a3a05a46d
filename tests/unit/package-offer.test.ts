import { describe, expect, it, vi } from 'vitest';
import { type BookingEntry, type LessonData, type PackageForm, emptyDraft, withForm, withLessons } from '../../machines/booking/booking-draft.ts';
import { learnersOf } from '../../machines/booking/booking-learners.ts';
import {
  type ClientPackage,
  type Package,
  draftWithOffer,
  lessonCountsOf,
  lessonDataOf,
  lessonsLabelOf,
  loadOffer,
  packagePrice,
  packageQueryOf,
  priceOf,
  remainingDraft,
  remainingRows,
  renewalSource,
  restoredChoice,
  savedChoiceOf,
  stepOfEntry,
  unreadablePackageText,
  validLessons,
} from '../../machines/booking/package-offer.ts';
import { sampleForm, sampleLessons, individualForm } from '../support/draft-fixtures.ts';

const gold: Package = { id: 3, name: 'GOLD', description: '<p>12 one-hour classes</p>', numberofclass: 12, types: 'One-to-one', offers: 'Save 5%', total: 684, duration_days: 45, mostPopular: true };
const silver: Package = { ...gold, id: 2, name: 'SILVER', numberofclass: 6, offers: '', total: 360, duration_days: 30, mostPopular: false };

const single: PackageForm = { ...sampleForm, subject: ['Mathematics', 'English'] };
const together: PackageForm = { ...single, students: 2, name2: 'Lina Ahmed', studyType: 'yes' };
const individual: PackageForm = individualForm(['Mathematics'], ['English', 'Science']);

const learnersOfForm = (form: PackageForm, studentType: 1 | 2 | null = null) => {
  const learners = learnersOf(form, studentType);
  if (!learners) throw new Error('a fixture form without learners');
  return learners;
};

const clientPackage = (id: number, saved: unknown, more: Partial<ClientPackage> = {}): ClientPackage => ({
  id,
  clientid: 7,
  packageForm: typeof saved === 'string' ? saved : JSON.stringify(saved),
  bookingdata: { bookdata: [] },
  purches_status: 1,
  booked_classess: 4,
  total_classess: 12,
  remaining_classess: 8,
  completed_classess: 2,
  created_at: `2026-11-${String(id).padStart(2, '0')}T10:00:00Z`,
  ...more,
});

/** The provider's own saved shape: one student, without name2 and studyType. */
const providerForm = { students: 1, name1: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] };

describe('the step of an entry', () => {
  it.each([
    ['new', 'packages'],
    ['renewal', 'renewPackages'],
    ['remaining', 'remainingPackage'],
    ['pendingPayment', 'packages'],
  ] as const)('%s → %s', (entry, step) => {
    expect(stepOfEntry(entry)).toBe(step);
  });
});

describe('a saved package, opened', () => {
  it.each([
    ['a full form', { lessonData: sampleLessons, packageFormData: single }, { form: single, studentType: null }],
    ["the provider's form without name2 and studyType", { lessonData: { packageName: 'GOLD' }, packageFormData: providerForm }, { form: { ...providerForm, name2: '', studyType: null }, studentType: null }],
    ['an individual booking of the second student', { lessonData: { studentName: { name1: 'Lina Ahmed' } }, packageFormData: individual }, { form: individual, studentType: 2 }],
    ['an individual booking of the first student', { lessonData: { studentName: { name1: 'Adam Ahmed' } }, packageFormData: individual }, { form: individual, studentType: 1 }],
    ['an individual booking that names no student: the first', { packageFormData: individual }, { form: individual, studentType: 1 }],
  ])('%s', (_label, saved, expected) => {
    expect(savedChoiceOf(clientPackage(1, saved))).toMatchObject(expected);
  });

  it.each([
    ['not JSON', '{broken'],
    ['a JSON array', '[]'],
    ['no packageFormData', { lessonData: sampleLessons }],
    ['a form of another shape', { packageFormData: { ...single, subject: 'Mathematics' } }],
    ['a form without a year', { packageFormData: { ...single, program: '' } }],
    ['a form without subjects', { packageFormData: { ...single, subject: [] } }],
  ])('%s: cannot be opened', (_label, saved) => {
    expect(savedChoiceOf(clientPackage(1, saved))).toBeNull();
  });
});

describe('the package a renewal renews', () => {
  const readable = { lessonData: sampleLessons, packageFormData: single };

  it.each([
    ['the newest paid one', [clientPackage(1, readable), clientPackage(3, readable, { remaining_classess: 2 }), clientPackage(2, readable)], 3, 2],
    ['paid only (the newest is unpaid)', [clientPackage(4, readable, { purches_status: 0 }), clientPackage(2, readable)], 2, 8],
    ['the newest that can be opened', [clientPackage(4, '{broken'), clientPackage(2, readable, { remaining_classess: 0 })], 2, 0],
  ])('%s', (_label, packages, id, remaining) => {
    expect(renewalSource(packages)).toMatchObject({ clientPackageId: id, remaining, form: single, studentType: null });
  });

  it.each([
    ['no package', []],
    ['only unpaid ones', [clientPackage(1, readable, { purches_status: 0 })]],
    ['only unreadable paid ones', [clientPackage(1, '{broken')]],
  ])('none with %s', (_label, packages) => {
    expect(renewalSource(packages)).toBeNull();
  });
});

describe('the package list asked for', () => {
  it.each([
    ['one student', single, null, { student: 1, level: 5 }],
    ['two studying together', together, null, { student: 2, level: 5 }],
    ["study type 'yes' with one name", { ...together, name2: ' ' }, null, { student: 1, level: 5 }],
    ['the individual split, second student', individual, 2, { student: 1, level: 8 }],
  ] as const)('%s', (_label, form, studentType, query) => {
    expect(packageQueryOf(learnersOfForm(form, studentType))).toEqual(query);
  });
});

describe('loading the offer', () => {
  const calls = (clientPackages: ClientPackage[] = []) => ({
    clientPackages: vi.fn(async () => clientPackages),
    packages: vi.fn(async () => [silver, gold]),
  });

  it('a new booking asks for the packages of its learners', async () => {
    const fake = calls();
    await expect(loadOffer({ entry: 'new', clientid: 7, form: together, studentType: null }, fake)).resolves.toEqual({ packages: [silver, gold] });
    expect(fake.packages).toHaveBeenCalledWith({ student: 2, level: 5 });
    expect(fake.clientPackages).not.toHaveBeenCalled();
  });

  it('a renewal reads the client packages first, then the packages of the one renewed', async () => {
    const fake = calls([clientPackage(2, { packageFormData: { ...single, program: 'Year 9 / Grade 8' } })]);
    const offer = await loadOffer({ entry: 'renewal', clientid: 7, form: null, studentType: null }, fake);
    expect(fake.clientPackages).toHaveBeenCalledWith(7);
    expect(fake.packages).toHaveBeenCalledWith({ student: 1, level: 9 });
    expect(offer.renewal).toMatchObject({ clientPackageId: 2, remaining: 8 });
  });

  it('a renewal with nothing paid answers no renewal and asks for no packages', async () => {
    const fake = calls([]);
    await expect(loadOffer({ entry: 'renewal', clientid: 7, form: null, studentType: null }, fake)).resolves.toEqual({ packages: [] });
    expect(fake.packages).not.toHaveBeenCalled();
  });

  it.each([
    ['no form', null],
    ['a form without a year', { ...single, program: '' }],
  ])('a remaining booking with %s fails with the text the client reads', async (_label, form) => {
    await expect(loadOffer({ entry: 'remaining', clientid: 7, form, studentType: null }, calls())).rejects.toThrow(unreadablePackageText);
  });
});

describe('the draft once the offer is in', () => {
  const renewal = { clientPackageId: 5, remaining: 3, form: single, studentType: null, learners: learnersOfForm(single) };
  const chosen = withLessons(withForm(emptyDraft('renewal'), single), sampleLessons, '2 lessons per week · 12 lessons');

  it('without a renewal it is unchanged', () => {
    expect(draftWithOffer(chosen, { packages: [gold] })).toBe(chosen);
  });

  it("a renewal takes the renewed package's form and id, and clears what was chosen for another", () => {
    expect(draftWithOffer({ ...chosen, clientPackageId: 4 }, { packages: [gold], renewal })).toEqual({ ...withForm(emptyDraft('renewal'), single), clientPackageId: 5 });
  });

  it('a renewal of the package the draft already holds keeps the choice made (back from the slots)', () => {
    const back = { ...chosen, clientPackageId: 5 };
    expect(draftWithOffer(back, { packages: [gold], renewal })).toBe(back);
  });

  it("an individual booking's renewal books the same student", () => {
    const second = { ...renewal, form: individual, studentType: 2 as const, learners: learnersOfForm(individual, 2) };
    expect(draftWithOffer(emptyDraft('renewal'), { packages: [gold], renewal: second }).split).toEqual({ studentType: 2, otherStudentPending: false, done: [] });
  });
});

describe('the lessons per week of the expanded card', () => {
  const threeAlone: PackageForm = { ...single, subject: ['Mathematics', 'English', 'Science'] };
  const threeTogether: PackageForm = { ...together, subject: threeAlone.subject };
  it.each([
    ['GOLD, one subject, 4', 'GOLD', sampleForm, { Mathematics: 4 }, true],
    ['GOLD, one subject, 5', 'GOLD', sampleForm, { Mathematics: 5 }, false],
    ['GOLD, a subject without a count', 'GOLD', single, { Mathematics: 1 }, false],
    ['GOLD, two subjects 2 + 2', 'GOLD', single, { Mathematics: 2, English: 2 }, true],
    ['GOLD, two subjects 3 + 1', 'GOLD', single, { Mathematics: 3, English: 1 }, false],
    ['SILVER, two subjects 1 + 1', 'SILVER', single, { Mathematics: 1, English: 1 }, true],
    ['SILVER, two subjects 2 + 1', 'SILVER', single, { Mathematics: 2, English: 1 }, false],
    ['PLATINUM, three together, 4 + 4 + 4', 'PLATINUM', threeTogether, { Mathematics: 4, English: 4, Science: 4 }, true],
    ['PLATINUM, three alone, 2 + 1 + 2', 'PLATINUM', threeAlone, { Mathematics: 2, English: 1, Science: 2 }, false],
    ['counts of subjects not on the form do not count', 'GOLD', sampleForm, { Mathematics: 2, English: 5 }, true],
  ] as const)('%s: %s', (_label, name, form, counts, valid) => {
    expect(validLessons(name, learnersOfForm(form), counts)).toBe(valid);
  });
});

describe('the price a card shows, and the number the draft keeps beside it', () => {
  it.each([
    ['new', 684, 'AED 684', 684],
    ['renewal', 684, 'AED 684', 684],
    ['remaining', 684, 'AED 60', 60],
    ['new', 57.5, 'AED 57.50', 57.5],
    ['new', 1026, 'AED 1,026', 1026],
  ] as const)('%s, total %d: %s, %d', (entry: BookingEntry, total, shown, amount) => {
    expect(priceOf({ ...gold, total }, entry, 'AED', 60)).toBe(shown);
    expect(packagePrice({ ...gold, total }, entry, 60)).toBe(amount);
  });
});

describe('the lessonData stored on Select', () => {
  it.each([
    ['one student: by subject', single, null, { Mathematics: 2, English: 1 }],
    ['two together: by subject', together, null, { Mathematics: 2, English: 1 }],
    ['the individual split: by student, then subject', individual, 1, { 'Adam Ahmed': { Mathematics: 2 } }],
  ] as const)('lessonCounts, %s', (_label, form, studentType, expected) => {
    expect(lessonCountsOf(learnersOfForm(form, studentType), { Mathematics: 2, English: 1 })).toEqual(expected);
  });

  it('holds the package, its name, the students and the counts', () => {
    expect(lessonDataOf(gold, learnersOfForm(together), { Mathematics: 2, English: 1 }, 'AED 684')).toEqual({
      packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics', 'English'], lessons: 12, description: '<p>12 one-hour classes</p>', total: 'AED 684', duration_days: 45 },
      packageName: 'GOLD',
      studentName: { name1: 'Adam Ahmed', name2: 'Lina Ahmed' },
      lessonCounts: { Mathematics: 2, English: 1 },
    });
  });

  it('names one student without a name2', () => {
    expect(lessonDataOf(silver, learnersOfForm(sampleForm), { Mathematics: 1 }, 'AED 60').studentName).toEqual({ name1: 'Adam Ahmed' });
  });

  it.each([
    ['GOLD', single, { Mathematics: 2, English: 1 }, '3 lessons per week · 12 lessons'],
    ['SILVER', sampleForm, { Mathematics: 1 }, '1 lesson per week · 6 lessons'],
    ['PLATINUM', sampleForm, { Mathematics: 4 }, '4 lessons per week · 24 lessons'],
  ] as const)('the total-lessons label of %s', (name, form, counts, label) => {
    expect(lessonsLabelOf(name, learnersOfForm(form), counts)).toBe(label);
  });
});

describe('the choice restored on return', () => {
  const saved = (lessonCounts: LessonData['lessonCounts'], id = 3): LessonData => ({ ...sampleLessons, packageNames: { ...sampleLessons.packageNames, id }, lessonCounts });

  it.each([
    ['the saved card, with its counts', saved({ Mathematics: 2, English: 1 }), [silver, gold], single, null, { expanded: 3, counts: { Mathematics: 2, English: 1 } }],
    ['counts out of range or of other subjects are left out', saved({ Mathematics: 9, Science: 1, English: 2 }), [gold], single, null, { expanded: 3, counts: { English: 2 } }],
    ["the split: the student's own counts", saved({ 'Adam Ahmed': { Mathematics: 3 } }), [gold], individual, 1, { expanded: 3, counts: { Mathematics: 3 } }],
    ["the split: another student's counts are not this one's", saved({ 'Lina Ahmed': { English: 3 } }), [gold], individual, 1, { expanded: 3, counts: {} }],
    ['a card no longer offered: nothing', saved({ Mathematics: 2 }, 2), [gold], single, null, null],
    ['nothing saved: nothing', null, [gold], single, null, null],
  ] as const)('%s', (_label, lessons, offered, form, studentType, expected) => {
    expect(restoredChoice(lessons, offered, learnersOfForm(form, studentType))).toEqual(expected);
  });
});

describe('the rows of /remaining-classes', () => {
  it('lists the paid packages, newest first, with their counts and whether they open', () => {
    const packages = [
      clientPackage(1, { lessonData: sampleLessons, packageFormData: single }, { booked_classess: 12, remaining_classess: 0 }),
      clientPackage(2, { lessonData: { packageName: 'PLATINUM' }, packageFormData: together }, { purches_status: 0 }),
      clientPackage(3, { lessonData: { packageName: 'GOLD' }, packageFormData: providerForm }),
      clientPackage(4, { lessonData: { packageName: 'Bronze', studentName: { name1: 'Lina Ahmed' } } }),
      clientPackage(5, 'not json'),
    ];
    expect(remainingRows(packages)).toEqual([
      { id: 5, name: 'Unknown Package', students: [], booked: 4, total: 12, remaining: 8, openable: false },
      { id: 4, name: 'Unknown Package', students: ['Lina Ahmed'], booked: 4, total: 12, remaining: 8, openable: false },
      { id: 3, name: 'GOLD', students: ['Adam Ahmed'], booked: 4, total: 12, remaining: 8, openable: true },
      { id: 1, name: 'GOLD', students: ['Adam Ahmed'], booked: 12, total: 12, remaining: 0, openable: true },
    ]);
  });

  it("'Book remaining classes' starts the remaining flow with the package's form and id", () => {
    expect(remainingDraft(clientPackage(3, { packageFormData: providerForm }))).toEqual({
      ...withForm(emptyDraft('remaining'), { ...providerForm, name2: '', studyType: null }),
      clientPackageId: 3,
    });
    expect(remainingDraft(clientPackage(3, { lessonData: { studentName: { name1: 'Lina Ahmed' } }, packageFormData: individual }))?.split.studentType).toBe(2);
    expect(remainingDraft(clientPackage(5, 'not json'))).toBeNull();
  });
});
