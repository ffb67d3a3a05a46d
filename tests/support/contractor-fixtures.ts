/**
 * A tutor as GET /filter_tutor and GET /contractorsalldata answer one: a Mathematics tutor in Dubai. Without an
 * `id`, the answer leaves it out (a tutor who cannot be chosen).
 */
export const contractor = (id: number | undefined, first_name: string, availability: object[] = []) => ({
  ...(id === undefined ? {} : { id }),
  first_name,
  last_name: 'Haddad',
  photo: null,
  subject: [{ name: 'Mathematics' }],
  quallevel: 13,
  town: 'Dubai',
  country: 'UAE',
  qualifications: '',
  speciality: '',
  bio: '',
  tutorprice: 120,
  availability,
});
