import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CollectivesRail } from './collectives-rail';

const collectives = [
  { id: 1, name: 'Alpha', description: null, imageUrl: null, ownerId: 'u' },
  { id: 2, name: 'beta', description: null, imageUrl: '/uploads/beta', ownerId: 'u' },
];

describe('CollectivesRail', () => {
  it('has a named round button per collective, with the journal and create buttons around them', () => {
    renderWithProviders(<CollectivesRail activeCollectiveId={2} />, {
      seed: [[['/api/collectives'], collectives]],
    });
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Your Journal', 'Notifications', 'Alpha', 'beta', 'Create Collective']);
    // The current collective is marked, the others not; letters stand in for missing images.
    expect(screen.getByRole('button', { name: 'beta' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Alpha' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('button', { name: 'Alpha' }).textContent).toBe('A');
    expect(screen.getByRole('button', { name: 'beta' }).textContent).toBe('B');
  });

  it('shows the collective name as a tooltip', async () => {
    renderWithProviders(<CollectivesRail activeCollectiveId={null} />, {
      seed: [[['/api/collectives'], collectives]],
    });
    fireEvent.focus(screen.getByRole('button', { name: 'Alpha' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Alpha');
  });

  it('navigates to the journal and to a collective', async () => {
    const { location } = renderWithProviders(<CollectivesRail activeCollectiveId={null} />, {
      path: '/profile',
      seed: [[['/api/collectives'], collectives]],
    });
    expect(screen.getByRole('button', { name: 'Your Journal' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: 'Alpha' }));
    expect(location.history?.at(-1)).toBe('/collective/1');
    await userEvent.click(screen.getByRole('button', { name: 'Your Journal' }));
    expect(location.history?.at(-1)).toBe('/');
  });

  it('opens the create collective dialog from the plus button', async () => {
    renderWithProviders(<CollectivesRail activeCollectiveId={null} />, {
      seed: [[['/api/collectives'], []]],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create Collective' }));
    expect(await screen.findByRole('dialog', { name: 'Create Collective' })).toBeTruthy();
  });
});
