import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatTimeOfDay } from '../../../shared/format';
import { trackOwner } from '../../entities/track/player-track';
import { makeTrack } from '../../entities/track/test-tracks';
import { renderWithProviders } from '../../test/render';
import { TrackTable } from './track-table';

// Issue 23: the takes of one evening could not be told apart; the day alone showed.
const at = (hours: number, minutes: number, day = 14) => new Date(2024, 4, day, hours, minutes).toISOString();
const first = makeTrack({ id: 1, name: 'Take One', createdAt: at(21, 5), fileCreatedAt: at(9, 0, 2) });
const second = makeTrack({ id: 2, name: 'Take Two', createdAt: at(21, 42), fileCreatedAt: at(9, 0, 3) });
const alone = makeTrack({ id: 3, name: 'Other Day', createdAt: at(18, 30, 20), fileCreatedAt: at(9, 0, 4) });

const dateOf = (title: string) =>
  within(screen.getByText(title).closest('tr') as HTMLElement).getByText(
    (_text, element) => element?.tagName === 'TIME',
  );

describe('journal row dates', () => {
  it('show the time in rows that share their day with another, and on hover everywhere', () => {
    renderWithProviders(
      <TrackTable
        tracks={[first, second, alone]}
        owner={trackOwner(null)}
        sort="dateUploaded"
        onEdit={() => {}}
      />,
    );
    expect(dateOf('Take One').textContent).toBe(
      `${formatDate(first.createdAt)} · ${formatTimeOfDay(first.createdAt)}`,
    );
    expect(dateOf('Take Two').textContent).toContain('21:42');
    expect(dateOf('Other Day').textContent).toBe(formatDate(alone.createdAt));
    expect(dateOf('Other Day').getAttribute('title')).toBe(`${formatDate(alone.createdAt)} at 18:30`);
    expect(dateOf('Take One').getAttribute('datetime')).toBe(first.createdAt);
  });

  it('judge days by the date the sort shows', () => {
    renderWithProviders(
      <TrackTable
        tracks={[first, second, alone]}
        owner={trackOwner(null)}
        sort="dateCreated"
        onEdit={() => {}}
      />,
    );
    // Recorded on three different days: no times in the rows.
    for (const track of [first, second, alone]) {
      expect(dateOf(track.name).textContent).toBe(formatDate(track.fileCreatedAt));
    }
  });
});
