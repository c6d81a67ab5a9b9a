import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../components/ui/toaster';
import { toast } from '../components/ui/use-toast';
import { DIALOG_LOAD_FAILED, lazyDialog } from './lazy-dialog';

function Loaded({ open }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return open ? <div role="dialog" aria-label="New Playlist" /> : null;
}

const tries = { count: 0 };

/** A dialog whose chunk fails `failures` times, then arrives (each opening is a new try). */
function flakyDialog(failures: number) {
  tries.count = 0;
  return lazyDialog(async () => {
    tries.count += 1;
    if (tries.count <= failures) throw new TypeError('Failed to fetch dynamically imported module: /d.js');
    return Loaded;
  });
}

function Sidebar({ Dialog }: { Dialog: ReturnType<typeof flakyDialog> }) {
  const [open, setOpen] = useState(false);
  return (
    <nav aria-label="Journal">
      <button type="button" onClick={() => setOpen(true)}>
        New playlist
      </button>
      <Dialog open={open} onOpenChange={setOpen} />
    </nav>
  );
}

describe('lazyDialog when its chunk cannot be fetched (decision 0515)', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => toast({ title: 'reset' }).dismiss());
  });
  afterEach(() => consoleError.mockRestore());

  it('says so in a toast and leaves the screen as it was; the next opening loads it', async () => {
    const Dialog = flakyDialog(1);
    render(
      <>
        <Sidebar Dialog={Dialog} />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'New playlist' }));
    expect(await screen.findByText(DIALOG_LOAD_FAILED)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Journal' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'New Playlist' })).toBeNull();

    // React.lazy keeps a failed load: the boundary gives the next opening a lazy of its own.
    await userEvent.click(screen.getByRole('button', { name: 'New playlist' }));
    expect(await screen.findByRole('dialog', { name: 'New Playlist' })).toBeTruthy();
  });

  it('one whose opener cannot close it (the toaster: open while toasts wait) tries once per opening', async () => {
    const Dialog = flakyDialog(Number.POSITIVE_INFINITY) as unknown as (props: { open: boolean }) => null;
    const view = render(<Dialog open />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(tries.count).toBe(1);
    view.rerender(<Dialog open={false} />);
    view.rerender(<Dialog open />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(tries.count).toBe(2);
  });
});
