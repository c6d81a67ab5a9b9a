import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTrack } from '../../entities/track/test-tracks';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { JournalPage } from './journal-page';

// Issue 45 (decision 0734): tracks a guest sent through an upload link say so in the journal.
describe('JournalPage: received tracks', () => {
  it('marks the rows of received tracks, from one request beside the list', async () => {
    const fetch = mockFetch({
      'GET /api/tracks': () =>
        json([makeTrack({ id: 7, name: 'Final mix' }), makeTrack({ id: 3, name: 'My own take' })]),
      'GET /api/shares/received': () =>
        json([{ trackId: 7, guestName: 'Grace', linkLabel: 'mastering engineer', shareId: 2 }]),
    });
    renderWithProviders(<JournalPage />);
    const received = await screen.findByTestId('track-received');
    expect(received.textContent).toBe('Received from Grace via link “mastering engineer”');
    const row = received.closest('[data-testid="track-row"]') as HTMLElement;
    expect(within(row).getByText('Final mix')).toBeTruthy();
    expect(screen.getAllByTestId('track-received')).toHaveLength(1);
    expect(callsTo(fetch, '/api/shares/received')).toHaveLength(1);
    // The way to ask for files sits beside the upload bar.
    expect(screen.getByRole('button', { name: 'Request files…' })).toBeTruthy();
  });
});
