import { describe, expect, it } from 'vitest';
import { type Contractor, defaultTutorBio, levelsText, locationText, notStatedText, tutorBio, tutorCard, tutorPhoto, tutorSubjects } from '../../machines/rules/tutors.ts';

describe("a tutor's subjects", () => {
  it.each<[string, Contractor['subject'] | string, string[]]>([
    ['the contract list', [{ name: 'Mathematics' }, { name: 'Physics' }], ['Mathematics', 'Physics']],
    ['an empty list', [], []],
    ['names trimmed, blanks dropped', [{ name: ' Biology ' }, { name: '' }, { name: '   ' }], ['Biology']],
    ['each once, whatever the case', [{ name: 'English' }, { name: 'english' }, { name: 'French' }], ['English', 'French']],
    ["the spec's JSON text", '[{"name":"Arabic"},{"name":"Mathematics"}]', ['Arabic', 'Mathematics']],
    ['JSON text with entries that are not subjects', '[{"name":"Arabic"},{"title":"x"},3,null,{"name":7}]', ['Arabic']],
    ['JSON text that is not a list', '{"name":"Arabic"}', []],
    ['text that is not JSON', 'Mathematics, Physics', []],
    ['empty text', '', []],
  ])('%s', (_, subject, names) => {
    expect(tutorSubjects(subject)).toEqual(names);
  });
});

describe('the levels a tutor teaches, in words', () => {
  it.each([
    [13, 'Up to Year 13'],
    [9, 'Up to Year 9'],
    [1, 'Up to Year 1'],
    [0, notStatedText],
    [14, notStatedText],
    [6.5, notStatedText],
    [Number.NaN, notStatedText],
  ])('%d → %s', (quallevel, text) => {
    expect(levelsText(quallevel)).toBe(text);
  });
});

describe('the location', () => {
  it.each([
    ['Dubai Marina', 'United Arab Emirates', 'Dubai Marina, United Arab Emirates'],
    ['Sharjah', '', 'Sharjah'],
    ['', 'United Arab Emirates', 'United Arab Emirates'],
    ['  ', ' ', notStatedText],
    [' Jumeirah ', ' United Arab Emirates ', 'Jumeirah, United Arab Emirates'],
  ])('%j, %j → %j', (town, country, text) => {
    expect(locationText(town, country)).toBe(text);
  });
});

describe("the bio: the tutor's own, else the default blurb", () => {
  it.each([
    ['Makes Maths fun.', 'Makes Maths fun.'],
    ['  Patient and kind.  ', 'Patient and kind.'],
    [null, defaultTutorBio],
    ['', defaultTutorBio],
    ['   ', defaultTutorBio],
  ])('%j → %j', (bio, text) => {
    expect(tutorBio(bio)).toBe(text);
  });

  it('the default blurb is short and friendly', () => {
    expect(defaultTutorBio.length).toBeLessThan(160);
  });
});

describe('the photo: shown when the page may load it, else the default image', () => {
  it.each([
    ['https://images.example.com/amira.jpg', 'https://images.example.com/amira.jpg'],
    ['/uploads/tutors/amira.jpg', '/uploads/tutors/amira.jpg'],
    [' https://images.example.com/a.png ', 'https://images.example.com/a.png'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    [null, null],
    ['', null],
    ['http://images.example.com/amira.jpg', null],
    ['//images.example.com/amira.jpg', null],
    ['javascript:alert(1)', null],
    ['data:text/html,<b>hi</b>', null],
    ['amira.jpg', null],
  ])('%j → %j', (photo, shown) => {
    expect(tutorPhoto(photo)).toBe(shown);
  });
});

describe('a tutor as the card shows it', () => {
  const tutor: Contractor = {
    id: 4,
    first_name: 'Priya',
    last_name: ' Nair',
    photo: null,
    subject: [{ name: 'Science' }, { name: 'Biology' }],
    quallevel: 13,
    town: 'Al Barsha',
    country: 'United Arab Emirates',
    qualifications: 'PhD Biochemistry',
    speciality: '',
    bio: null,
    tutorprice: 130,
    availability: [],
  };

  it('names, subjects, levels, location, qualifications, speciality and bio, with the defaults where blank', () => {
    expect(tutorCard(tutor)).toEqual({
      id: 4,
      firstName: 'Priya',
      lastName: 'Nair',
      name: 'Priya Nair',
      photo: null,
      subjects: ['Science', 'Biology'],
      levels: 'Up to Year 13',
      location: 'Al Barsha, United Arab Emirates',
      qualifications: 'PhD Biochemistry',
      speciality: notStatedText,
      bio: defaultTutorBio,
    });
  });

  it('keeps a photo and a bio it was given', () => {
    expect(tutorCard({ ...tutor, photo: 'https://images.example.com/p.jpg', bio: 'Loves cells.' })).toMatchObject({ photo: 'https://images.example.com/p.jpg', bio: 'Loves cells.' });
  });
});
