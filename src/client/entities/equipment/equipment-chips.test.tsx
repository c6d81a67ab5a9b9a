import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { equipmentCategoryColor } from '../../../shared/constants';
import { renderWithProviders } from '../../test/render';
import { makeTag } from '../track/test-tracks';
import { EquipmentChips } from './equipment-chips';

const long = 'A six-voice analogue polysynth with a famous chorus. '.repeat(4);
const juno = makeTag({ id: 5, name: 'Juno-60', description: long, imageUrl: '/uploads/equipment/5' });
const box = makeTag({ id: 7, name: 'Mystery Box', category: 'not a category' });

describe('EquipmentChips', () => {
  it('shows one chip per tag on its category colour, unknown categories as "not defined"', () => {
    renderWithProviders(<EquipmentChips equipment={[juno, box]} />);
    const chip = screen.getByRole('link', { name: 'Juno-60' });
    expect(chip.getAttribute('href')).toBe('/equipment/5');
    const colour = (el: HTMLElement) =>
      (el.querySelector('[data-category]') as HTMLElement).style.backgroundColor;
    const swatch = document.createElement('div');
    swatch.style.backgroundColor = equipmentCategoryColor('Hardware Synth');
    expect(colour(chip)).toBe(swatch.style.backgroundColor);
    swatch.style.backgroundColor = equipmentCategoryColor('not defined');
    expect(colour(screen.getByRole('link', { name: 'Mystery Box' }))).toBe(swatch.style.backgroundColor);
  });

  it('with max, shows that many chips and a "+N" naming the rest, which shows them all (issue 42)', async () => {
    const kit = [juno, box, makeTag({ id: 8, name: 'TR-808' }), makeTag({ id: 9, name: 'SM57' })];
    renderWithProviders(<EquipmentChips equipment={kit} max={2} />);
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['Juno-60', 'Mystery Box']);
    const more = screen.getByRole('button', { name: '2 more: TR-808, SM57' });
    expect(more.textContent).toBe('+2');
    expect(more.getAttribute('title')).toBe('TR-808, SM57');
    await userEvent.click(more);
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Juno-60',
      'Mystery Box',
      'TR-808',
      'SM57',
    ]);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('with max and no more kit than that, shows every chip and no "+N"', () => {
    renderWithProviders(<EquipmentChips equipment={[juno, box]} max={2} />);
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders nothing for no equipment', () => {
    const { container } = renderWithProviders(<EquipmentChips equipment={[]} />);
    expect(container.querySelector('ul')).toBeNull();
  });

  it('previews the kit on hover: image, name, 120-character description and Go', async () => {
    renderWithProviders(<EquipmentChips equipment={[juno, box]} />);
    await userEvent.hover(screen.getByRole('link', { name: 'Juno-60' }));
    const go = await screen.findByRole('link', { name: 'Go' });
    expect(go.getAttribute('href')).toBe('/equipment/5');
    const card = go.closest('[data-radix-popper-content-wrapper]') as HTMLElement;
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/uploads/equipment/5-128.webp');
    expect(within(card).getByText('Juno-60')).toBeTruthy();
    const preview = within(card).getByText(/^A six-voice/).textContent ?? '';
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(121);
  });

  it('shows a placeholder when the kit has no image', async () => {
    renderWithProviders(<EquipmentChips equipment={[box]} />);
    await userEvent.hover(screen.getByRole('link', { name: 'Mystery Box' }));
    await screen.findByRole('link', { name: 'Go' });
    expect(screen.getByTestId('equipment-image-placeholder')).toBeTruthy();
  });
});
