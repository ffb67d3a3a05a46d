// @vitest-environment jsdom
// DOMPurify does not sanitize reliably under happy-dom (an `onerror` handler came through in this file's test of the
// description's markup, which jsdom and browsers strip): this file keeps jsdom, as the browsers' stand-in.
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../contract/schema.d.ts';
import { type BookingDraft, type PackageForm, emptyDraft, withForm, withLessons, withStudentChosen } from '../../machines/booking/booking-draft.ts';
import { weeklyLessonsBanner } from '../../machines/rules/packages.ts';
import { packagesFailedText } from '../../src/api/calls/catalogue.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { ManagePackagesScreen, RemainingPackageScreen, RenewPackagesScreen } from '../../src/screens/package-selection/package-selection-screen.tsx';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { paidClientPackage } from '../support/draft-fixtures.ts';

type Package = components['schemas']['Package'];

const fetchMock = stubNetwork();

const pkg = (id: 2 | 3 | 4, name: Package['name'], total: number, numberofclass: number, description = `<p>${numberofclass} one-hour classes</p><p>60 minutes per class</p>`): Package => ({
  id,
  name,
  description,
  numberofclass,
  types: 'One-to-one',
  offers: id === 3 ? 'Save 5%' : '',
  total,
  duration_days: 45,
  mostPopular: id === 3,
});
const catalogue = [pkg(2, 'SILVER', 360, 6), pkg(3, 'GOLD', 684, 12), pkg(4, 'PLATINUM', 1296, 24)];

const oneStudent: PackageForm = { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'], studyType: null };
const twoSubjects: PackageForm = { ...oneStudent, subject: ['Mathematics', 'English'] };
const together: PackageForm = { ...oneStudent, students: 2, name2: 'Lina Ahmed', studyType: 'yes' };

const paidPackage = paidClientPackage;

interface Answers {
  packages?: () => Response;
  clientPackages?: () => Response;
}

/** The provider's answers by path; anything else is a 404 the test would notice. */
function serve({ packages = () => json({ data: { data: catalogue } }), clientPackages = () => json({ success: true, data: [paidPackage(4)] }) }: Answers = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/allpackegastudent') return packages();
    if (pathname === `/api/client-packages/${testUser.clientid}`) return clientPackages();
    return json({ success: false, message: 'Not found' }, 404);
  });
}

const pages = ['/book-class', '/remainingbookclass', '/new-booking', '/dashboard', '/remaining-classes'];

