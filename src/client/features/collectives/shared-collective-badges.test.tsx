import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PlaylistRow } from '../../app/shell/playlist-row';
import { sharedCollectivesKey } from '../../entities/collective/use-sharing';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { SharedCollectiveBadges, SharedWithRow } from './shared-collective-badges';

const six = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((name, i) => ({
  id: i + 1,
  name,
  imageUrl: null,
}));

describe('SharedCollectiveBadges', () => {
  it('shows at most 4 badges and a show-more button that lists them all', async () => {
    const { location } = renderWithProviders(<SharedCollectiveBadges collectives={six} />);
    const badges = within(screen.getByRole('list', { name: 'Shared with' })).getAllByRole('img');
    expect(badges.map((b) => b.getAttribute('aria-label'))).toEqual(['One', 'Two', 'Three', 'Four']);
    const more = screen.getByRole('button', { name: '+2: show all 6 shared collectives' });
    expect(more.textContent).toBe('+2');
    await userEvent.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Shared Collectives' });
    expect(within(dialog).getAllByRole('button', { name: /One|Two|Three|Four|Five|Six/ })).toHaveLength(6);
    await userEvent.click(within(dialog).getByRole('button', { name: /Five/ }));
    expect(location.history?.at(-1)).toBe('/collective/5');
  });

  it('has no show-more when everything fits, honours max, and shows nothing for none', () => {
    const { unmount } = renderWithProviders(<SharedCollectiveBadges collectives={six.slice(0, 4)} />);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderWithProviders(<SharedCollectiveBadges collectives={six} max={2} />);
    expect(screen.getByRole('button', { name: '+4: show all 6 shared collectives' }).textContent).toBe('+4');
  });

  it('shows nothing for a playlist shared nowhere', () => {
    renderWithProviders(<SharedCollectiveBadges collectives={[]} />);
    expect(screen.queryByRole('list', { name: 'Shared with' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in a playlist row, show-more sits beside the link (no control inside a link) and opens the dialog', async () => {
    const { location } = renderWithProviders(
      <ul>
        <PlaylistRow
          id={4}
          name="Dub"
          imageUrl={null}
          href="/playlist/4"
          active={false}
          badges={<SharedCollectiveBadges collectives={six} />}
        />
      </ul>,
      { path: '/profile' },
    );
    // axe's nested-interactive: a link must hold no button (issue 13).
    const link = screen.getByRole('link', { name: 'Dub' });
    expect(link.querySelector('button, a, [role="button"], [tabindex]')).toBeNull();
    const more = screen.getByRole('button', { name: '+2: show all 6 shared collectives' });
    expect(link.contains(more)).toBe(false);
    expect(more.closest('li')).toBe(link.closest('li'));
    await userEvent.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Shared Collectives' });
    expect(location.history?.at(-1)).toBe('/profile');
    await userEvent.click(within(dialog).getByRole('button', { name: /Two/ }));
    expect(location.history?.at(-1)).toBe('/collective/2');
  });
});

describe('SharedWithRow', () => {
  it("reads the playlist's shared collectives: 'Shared with', 3 avatars and a show-more", async () => {
    mockFetch({ 'GET /api/playlists/4/shared-collectives': () => json(six.slice(0, 5)) });
    renderWithProviders(<SharedWithRow playlistId={4} />);
    expect(await screen.findByText('Shared with')).toBeTruthy();
    const avatars = within(screen.getByRole('list', { name: 'Shared with' })).getAllByRole('img');
    expect(avatars.map((a) => a.getAttribute('aria-label'))).toEqual(['One', 'Two', 'Three']);
    const more = screen.getByRole('button', { name: '+2 more: show all 5 shared collectives' });
    expect(more.textContent).toBe('+2 more');
    await userEvent.click(more);
    // The dialog's code loads on its first opening (lazyDialog): wait for it as a person would.
    expect(within(await screen.findByRole('dialog')).getAllByRole('listitem')).toHaveLength(5);
  });

  it('has no show-more while every collective it is shared with is on show', async () => {
    for (const count of [1, 3]) {
      const { unmount } = renderWithProviders(<SharedWithRow playlistId={4} />, {
        seed: [[sharedCollectivesKey(4), six.slice(0, count)]],
      });
      expect(await screen.findByText('Shared with')).toBeTruthy();
      expect(within(screen.getByRole('list', { name: 'Shared with' })).getAllByRole('img')).toHaveLength(
        count,
      );
      expect(screen.queryByRole('button')).toBeNull();
      expect(screen.queryByText(/more/)).toBeNull();
      unmount();
    }
  });

  it('shows nothing while the playlist is shared nowhere', () => {
    renderWithProviders(<SharedWithRow playlistId={4} />, { seed: [[sharedCollectivesKey(4), []]] });
    expect(screen.queryByText('Shared with')).toBeNull();
  });
});
