import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerUpdate, resetUpdateOffer } from './sw-update';
import { UPDATE_MESSAGE, UpdatePrompt } from './update-prompt';

/** The "new version" bar (issue 25, decision 0355), driven through its store as register-sw.ts does. */
describe('UpdatePrompt', () => {
  afterEach(() => {
    cleanup();
    resetUpdateOffer();
  });

  const status = () => screen.getByRole('status');

  it('shows nothing while no new version waits, but keeps its live region ready', () => {
    render(<UpdatePrompt />);
    expect(status().textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says "New version available — reload" in the polite live region when a worker waits', () => {
    render(<UpdatePrompt />);
    const region = status();
    act(() => offerUpdate(vi.fn(async () => {})));
    // The same element that was there at rest, so screen readers announce the change.
    expect(status()).toBe(region);
    expect(region.textContent).toBe('New version available — reload');
    expect(UPDATE_MESSAGE).toBe('New version available — reload');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('Reload applies the waiting version once and says it is reloading', async () => {
    const apply = vi.fn(() => new Promise<void>(() => {}));
    render(<UpdatePrompt />);
    act(() => offerUpdate(apply));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
    const busy = screen.getByRole('button', { name: 'Reloading…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
  });

  it('offers Reload again when applying fails', async () => {
    const apply = vi.fn(async () => {
      throw new Error('no worker');
    });
    render(<UpdatePrompt />);
    act(() => offerUpdate(apply));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('"Not now" puts it away for this page; a newer version is offered again', async () => {
    render(<UpdatePrompt />);
    act(() => offerUpdate(vi.fn(async () => {})));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(status().textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    act(() => offerUpdate(vi.fn(async () => {})));
    expect(status().textContent).toBe(UPDATE_MESSAGE);
  });

  it('is shown to a page that mounts after the offer', () => {
    offerUpdate(vi.fn(async () => {}));
    render(<UpdatePrompt />);
    expect(status().textContent).toBe(UPDATE_MESSAGE);
  });

  it('has no serious axe findings while shown', async () => {
    render(<UpdatePrompt />);
    act(() => offerUpdate(vi.fn(async () => {})));
    const results = await axe.run(document.body, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});