function renderAt(path: string, element: ReactNode, draft: BookingDraft | null) {
  if (draft) writeDraft(draft);
  return renderWithSession(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path={path} element={element} />
          {pages.map((page) => (
            <Route key={page} path={page} element={<h1>Page {page}</h1>} />
          ))}
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

const renderPackages = (form: PackageForm, draft: BookingDraft = withForm(emptyDraft('new'), form)) => renderAt('/manage-packages', <ManagePackagesScreen />, draft);

/** The card of a package, found by its heading. */
const card = (name: string) => screen.getByRole('button', { name }).closest('article') as HTMLElement;
const cardNames = () => within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('package selection', () => {
  it('asks for the packages of one student in their year, and shows each card with its price', async () => {
    serve();
    renderPackages(oneStudent);
    expect(screen.getByRole('status', { name: 'Loading packages' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'GOLD' })).toHaveAttribute('aria-expanded', 'false');

    const [request] = sentTo(fetchMock, '/api/allpackegastudent');
    expect(Object.fromEntries(new URL(request?.url ?? '').searchParams)).toEqual({ student: '1', level: '5' });
    expect(screen.getByRole('heading', { level: 1, name: 'Packages' })).toBeInTheDocument();
    expect(screen.getByText('Adam Ahmed · Year 5 / Grade 4 · Mathematics')).toBeVisible();
    expect(cardNames()).toEqual(['SILVER', 'GOLD', 'PLATINUM']);
    const gold = within(card('GOLD'));
    expect(gold.getByText('AED 684')).toBeVisible();
    expect(gold.getByText('12 lessons · One-to-one')).toBeVisible();
    expect(gold.getByText('Most popular')).toBeVisible();
    expect(gold.getByText('Save 5%')).toBeVisible();
    expect(gold.getByText('60 minutes per class')).toBeVisible();
    expect(within(card('SILVER')).queryByText('Most popular')).toBeNull();
  });

  it('asks for two students when two study together', async () => {
    serve();
    renderPackages(together);
    await screen.findByRole('button', { name: 'GOLD' });
    const [request] = sentTo(fetchMock, '/api/allpackegastudent');
    expect(Object.fromEntries(new URL(request?.url ?? '').searchParams)).toEqual({ student: '2', level: '5' });
    expect(screen.getByText('Adam Ahmed & Lina Ahmed · Year 5 / Grade 4 · Mathematics')).toBeVisible();
  });

  it('offers only GOLD and PLATINUM to one student with two subjects', async () => {
    serve();
    renderPackages(twoSubjects);
    await screen.findByRole('button', { name: 'GOLD' });
    expect(cardNames()).toEqual(['GOLD', 'PLATINUM']);
  });

  it("renders the description's text markup, never a script or an event handler from the server", async () => {
    const hostile = '<p>Twelve <strong>classes</strong><img src="x" onerror="window.__hacked = true"></p><script>window.__hacked = true</script><a href="javascript:alert(1)" onclick="alert(1)">More</a><ul><li style="color:red">60 minutes per class</li></ul>';
    serve({ packages: () => json({ data: { data: [pkg(3, 'GOLD', 684, 12, hostile)] } }) });
    renderPackages(oneStudent);
    await screen.findByRole('button', { name: 'GOLD' });
    expect(within(card('GOLD')).getByText('classes').tagName).toBe('STRONG');
    expect(within(card('GOLD')).getByText('60 minutes per class').tagName).toBe('LI');
    expect(document.body.querySelector('script, img, a[href^="javascript"], [onerror], [onclick], [style]')).toBeNull();
    expect((window as { __hacked?: boolean }).__hacked).toBeUndefined();
  });

  it('expands a card on click, takes the lessons per week, collapses with Close or a second click', async () => {
    serve();
    renderPackages(twoSubjects);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'GOLD' }));
    expect(screen.getByRole('button', { name: 'GOLD' })).toHaveAttribute('aria-expanded', 'true');
    const maths = screen.getByRole('combobox', { name: 'Mathematics lessons per week' });
    expect(maths).toHaveValue('');
    expect(within(maths).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose', '1', '2', '3', '4', '5']);
    expect(within(maths).getByRole('option', { name: 'Choose' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Lessons per week' })).toBeVisible();
    await user.selectOptions(maths, '2');
    expect(maths).toHaveValue('2');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'GOLD' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'PLATINUM' }));
    await user.click(screen.getByRole('button', { name: 'PLATINUM' }));
    expect(screen.getByRole('button', { name: 'PLATINUM' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the banner for 3 s when the lessons per week are not allowed, and editing goes on meanwhile', async () => {
    serve();
    renderPackages(twoSubjects);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'GOLD' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mathematics lessons per week' }), '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'English lessons per week' }), '2');

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getByRole('alert')).toHaveTextContent(weeklyLessonsBanner);
    await act(async () => vi.advanceTimersByTimeAsync(2999));
    fireEvent.change(screen.getByRole('combobox', { name: 'Mathematics lessons per week' }), { target: { value: '1' } });
    expect(screen.getByRole('combobox', { name: 'Mathematics lessons per week' })).toHaveValue('1');
    expect(screen.getByRole('alert')).toHaveTextContent(weeklyLessonsBanner);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(readDraft()?.lessons).toBeNull();
  });

  it('Select stores the lessonData and the total-lessons label, and goes to /book-class', async () => {
    serve();
    renderPackages(twoSubjects);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'GOLD' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mathematics lessons per week' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'English lessons per week' }), '1');
    await user.click(screen.getByRole('button', { name: 'Select' }));

    expect(await screen.findByRole('heading', { name: 'Page /book-class' })).toBeVisible();
    expect(JSON.parse(localStorage.getItem('lessonData') ?? 'null')).toEqual({
      packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics', 'English'], lessons: 12, description: catalogue[1]?.description, total: 'AED 684', duration_days: 45 },
      packageName: 'GOLD',
      studentName: { name1: 'Adam Ahmed' },
      lessonCounts: { Mathematics: 2, English: 1 },
    });
    expect(localStorage.getItem('totalLession')).toBe('3 lessons per week · 12 lessons');
  });

  it("in the individual split, the selectors are the chosen student's and the counts are stored under their name", async () => {
    serve();
    const individual: PackageForm = {
      ...oneStudent,
      students: 2,
      name1: '',
      studyType: 'no',
      student1: { name: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] },
      student2: { name: 'Lina Ahmed', programOne: 2, program: 'Year 8 / Grade 7', subject: ['English'] },
    };
    renderPackages(individual, withStudentChosen(withForm(emptyDraft('new'), individual), 2));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'GOLD' }));
    expect(Object.fromEntries(new URL(sentTo(fetchMock, '/api/allpackegastudent')[0]?.url ?? '').searchParams)).toEqual({ student: '1', level: '8' });
    const group = screen.getByRole('group', { name: 'Lessons per week for Lina Ahmed' });
    await user.selectOptions(within(group).getByRole('combobox', { name: 'English lessons per week' }), '2');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await screen.findByRole('heading', { name: 'Page /book-class' });
    expect(readDraft()?.lessons?.lessonCounts).toEqual({ 'Lina Ahmed': { English: 2 } });
    expect(readDraft()?.split).toMatchObject({ studentType: 2, otherStudentPending: true });
  });

  it('restores the saved choice on return: the card expanded with its counts', async () => {
    serve();
    const lessons = {
      packageNames: { id: 4, name: 'PLATINUM', subjects: ['Mathematics', 'English'], lessons: 24, description: '', total: 'AED 1,296', duration_days: 45 },
      packageName: 'PLATINUM' as const,
      studentName: { name1: 'Adam Ahmed' },
      lessonCounts: { Mathematics: 2, English: 2 },
    };
    renderPackages(twoSubjects, withLessons(withForm(emptyDraft('new'), twoSubjects), lessons, '4 lessons per week · 24 lessons'));
    expect(await screen.findByRole('button', { name: 'PLATINUM' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'GOLD' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('combobox', { name: 'Mathematics lessons per week' })).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'English lessons per week' })).toHaveValue('2');
  });

  it('Back returns to /new-booking with the form kept', async () => {
    serve();
    renderPackages(oneStudent);
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Page /new-booking' })).toBeVisible();
    expect(readDraft()?.form).toEqual(oneStudent);
  });

  it('a failed load shows why with Retry, and retrying loads', async () => {
    let fail = true;
    serve({ packages: () => (fail ? json({ success: false, message: 'The catalogue is being updated.' }, 503) : json({ data: { data: catalogue } })) });
    renderPackages(oneStudent);
    // Said for a client (what failed, and what to do), never the server's own text.
    expect(await screen.findByRole('alert')).toHaveTextContent(packagesFailedText);
    expect(screen.getByRole('alert')).not.toHaveTextContent('The catalogue is being updated.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'GOLD' })).toBeVisible();
    expect(sentTo(fetchMock, '/api/allpackegastudent')).toHaveLength(2);
  });

  it('a failed load without a message reads as the fallback', async () => {
    serve({ packages: () => new Response('', { status: 502 }) });
    renderPackages(oneStudent);
    expect(await screen.findByRole('alert')).toHaveTextContent(packagesFailedText);
  });
});

