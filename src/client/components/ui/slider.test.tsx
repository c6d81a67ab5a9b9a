import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Slider } from './slider';

describe('Slider (native range, decision 0295)', () => {
  it('reports every move, and commits once on release', () => {
    const moved = vi.fn();
    const committed = vi.fn();
    render(
      <Slider
        aria-label="Seek"
        max={40}
        step={0.1}
        value={8}
        onValueChange={moved}
        onValueCommit={committed}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Seek' }) as HTMLInputElement;
    fireEvent.input(slider, { target: { value: '12' } });
    fireEvent.input(slider, { target: { value: '20.5' } });
    expect(moved.mock.calls).toEqual([[12], [20.5]]);
    expect(committed).not.toHaveBeenCalled();
    fireEvent.change(slider, { target: { value: '20.5' } });
    expect(committed).toHaveBeenCalledWith(20.5);
  });

  it('draws the filled part up to the value, and is disabled with its control', () => {
    render(<Slider aria-label="Volume" max={100} value={70} disabled />);
    const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    expect(slider.style.getPropertyValue('--slider-filled')).toBe('70%');
    expect(slider.disabled).toBe(true);
    expect(slider.value).toBe('70');
  });
});
