import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverFailedText } from '../../src/api/client.ts';
import { ProfileScreen } from '../../src/screens/profile/profile-screen.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();
const token = liveToken();

const feedToken = 'k3J9pW2xQvL8mN4rT6yB1cD5fG7hJ0aS2dF4gH6jK8l';
const secondToken = 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2H1g0F9e';
const linkOf = (secret: string, created_at: string) => ({
  url: `https://portal.example/api/calendar-feed/${secret}`,
  webcal_url: `webcal://portal.example/api/calendar-feed/${secret}`,
  created_at,
});

/**
 * A fake of the server's feed: its state now, and what POST /calendar-feed answers next (a new link, which
 * turns the feed on, or a failure). Any other call is a 404 the test would notice.
 */
interface FakeFeed {
  status: { active: boolean; created_at: string | null };
  posts: (() => Response | Promise<Response>)[];
  reads: (() => Response | Promise<Response>)[];
}
let feed: FakeFeed;

function serve() {
  fetchMock.mockImplementation(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/calendar-feed' && request.method === 'GET') return (feed.reads.shift() ?? (() => json(feed.status)))();
    if (path === '/api/calendar-feed' && request.method === 'POST') {
      const next = feed.posts.shift();
      if (!next) throw new Error('an unexpected POST /calendar-feed');
      return next();
    }
    return json({ success: false, message: 'Not found' }, 404);
  });
}

/** POST /calendar-feed answering a new link (201), as the server does, turning the feed on. */
const made = (link: ReturnType<typeof linkOf>) => () => {
  feed.status = { active: true, created_at: link.created_at };
  return json(link, 201);
};

const reads = () => sentTo(fetchMock, '/api/calendar-feed').filter((request) => request.method === 'GET');
const posts = () => sentTo(fetchMock, '/api/calendar-feed').filter((request) => request.method === 'POST');
/** What each POST asked for: a first feed (`reset: false`) or the replacement the client confirmed (`reset: true`). */
const postBodies = () => Promise.all(posts().map((request) => request.clone().json() as Promise<unknown>));

const renderProfile = () => renderWithSession(<ProfileScreen />, { stored: { token, user: testUser } });
const section = () => within(screen.getByRole('region', { name: 'Calendar feed' }));

let clipboardWrites: string[];
/** A browser's Clipboard API that copies (or refuses, as a page without permission is refused). */
function giveClipboard(refuse = false) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
        clipboardWrites.push(text);
      },
    },
  });
}