describe('renew / change package', () => {
  const renderRenewal = () => renderAt('/renew-change-packages', <RenewPackagesScreen />, null);

  it("renews the newest paid package's students, asking first while it still has classes", async () => {
    serve();
    renderRenewal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'GOLD' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Renew / Change Package' })).toBeInTheDocument();
    expect(screen.getByText('Adam Ahmed · Year 5 / Grade 4 · Mathematics')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Book your remaining classes' })).toHaveAttribute('href', '/remaining-classes');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mathematics lessons per week' }), '2');
    await user.click(screen.getByRole('button', { name: 'Select' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Are You Sure You Want to Renew Your Package?' });
    expect(within(dialog).getByText('Your current package still has 4 classes to book.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(readDraft()?.lessons).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, renew' }));
    expect(await screen.findByRole('heading', { name: 'Page /book-class' })).toBeVisible();
    const draft = readDraft();
    expect(draft).toMatchObject({ entry: 'renewal', clientPackageId: 9, form: oneStudent, lessons: { packageName: 'GOLD', lessonCounts: { Mathematics: 2 } } });
    expect(localStorage.getItem('fromRenew')).toBe('1');
  });

  it('renews without asking when no class is left', async () => {
    serve({ clientPackages: () => json({ success: true, data: [paidPackage(0)] }) });
    renderRenewal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'GOLD' }));
    expect(screen.queryByRole('link', { name: 'Book your remaining classes' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mathematics lessons per week' }), '1');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByRole('heading', { name: 'Page /book-class' })).toBeVisible();
  });

  it('says so when there is no paid package to renew, with a way to book one', async () => {
    serve({ clientPackages: () => json({ success: true, data: [paidPackage(4, { purches_status: 0 })] }) });
    renderRenewal();
    expect(await screen.findByText('You have no package to renew yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'New Booking' })).toHaveAttribute('href', '/new-booking');
    expect(sentTo(fetchMock, '/api/allpackegastudent')).toHaveLength(0);
  });

  it('Back leaves for the dashboard and the draft goes', async () => {
    serve();
    renderRenewal();
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Page /dashboard' })).toBeVisible();
    expect(readDraft()).toBeNull();
  });
});

describe('remaining package', () => {
  it("shows every card at the renewal price, 'AED 60', and books the remaining classes on /remainingbookclass", async () => {
    serve();
    renderAt('/remaining-package', <RemainingPackageScreen />, { ...withForm(emptyDraft('remaining'), oneStudent), clientPackageId: 9 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'GOLD' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Remaining Package' })).toBeInTheDocument();
    for (const name of ['SILVER', 'GOLD', 'PLATINUM']) expect(within(card(name)).getByText('AED 60')).toBeVisible();
    expect(screen.queryByText('AED 684')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mathematics lessons per week' }), '1');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByRole('heading', { name: 'Page /remainingbookclass' })).toBeVisible();
    expect(readDraft()?.lessons?.packageNames.total).toBe('AED 60');
  });

  it('Back returns to /remaining-classes', async () => {
    serve();
    renderAt('/remaining-package', <RemainingPackageScreen />, { ...withForm(emptyDraft('remaining'), oneStudent), clientPackageId: 9 });
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Page /remaining-classes' })).toBeVisible();
  });
});
