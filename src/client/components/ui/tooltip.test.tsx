import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../../shared/constants';
import { WithTooltip } from './tooltip';

/**
 * Spec section 9's tooltip timings, now that each lazily loaded tooltip has its own Radix Provider
 * (decision 0076): 700 ms to open; none while one is open or within 300 ms of one closing.
 */
describe('WithTooltip timings', () => {
  // Unmounting an open tooltip starts the shared grace period: let it run out between tests.
  afterEach(() => {
    cleanup();
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  const twoButtons = () =>
    render(
      <>
        <WithTooltip label="First tip">
          <button type="button">First</button>
        </WithTooltip>
        <WithTooltip label="Second tip">
          <button type="button">Second</button>
        </WithTooltip>
      </>,
    );
  // Radix opens a tooltip on the trigger's pointer moves (a mouse's) and closes it on leaving.
  const hover = (el: HTMLElement) => {
    fireEvent.pointerEnter(el);
    fireEvent.pointerMove(el);
  };
  // Leaving the trigger closes a hoverable tooltip once the pointer leaves its grace area, which
  // needs a layout jsdom does not have; Escape closes it through the same onOpenChange.
  const close = () => fireEvent.keyDown(document.body, { key: 'Escape' });
  const tip = (name: string) => screen.queryByRole('tooltip', { name });

  it('opens after the delay, and the next one at once within the grace period', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    twoButtons();
    hover(screen.getByRole('button', { name: 'First' }));
    act(() => vi.advanceTimersByTime(TIMINGS.tooltipDelayMs - 100));
    expect(tip('First tip')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(tip('First tip')).not.toBeNull();

    close();
    expect(tip('First tip')).toBeNull();
    hover(screen.getByRole('button', { name: 'Second' }));
    act(() => vi.advanceTimersByTime(50));
    expect(tip('Second tip')).not.toBeNull();
  });

  it('waits the full delay again once the grace period is over', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    twoButtons();
    hover(screen.getByRole('button', { name: 'First' }));
    act(() => vi.advanceTimersByTime(TIMINGS.tooltipDelayMs + 100));
    expect(tip('First tip')).not.toBeNull();
    close();
    expect(tip('First tip')).toBeNull();
    act(() => vi.advanceTimersByTime(TIMINGS.tooltipSkipDelayMs + 100));
    hover(screen.getByRole('button', { name: 'Second' }));
    act(() => vi.advanceTimersByTime(TIMINGS.tooltipDelayMs - 100));
    expect(tip('Second tip')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(tip('Second tip')).not.toBeNull();
  });

  it('a tooltip removed while open (its button navigated away) still ends the grace period', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { unmount } = twoButtons();
    hover(screen.getByRole('button', { name: 'First' }));
    act(() => vi.advanceTimersByTime(TIMINGS.tooltipDelayMs + 100));
    expect(tip('First tip')).not.toBeNull();
    unmount();
    act(() => vi.advanceTimersByTime(TIMINGS.tooltipSkipDelayMs + 100));
    twoButtons();
    hover(screen.getByRole('button', { name: 'Second' }));
    act(() => vi.advanceTimersByTime(TIMINGS.tooltipDelayMs - 100));
    expect(tip('Second tip')).toBeNull();
  });
});
