import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Contractor, defaultTutorBio } from '../../machines/rules/tutors.ts';
import { tutorsFailedText } from '../../src/api/calls/tutors.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { CrTutorsScreen } from '../../src/screens/cr-tutors/cr-tutors-screen.tsx';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();

const tutor = (id: number, first_name: string, last_name: string, more: Partial<Contractor> = {}): Contractor => ({
  id,
  first_name,
  last_name,
  photo: null,
  subject: [{ name: 'Mathematics' }],
  quallevel: 13,
  town: 'Dubai Marina',
  country: 'United Arab Emirates',
  qualifications: 'MSc Mathematics, PGCE',
  speciality: 'A-level and IB Mathematics',
  bio: 'Ten years of helping students find confidence with numbers.',
  tutorprice: 120,
  availability: [],
  ...more,
});

const amira = tutor(1, 'Amira', 'Haddad', { photo: 'https://images.example.com/amira.jpg', subject: [{ name: 'Mathematics' }, { name: 'Physics' }] });
const priya = tutor(2, 'Priya', 'Nair', {
  subject: [{ name: 'Science' }, { name: 'Biology' }, { name: 'Chemistry' }],
  quallevel: 9,
  town: 'Al Barsha',
  qualifications: 'PhD Biochemistry',
  speciality: 'GCSE sciences',
  bio: null,
});

function serve(answer: () => Response) {
  fetchMock.mockImplementation(async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/contractorsalldata') return answer();
    return json({ success: false, message: 'Not found' }, 404);
  });
}

function renderCrTutors() {
  return renderWithSession(
    <MemoryRouter initialEntries={['/crtutors']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/crtutors" element={<CrTutorsScreen />} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

const card = (name: string) => within(screen.getByRole('article', { name }));
const toggleOf = (name: string) => card(name).getByRole('button', { name: `Details for ${name}` });
const detailsOf = (name: string) =>
  card(name)
    .queryAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

/** Tabs from where focus is until `target` has it; fails when ten tabs do not get there. */
async function tabTo(target: HTMLElement) {
  for (let tabs = 0; tabs < 10 && document.activeElement !== target; tabs += 1) await userEvent.tab();
  expect(target).toHaveFocus();
}

describe('CR tutors', () => {
  it("lists the branch's tutors with their photo or the default image, and subject chips", async () => {
    serve(() => json([amira, priya]));
    renderCrTutors();
    expect(screen.getByRole('status', { name: 'Loading tutors' })).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Amira Haddad' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'CR Tutors' })).toBeInTheDocument();
    expect(new URL(sentTo(fetchMock, '/api/contractorsalldata')[0]?.url ?? '').searchParams.get('branch_id')).toBe(String(testUser.branch_id));

    expect(card('Amira Haddad').getByRole('img', { name: 'Photo of Amira Haddad' })).toHaveAttribute('src', 'https://images.example.com/amira.jpg');
    // Without a photo: the local initials avatar, decorative beside the name (no image request at all).
    expect(card('Priya Nair').queryByRole('img')).toBeNull();
    expect(card('Priya Nair').getByText('PN')).toHaveAttribute('aria-hidden', 'true');

    const chips = (name: string) => within(card(name).getByRole('list', { name: 'Subjects' })).getAllByRole('listitem').map((chip) => chip.textContent);
    expect(chips('Amira Haddad')).toEqual(['Mathematics', 'Physics']);
    expect(chips('Priya Nair')).toEqual(['Science', 'Biology', 'Chemistry']);
  });

  it('a broken photo gives way to the default image', async () => {
    serve(() => json([amira]));
    renderCrTutors();
    const photo = await screen.findByRole('img', { name: 'Photo of Amira Haddad' });
    photo.dispatchEvent(new Event('error'));
    expect(await card('Amira Haddad').findByText('AH')).toBeInTheDocument();
    expect(card('Amira Haddad').queryByRole('img')).toBeNull();
  });

  it('a detail opens and closes from the keyboard: levels, location, qualifications, speciality and bio', async () => {
    serve(() => json([amira, priya]));
    renderCrTutors();
    await screen.findByRole('article', { name: 'Amira Haddad' });
    const toggle = toggleOf('Amira Haddad');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(card('Amira Haddad').queryByText('MSc Mathematics, PGCE')).not.toBeVisible();

    await tabTo(toggle);
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(detailsOf('Amira Haddad')).toEqual([
      'Levels: Up to Year 13',
      'Location: Dubai Marina, United Arab Emirates',
      'Qualifications: MSc Mathematics, PGCE',
      'Speciality: A-level and IB Mathematics',
      'About: Ten years of helping students find confidence with numbers.',
    ]);
    expect(card('Amira Haddad').getByText('MSc Mathematics, PGCE')).toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeVisible();
    // The other card stays closed.
    expect(toggleOf('Priya Nair')).toHaveAttribute('aria-expanded', 'false');

    await userEvent.tab();
    expect(toggleOf('Priya Nair')).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(toggleOf('Priya Nair')).toHaveAttribute('aria-expanded', 'true');
    // Without a bio, the default blurb.
    expect(detailsOf('Priya Nair')).toEqual(['Levels: Up to Year 9', 'Location: Al Barsha, United Arab Emirates', 'Qualifications: PhD Biochemistry', 'Speciality: GCSE sciences', `About: ${defaultTutorBio}`]);

    await userEvent.tab({ shift: true });
    expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(card('Amira Haddad').queryByText('MSc Mathematics, PGCE')).not.toBeVisible();
    expect(toggleOf('Priya Nair')).toHaveAttribute('aria-expanded', 'true');
  });

  it("with no tutor, says 'No available Tutors'", async () => {
    serve(() => json([]));
    renderCrTutors();
    expect(await screen.findByText('No available Tutors')).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('a failed load shows why with Retry, and retrying loads', async () => {
    let fail = true;
    serve(() => (fail ? new Response('', { status: 500 }) : json([priya])));
    renderCrTutors();
    expect(await screen.findByRole('alert')).toHaveTextContent(tutorsFailedText);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Priya Nair' })).toBeVisible();
    expect(sentTo(fetchMock, '/api/contractorsalldata')).toHaveLength(2);
  });
});
