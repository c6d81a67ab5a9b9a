import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTitle,
} from '../components/ui/alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../components/ui/dialog';
import { Sheet, SheetContent, SheetTitle } from '../components/ui/sheet';
import { makeTrack } from '../entities/track/test-tracks';
import { JournalPage } from '../features/tracks/journal-page';
import { json, mockFetch } from '../test/mock-fetch';
import { renderWithProviders } from '../test/render';
import { COARSE_POINTER, firstTabbable, isTextEntry } from './touch-focus';

/** A finger (`coarse`) or a mouse: what `(pointer: coarse)` answers. */
function pointer(kind: 'coarse' | 'fine') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === COARSE_POINTER && kind === 'coarse',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

function NameDialog({ kind }: { kind: 'dialog' | 'sheet' }) {
  const [open, setOpen] = useState(false);
  const body = (
    <>
      <label>
        Playlist Name
        <input type="text" />
      </label>
      <button type="button">Create</button>
    </>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {kind === 'dialog' ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Create Playlist</DialogTitle>
            <DialogDescription>Name it.</DialogDescription>
            {body}
          </DialogContent>
        </Dialog>
      ) : (
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle>Drawer</SheetTitle>
            {body}
          </SheetContent>
        </Sheet>
      )}
    </>
  );
}

async function open(kind: 'dialog' | 'sheet') {
  renderWithProviders(<NameDialog kind={kind} />);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return screen.findByRole('dialog');
}

// Issue 25: a dialog opened by a finger must not raise the on-screen keyboard (decision 0365).
describe('focus on opening, by pointer', () => {
  for (const kind of ['dialog', 'sheet'] as const) {
    it(`a ${kind} on a touch screen focuses itself, not its first field`, async () => {
      pointer('coarse');
      const dialog = await open(kind);
      expect(document.activeElement).toBe(dialog);
      expect(isTextEntry(document.activeElement)).toBe(false);
    });

    it(`a ${kind} with a mouse focuses its first field as before`, async () => {
      pointer('fine');
      const dialog = await open(kind);
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Playlist Name'));
    });
  }

  it('leaves a first control that is not a text field to Radix (an alert dialog focuses Cancel)', async () => {
    pointer('coarse');
    renderWithProviders(
      <AlertDialog open>
        <AlertDialogContent aria-describedby={undefined}>
          <AlertDialogTitle>Delete?</AlertDialogTitle>
          <AlertDialogAction>Delete</AlertDialogAction>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
        </AlertDialogContent>
      </AlertDialog>,
    );
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('the Edit Track dialog: its content on a touch screen, Track Name with a mouse', async () => {
    for (const kind of ['coarse', 'fine'] as const) {
      pointer(kind);
      mockFetch({ 'GET /api/tracks': () => json([makeTrack({ id: 1, name: 'Morning Loop' })]) });
      const view = renderWithProviders(<JournalPage />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit track' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Track' });
      const expected = kind === 'coarse' ? dialog : within(dialog).getByLabelText('Track Name');
      expect(document.activeElement).toBe(expected);
      view.unmount();
      vi.restoreAllMocks();
    }
  });
});

describe('isTextEntry and firstTabbable', () => {
  it('tells fields that take typing from the other controls', () => {
    const make = (html: string) => {
      const box = document.createElement('div');
      box.innerHTML = html;
      return box.firstElementChild;
    };
    expect(isTextEntry(make('<input>'))).toBe(true);
    expect(isTextEntry(make('<input type="email">'))).toBe(true);
    expect(isTextEntry(make('<textarea></textarea>'))).toBe(true);
    expect(isTextEntry(make('<input readonly>'))).toBe(false);
    expect(isTextEntry(make('<input type="checkbox">'))).toBe(false);
    expect(isTextEntry(make('<input type="range">'))).toBe(false);
    expect(isTextEntry(make('<button>Go</button>'))).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });

  it('skips links, disabled, hidden and untabbable elements as Radix does', () => {
    const box = document.createElement('div');
    box.innerHTML = `<a href="/x">Link</a><button disabled>Off</button><input type="hidden">
      <div style="display:none"><input id="gone"></div><span tabindex="-1">No</span><input id="field">`;
    document.body.append(box);
    expect(firstTabbable(box)?.id).toBe('field');
    box.remove();
  });
});
