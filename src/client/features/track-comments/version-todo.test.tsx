import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TrackComment, TrackCommentThread } from '../../../shared/schemas/track-comments';
import type { VersionStatuses } from '../../../shared/schemas/version-review';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { person } from '../collectives/collective-fixtures';
import { VersionTodo } from './version-todo';

function comment(
  id: number,
  who: string,
  atSeconds: number,
  extra: Partial<TrackComment> = {},
): TrackComment {
  return {
    id,
    collectiveId: 1,
    trackId: 7,
    parentId: null,
    userId: who,
    user: person(who, { username: who }),
    content: `Note ${id}`,
    atSeconds,
    endSeconds: null,
    trackVersion: 2,
    resolved: false,
    resolvedAt: null,
    resolvedBy: null,
    resolutionNote: null,
    carriedFrom: null,
    carriedFromCommentId: null,
    editedAt: null,
    hidden: false,
    createdAt: '2024-05-02T21:05:00.000Z',
    ...extra,
  };
}
const thread = (c: TrackComment): TrackCommentThread => ({ ...c, replies: [] });

const statuses: VersionStatuses = {
  trackId: 7,
  version: 2,
  statuses: [
    { collectiveId: null, collectiveName: null, status: 'in_review', setBy: null, setAt: null },
    { collectiveId: 1, collectiveName: 'Crew', status: null, setBy: null, setAt: null },
    { collectiveId: 2, collectiveName: 'Band', status: null, setBy: null, setAt: null },
  ],
};
// As the server lists them: by position, the resolved one among them.
const crew = [
  thread(comment(11, 'prince', 3)),
  thread(comment(12, 'ada', 5, { resolved: true, resolvedAt: '2024-05-03T00:00:00.000Z' })),
  thread(comment(13, 'ada', 10, { endSeconds: 12.5, carriedFrom: 1 })),
];
const band = [thread(comment(21, 'bo', 1, { collectiveId: 2 }))];

function setup() {
  const posted: { url: string; body: unknown }[] = [];
  const asked: string[] = [];
  const fetch = mockFetch({
    'GET /api/tracks/7/versions/2/status': () => json(statuses),
    'GET /api/collectives/1/tracks/7/comments': (_init, url) => {
      asked.push(url);
      return json(crew);
    },
    'GET /api/collectives/2/tracks/7/comments': (_init, url) => {
      asked.push(url);
      return json(band);
    },
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'POST /api/collectives/1/tracks/7/comments/11/resolve': (init, url) => {
      posted.push({ url, body: JSON.parse(String(init?.body)) });
      return json(comment(11, 'prince', 3, { resolved: true }));
    },
  });
  return { posted, asked, fetch };
}

const renderTodo = (ownsTrack = true) =>
  renderWithProviders(
    <VersionTodo collectiveId={1} trackId={7} version={2} ownsTrack={ownsTrack} onSeek={() => {}} />,
  );
const items = () => screen.getAllByTestId('todo-item').map((li) => li.textContent);

describe('the to-do list of a version', () => {
  it("lists the version's open threads in time order, filtered by person and by collective", async () => {
    const { asked } = setup();
    const user = userEvent.setup();
    renderTodo();
    await screen.findAllByTestId('todo-item');
    expect(asked[0]).toContain('?version=2');
    expect(items()).toHaveLength(2);
    expect(items()[0]).toContain('prince');
    expect(items()[0]).toContain('Note 11');
    expect(items()[1]).toContain('Note 13');
    expect(items()[1]).toContain('from v1');
    expect(items().join()).not.toContain('Note 12');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'ada');
    expect(items()).toHaveLength(1);
    expect(items()[0]).toContain('Note 13');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Collective' }), 'Band');
    await waitFor(() => expect(items()).toEqual([expect.stringContaining('Note 21')]));
    // The person filter starts over in another collective.
    expect((screen.getByRole('combobox', { name: 'Person' }) as HTMLSelectElement).value).toBe('');
  });

  it('ticks a thread off with an optional note', async () => {
    const { posted } = setup();
    const user = userEvent.setup();
    renderTodo();
    await user.click(await screen.findByRole('checkbox', { name: 'Resolve prince at 0:03' }));
    const note = screen.getByLabelText('Note for prince at 0:03 (optional)');
    await user.type(note, 'fixed in v3: lowered the hats');
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({ resolved: true, note: 'fixed in v3: lowered the hats' });
  });

  it('offers a failed read again (not the members-only words)', async () => {
    let answer = () => json({ message: 'Service Unavailable' }, 503);
    mockFetch({
      'GET /api/tracks/7/versions/2/status': () => json(statuses),
      'GET /api/collectives/1/tracks/7/comments': () => answer(),
    });
    const user = userEvent.setup();
    renderTodo();
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the open threads.');
    expect(screen.queryByText("Only this collective's members read its comments.")).toBeNull();
    answer = () => json(crew);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the list is for members when the server answers 404', async () => {
    mockFetch({
      'GET /api/tracks/7/versions/2/status': () => json(statuses),
      'GET /api/collectives/1/tracks/7/comments': () => json({ message: 'Not found' }, 404),
    });
    renderTodo();
    expect(await screen.findByText("Only this collective's members read its comments.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('leaves the checkboxes to the owner', async () => {
    setup();
    renderTodo(false);
    await screen.findAllByTestId('todo-item');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('offers the markers in three formats for the version and the collective shown', async () => {
    setup();
    const user = userEvent.setup();
    renderTodo();
    await screen.findAllByTestId('todo-item');
    await user.click(screen.getByRole('button', { name: 'Export markers' }));
    const menu = await screen.findByRole('menu');
    const links = within(menu).getAllByRole('menuitem');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Audacity labels (.txt)', '/api/collectives/1/tracks/7/comments/markers?version=2&format=audacity'],
      ['REAPER markers (.csv)', '/api/collectives/1/tracks/7/comments/markers?version=2&format=reaper'],
      ['CUE sheet (.cue)', '/api/collectives/1/tracks/7/comments/markers?version=2&format=cue'],
    ]);
    expect(links.every((l) => l.hasAttribute('download'))).toBe(true);
  });
});
