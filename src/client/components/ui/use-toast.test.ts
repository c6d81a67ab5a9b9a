import { describe, expect, it } from 'vitest';
import { reducer } from './use-toast';

describe('toast store', () => {
  it('keeps only the newest toast (TOAST_LIMIT 1)', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', title: 'first' } });
    state = reducer(state, { type: 'ADD_TOAST', toast: { id: '2', title: 'second' } });
    expect(state.toasts.map((t) => t.title)).toEqual(['second']);
  });

  it('closes a dismissed toast before removing it', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', open: true } });
    state = reducer(state, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts[0]?.open).toBe(false);
    state = reducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });
});