beforeEach(() => {
  feed = { status: { active: false, created_at: null }, posts: [], reads: [] };
  clipboardWrites = [];
  serve();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('Profile: Calendar feed', () => {
  it('says how to subscribe when there is no feed yet, after reading its state with the session token', async () => {
    renderProfile();
    expect(section().getByRole('status', { name: 'Loading your calendar link' })).toBeInTheDocument();
    expect(await section().findByRole('button', { name: 'Create calendar link' })).toBeEnabled();
    expect(section().getByText(/^Subscribe to your lessons in your calendar app/)).toBeVisible();
    expect(reads()).toHaveLength(1);
    expect(reads()[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(posts()).toHaveLength(0);
    expect(section().queryByRole('textbox')).toBeNull();
  });

  it('Create shows the new link once: https in a read-only field with focus, webcal to subscribe, and the warning', async () => {
    feed.posts.push(made(linkOf(feedToken, '2026-11-28T05:00:00Z')));
    renderProfile();
    const create = await section().findByRole('button', { name: 'Create calendar link' });
    // By keyboard: the control is a real button.
    create.focus();
    await userEvent.keyboard('{Enter}');

    const field = await section().findByRole('textbox', { name: 'Your calendar link' });
    expect(field).toHaveValue(`https://portal.example/api/calendar-feed/${feedToken}`);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(/shown only now.*Anyone with the link can see your lesson times\./);
    expect(section().getByRole('link', { name: 'Subscribe in calendar app' })).toHaveAttribute('href', `webcal://portal.example/api/calendar-feed/${feedToken}`);
    expect(section().getByRole('button', { name: 'Copy link' })).toBeEnabled();
    expect(section().queryByRole('button', { name: 'Create calendar link' })).toBeNull();

    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    // Create asks for a first feed only: it never replaces one made meanwhile.
    expect(await postBodies()).toEqual([{ reset: false }]);
    // The answer said the feed is on: nothing is read again.
    expect(reads()).toHaveLength(1);
  });

  it('a later visit shows that the feed is on since its day (in the branch zone), never the address, with Reset', async () => {
    // 22:30 UTC on the 27th is already the 28th in Dubai.
    feed.status = { active: true, created_at: '2026-11-27T22:30:00Z' };
    renderProfile();
    expect(await section().findByText('Your calendar link is on since Sat 28 Nov 2026.')).toBeVisible();
    expect(section().getByRole('button', { name: 'Reset' })).toBeEnabled();
    expect(section().queryByRole('textbox')).toBeNull();
    expect(screen.queryByText(/calendar-feed\//)).toBeNull();
  });

  it('Copy link copies the https address and says so', async () => {
    giveClipboard();
    feed.posts.push(made(linkOf(feedToken, '2026-11-28T05:00:00Z')));
    renderProfile();
    await userEvent.click(await section().findByRole('button', { name: 'Create calendar link' }));
    await userEvent.click(await section().findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(section().getByRole('status')).toHaveTextContent('Link copied.'));
    expect(clipboardWrites).toEqual([`https://portal.example/api/calendar-feed/${feedToken}`]);
  });

  it.each([
    ['refuses the Clipboard API', () => giveClipboard(true)],
    // Taken away, not only left out: the test DOM may have one of its own.
    ['has no Clipboard API', () => Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined })],
  ])('where the browser %s, the link is selected and the client is told to copy it', async (_case, setUp) => {
    setUp();
    feed.posts.push(made(linkOf(feedToken, '2026-11-28T05:00:00Z')));
    renderProfile();
    await userEvent.click(await section().findByRole('button', { name: 'Create calendar link' }));
    const copy = await section().findByRole('button', { name: 'Copy link' });
    await userEvent.click(copy);
    await waitFor(() => expect(section().getByRole('status')).toHaveTextContent('This browser did not let the page copy. The link is selected: copy it yourself.'));
    const field = section().getByRole<HTMLInputElement>('textbox', { name: 'Your calendar link' });
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
    expect(clipboardWrites).toEqual([]);
  });

  it('Reset asks first in a dialog that says what happens to the old link; Cancel sends nothing', async () => {
    feed.status = { active: true, created_at: '2026-11-28T05:00:00Z' };
    renderProfile();
    await userEvent.click(await section().findByRole('button', { name: 'Reset' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset calendar link?' });
    expect(within(dialog).getByText('The old link stops working at once: calendars subscribed to it stop updating.')).toBeVisible();
    // Focus moved in, onto the choice that changes nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts()).toHaveLength(0);
    expect(section().getByText('Your calendar link is on since Sat 28 Nov 2026.')).toBeVisible();
  });

  it('Reset confirmed makes a new link and shows it in place of the old state', async () => {
    feed.status = { active: true, created_at: '2026-11-01T05:00:00Z' };
    feed.posts.push(made(linkOf(secondToken, '2026-11-28T05:00:00Z')));
    renderProfile();
    await userEvent.click(await section().findByRole('button', { name: 'Reset' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Reset calendar link?' })).getByRole('button', { name: 'Reset link' }));

    const field = await section().findByRole('textbox', { name: 'Your calendar link' });
    expect(field).toHaveValue(`https://portal.example/api/calendar-feed/${secondToken}`);
    expect(field).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts()).toHaveLength(1);
    // Only the confirmed dialog asks the server to replace the feed.
    expect(await postBodies()).toEqual([{ reset: true }]);
    expect(section().queryByText(/is on since/)).toBeNull();
  });

  it('while the link is being made, the button waits (keeping focus) and a second press sends nothing', async () => {
    let answer: (response: Response) => void = () => {};
    feed.posts.push(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderProfile();
    const create = await section().findByRole('button', { name: 'Create calendar link' });
    await userEvent.click(create);
    await waitFor(() => expect(create).toHaveAttribute('aria-disabled', 'true'));
    expect(create).toHaveFocus();
    await userEvent.click(create);
    expect(posts()).toHaveLength(1);

    feed.status = { active: true, created_at: '2026-11-28T05:00:00Z' };
    answer(json(linkOf(feedToken, '2026-11-28T05:00:00Z'), 201));
    expect(await section().findByRole('textbox', { name: 'Your calendar link' })).toHaveFocus();
  });

  it('a state that cannot be read says so with Retry, which reads again', async () => {
    feed.reads.push(() => json({ success: false, message: 'boom' }, 500));
    renderProfile();
    expect(await section().findByRole('alert')).toHaveTextContent(`Your calendar link could not be loaded. ${serverFailedText}`);
    expect(screen.queryByText('boom')).toBeNull();
    await userEvent.click(section().getByRole('button', { name: 'Retry' }));
    expect(await section().findByRole('button', { name: 'Create calendar link' })).toBeInTheDocument();
    expect(section().queryByRole('alert')).toBeNull();
    expect(reads()).toHaveLength(2);
  });

  it('a link that could not be made says so with Retry, which makes it without asking again', async () => {
    feed.status = { active: true, created_at: '2026-11-01T05:00:00Z' };
    feed.posts.push(() => json({ success: false, message: 'boom' }, 503), made(linkOf(secondToken, '2026-11-28T05:00:00Z')));
    renderProfile();
    await userEvent.click(await section().findByRole('button', { name: 'Reset' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset link' }));

    expect(await section().findByRole('alert')).toHaveTextContent(`Your calendar link could not be made. ${serverFailedText}`);
    // Nothing changed: the feed is still on with its old link.
    expect(section().getByText('Your calendar link is on since Sun 1 Nov 2026.')).toBeVisible();
    await userEvent.click(section().getByRole('button', { name: 'Retry' }));
    expect(await section().findByRole('textbox', { name: 'Your calendar link' })).toHaveValue(`https://portal.example/api/calendar-feed/${secondToken}`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(section().queryByRole('alert')).toBeNull();
    expect(posts()).toHaveLength(2);
    // The Retry asks what the confirmed Reset asked.
    expect(await postBodies()).toEqual([{ reset: true }, { reset: true }]);
  });

  it('a Create refused because a feed was made meanwhile (409, another tab) reads the state again and offers Reset, not Retry', async () => {
    feed.posts.push(() => {
      feed.status = { active: true, created_at: '2026-11-28T05:00:00Z' };
      return json({ success: false, message: 'You already have a calendar link. Reset it to make a new one: the old link then stops working.', error: 'exists', field: 'reset' }, 409);
    });
    renderProfile();
    await userEvent.click(await section().findByRole('button', { name: 'Create calendar link' }));
    expect(await section().findByText('Your calendar link is on since Sat 28 Nov 2026.')).toBeVisible();
    expect(section().getByRole('button', { name: 'Reset' })).toBeEnabled();
    // Sending the same Create again would be refused again.
    expect(section().queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(section().queryByRole('alert')).toBeNull();
    expect(reads()).toHaveLength(2);
    expect(await postBodies()).toEqual([{ reset: false }]);
  });

  it("a refusal reads as the server's message", async () => {
    feed.posts.push(() => json({ success: false, message: 'Too many requests. Please wait a minute.' }, 429));
    renderProfile();
    await userEvent.click(await section().findByRole('button', { name: 'Create calendar link' }));
    expect(await section().findByRole('alert')).toHaveTextContent(/^Too many requests\. Please wait a minute\.$/);
    expect(section().getByRole('button', { name: 'Create calendar link' })).toBeEnabled();
  });

  it('a lost connection while reading reads the fallback and what to do (and is logged)', async () => {
    expectConsole('error', 'Your calendar link could not be loaded. TypeError: Failed to fetch');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderProfile();
    expect(await section().findByRole('alert')).toHaveTextContent(/^Your calendar link could not be loaded\. Please check your internet connection and try again\.$/);
  });
});
