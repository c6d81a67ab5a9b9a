import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPopup, type PopupStart } from './lazy-popup';

/** A widget whose module arrives when the test says so, standing in for a Radix one. */
function deferredWidget(gestures: Parameters<typeof lazyPopup>[1]) {
  let arrive: () => void = () => {};
  const loads: string[] = [];
  function Loaded({ children, defaultOpen }: { children: ReactElement } & PopupStart) {
    return (
      <div data-testid="loaded" data-open={String(Boolean(defaultOpen))}>
        {children}
      </div>
    );
  }
  const Widget = lazyPopup<{ children: ReactElement }>(() => {
    loads.push('load');
    return new Promise((resolve) => {
      arrive = () => resolve(Loaded);
    });
  }, gestures);
  return { Widget, loads, arrive: () => act(async () => arrive()) };
}

const MENU = {
  pointerDown: true,
  click: true,
  keys: ['Enter', ' ', 'ArrowDown'],
  plainProps: { 'aria-haspopup': 'menu', 'aria-expanded': false },
};

describe('lazyPopup', () => {
  it('shows the plain trigger with the ARIA of a closed widget and loads nothing until it is used', () => {
    const { Widget, loads } = deferredWidget(MENU);
    render(
      <Widget>
        <button type="button">More options</button>
      </Widget>,
    );
    const trigger = screen.getByRole('button', { name: 'More options' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.getAttribute('data-state')).toBe('closed');
    expect(loads).toEqual([]);
  });

  it('a click made before the module arrives opens the widget when it does', async () => {
    const { Widget, loads, arrive } = deferredWidget(MENU);
    render(
      <Widget>
        <button type="button">More options</button>
      </Widget>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    expect(loads).toEqual(['load']);
    expect(screen.queryByTestId('loaded')).toBeNull();
    await arrive();
    expect(screen.getByTestId('loaded').getAttribute('data-open')).toBe('true');
  });

  it('the first keyboard activation opens it too, and its default is prevented as Radix does', async () => {
    const { Widget, arrive } = deferredWidget(MENU);
    render(
      <Widget>
        <button type="button">More options</button>
      </Widget>,
    );
    const trigger = screen.getByRole('button', { name: 'More options' });
    const notPrevented = fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(notPrevented).toBe(false);
    await arrive();
    expect(screen.getByTestId('loaded').getAttribute('data-open')).toBe('true');
  });

  it('focus on the trigger is carried over to the loaded one, closed', async () => {
    const { Widget, arrive } = deferredWidget(MENU);
    render(
      <Widget>
        <button type="button">More options</button>
      </Widget>,
    );
    await userEvent.tab();
    const before = screen.getByRole('button', { name: 'More options' });
    expect(document.activeElement).toBe(before);
    await arrive();
    expect(screen.getByTestId('loaded').getAttribute('data-open')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More options' }));
  });

  it('a hovered trigger gets the pointer events a hover widget opens on, once loaded', async () => {
    const { Widget, arrive } = deferredWidget({});
    const seen: string[] = [];
    render(
      <Widget>
        <button
          type="button"
          onPointerEnter={() => seen.push('enter')}
          onPointerMove={() => seen.push('move')}
        >
          Kit
        </button>
      </Widget>,
    );
    await userEvent.hover(screen.getByRole('button', { name: 'Kit' }));
    seen.length = 0;
    await arrive();
    expect(seen).toEqual(['enter', 'move']);
  });

  it('keeps the child’s own handlers and a hover alone does not open it', async () => {
    const { Widget, arrive } = deferredWidget({});
    const clicks: string[] = [];
    render(
      <Widget>
        <button type="button" onClick={() => clicks.push('click')}>
          Kit
        </button>
      </Widget>,
    );
    await userEvent.hover(screen.getByRole('button', { name: 'Kit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kit' }));
    expect(clicks).toEqual(['click']);
    await arrive();
    expect(screen.getByTestId('loaded').getAttribute('data-open')).toBe('false');
  });

  it('a module arriving between pointer down and up waits for the release: the click still happens (decision 0515)', async () => {
    const { Widget, arrive } = deferredWidget({});
    const clicks: string[] = [];
    render(
      <Widget>
        <button type="button" onClick={() => clicks.push('click')}>
          New playlist
        </button>
      </Widget>,
    );
    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: 'New playlist' });
    await user.pointer({ keys: '[MouseLeft>]', target: trigger });
    await arrive();
    // Still the element the press started on: the swap would make a new one.
    expect(screen.queryByTestId('loaded')).toBeNull();
    expect(screen.getByRole('button', { name: 'New playlist' })).toBe(trigger);
    await user.pointer({ keys: '[/MouseLeft]', target: trigger });
    expect(clicks).toEqual(['click']);
    // Released: the widget takes over, with the child's handler.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByTestId('loaded')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New playlist' }));
    expect(clicks).toEqual(['click', 'click']);
  });
});
