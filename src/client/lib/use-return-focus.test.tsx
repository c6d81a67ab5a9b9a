import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { renderWithProviders } from '../test/render';

/** A dialog opened by state, as the journal's Edit Track is: no Radix trigger to return to. */
function Controlled({ fromMenu = false }: { fromMenu?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      {fromMenu ? (
        <DropdownMenu>
          <DropdownMenuTrigger>More</DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={() => setOpen(true)}>Edit</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          Edit track
        </button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Edit Track</DialogTitle>
          <DialogDescription>Change it.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('dialogs give focus back to what opened them (decision 0296)', () => {
  it('a button that opened a controlled dialog', async () => {
    renderWithProviders(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit track' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await userEvent.keyboard('[Escape]');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit track' }));
  });

  it('the menu button whose item opened it', async () => {
    renderWithProviders(<Controlled fromMenu />);
    screen.getByRole('button', { name: 'More' }).focus();
    await userEvent.keyboard('[Enter]');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More' }));
  });

  it('a confirmation (alert dialog) too', async () => {
    function Confirming() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete
          </button>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title="Delete 3 tracks?"
            description="Gone for good."
            confirmLabel="Delete"
            onConfirm={() => {}}
          />
        </>
      );
    }
    renderWithProviders(<Confirming />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
  });
});
