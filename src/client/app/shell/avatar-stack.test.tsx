import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AvatarStack } from './avatar-stack';

const items = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((name, i) => ({
  id: i + 1,
  name,
  imageUrl: null,
}));

describe('AvatarStack', () => {
  it('shows 4 avatars and a +N more button that lists the rest', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<AvatarStack items={items} onSelect={onSelect} />);
    for (const name of ['One', 'Two', 'Three', 'Four'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Five' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '+2 more' }));
    await userEvent.click(await screen.findByRole('button', { name: 'F Five' }));
    expect(onSelect).toHaveBeenCalledWith(items[4]);
    expect(screen.getByRole('button', { name: 'S Six' })).toBeTruthy();
  });

  it('has no more button when everything fits', () => {
    renderWithProviders(<AvatarStack items={items.slice(0, 4)} />);
    expect(screen.getAllByRole('button')).toHaveLength(4);
    expect(screen.queryByText(/more/)).toBeNull();
  });

  it('honours a custom max', () => {
    renderWithProviders(<AvatarStack items={items} max={2} />);
    expect(screen.getByRole('button', { name: '+4 more' })).toBeTruthy();
  });
});
