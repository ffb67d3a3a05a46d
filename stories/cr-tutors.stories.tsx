import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type Contractor, defaultTutorBio, tutorCard } from '../machines/rules/tutors.ts';
import { tutorsFailedText } from '../src/api/calls/tutors.ts';
import { CrTutorsView, noTutorsText } from '../src/screens/cr-tutors/cr-tutors-view.tsx';

const tutor = (id: number, first_name: string, last_name: string, more: Partial<Contractor> = {}): Contractor => ({
  id,
  first_name,
  last_name,
  photo: null,
  subject: [{ name: 'Mathematics' }, { name: 'Physics' }],
  quallevel: 13,
  town: 'Dubai Marina',
  country: 'United Arab Emirates',
  qualifications: 'MSc Mathematics, PGCE',
  speciality: 'A-level and IB Mathematics',
  bio: 'Ten years of helping students find confidence with numbers, from times tables to calculus.',
  tutorprice: 120,
  availability: [],
  ...more,
});

// A photo the story serves itself (an inline SVG): no request leaves the machine.
const photo = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><rect width="56" height="56" fill="#f59e0b"/><circle cx="28" cy="22" r="10" fill="#fff"/><rect x="12" y="36" width="32" height="20" rx="10" fill="#fff"/></svg>')}`;

const amira = tutorCard(tutor(1, 'Amira', 'Haddad', { photo }));
const tutors = [
  amira,
  tutorCard(tutor(2, 'Priya', 'Nair', { subject: [{ name: 'Science' }, { name: 'Biology' }, { name: 'Chemistry' }], town: 'Al Barsha', qualifications: 'PhD Biochemistry', speciality: 'GCSE and A-level sciences', bio: null })),
  tutorCard(tutor(3, 'Fatima', 'Al Zahra', { subject: [{ name: 'English' }, { name: 'Arabic' }], quallevel: 9, town: 'Sharjah', qualifications: 'BA Arabic and English Translation', speciality: 'Bilingual reading and writing', bio: 'Helps bilingual children shine in both languages.' })),
  tutorCard(tutor(4, 'Ravi', 'Sharma', { subject: [{ name: 'Computer Science' }, { name: 'Physics' }, { name: 'Mathematics' }], town: 'Abu Dhabi' })),
];

const meta = {
  title: 'Home/CR tutors',
  component: CrTutorsView,
  args: {
    loading: false,
    error: null,
    retrying: false,
    tutors: [],
    expandedIds: [],
    onRetry: fn(),
    onToggle: fn(),
  },
} satisfies Meta<typeof CrTutorsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading tutors' })).toBeVisible();
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { error: tutorsFailedText },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(tutorsFailedText);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(noTutorsText)).toBeVisible();
  },
};

export const OneTutor: Story = {
  args: { tutors: [amira] },
  play: async ({ canvasElement, args }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'Amira Haddad' }));
    await expect(card.getByRole('img', { name: 'Photo of Amira Haddad' })).toBeVisible();
    await expect(card.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Mathematics', 'Physics']);
    const toggle = card.getByRole('button', { name: 'Details for Amira Haddad' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(card.getByText('MSc Mathematics, PGCE')).not.toBeVisible();
    await userEvent.click(toggle);
    await expect(args.onToggle).toHaveBeenCalledWith(1);
  },
};

export const ManyTutors: Story = {
  args: { tutors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual(['Amira Haddad', 'Priya Nair', 'Fatima Al Zahra', 'Ravi Sharma']);
    // Without a photo: the initials, not an image.
    const fatima = within(canvas.getByRole('article', { name: 'Fatima Al Zahra' }));
    await expect(fatima.queryByRole('img')).toBeNull();
    await expect(fatima.getByText('FA')).toBeVisible();
    for (const button of canvas.getAllByRole('button', { name: /^Details for / })) await expect(button).toHaveAttribute('aria-expanded', 'false');
  },
};

export const TutorExpanded: Story = {
  args: { tutors, expandedIds: [2] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const priya = within(canvas.getByRole('article', { name: 'Priya Nair' }));
    const toggle = priya.getByRole('button', { name: 'Details for Priya Nair' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = priya.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    await expect(details).toEqual([
      'Levels: Up to Year 13',
      'Location: Al Barsha, United Arab Emirates',
      'Qualifications: PhD Biochemistry',
      'Speciality: GCSE and A-level sciences',
      `About: ${defaultTutorBio}`,
    ]);
    await expect(priya.getByText('PhD Biochemistry')).toBeVisible();
    await expect(within(canvas.getByRole('article', { name: 'Amira Haddad' })).getByText('MSc Mathematics, PGCE')).not.toBeVisible();
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onToggle).toHaveBeenCalledWith(2);
  },
};
