import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { TempoKeyBadges } from '../../entities/track/tempo-key-badges';
import { makeTrack } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { JournalPage } from './journal-page';
import { readFilter, writeFilter } from './track-filter-url';

// Issue 47: tempo and key on the row, in the Edit Track dialog and in the journal filter's URL.

const measured = makeTrack({
  id: 1,
  name: 'Groove',
  bpm: 120,
  bpmConfidence: 0.9,
  bpmAlternatives: [60, 240],
  musicalKey: 'A minor',
  keyConfidence: 0.8,
});
const csrf = () => json({ csrfToken: 't' });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

function tracksOnce(track: Track) {
  let calls = 0;
  return () => (calls++ === 0 ? json([track]) : new Promise<Response>(() => {}));
}

async function openEditor(track: Track) {
  const fetch = mockFetch({
    'GET /api/tracks': tracksOnce(track),
    'GET /api/auth/csrf-token': csrf,
    'PATCH /api/tracks/1': (init) => json({ ...track, ...bodyOf(init) }),
  });
  renderWithProviders(<JournalPage />);
  await screen.findByText(track.name);
  await userEvent.click(screen.getByRole('button', { name: 'Edit track' }));
  return { fetch, dialog: await screen.findByRole('dialog', { name: 'Edit Track' }) };
}

beforeEach(() => resetCsrfToken());

describe('tempo and key badges', () => {
  it('show the tempo and key; a low-confidence measure as approximate; the owner’s marked', () => {
    const { rerender } = render(<TempoKeyBadges track={measured} />);
    expect(screen.getByTestId('track-bpm').textContent).toBe('120 BPM');
    expect(screen.getByTestId('track-key').textContent).toBe('A minor');

    rerender(<TempoKeyBadges track={{ ...measured, bpm: 92.5, bpmConfidence: 0.2 }} />);
    expect(screen.getByTestId('track-bpm').textContent).toBe('≈about 92.5 BPM');
    expect(screen.getByTestId('track-bpm').getAttribute('title')).toMatch(/approximate/);

    rerender(<TempoKeyBadges track={{ ...measured, keyEdited: true, keyConfidence: null }} />);
    expect(screen.getByTestId('track-key').textContent).toBe('A minor (set by you)');
    expect(screen.getByTestId('track-bpm').textContent).toBe('120 BPM');

    rerender(<TempoKeyBadges track={{ ...measured, bpm: null, musicalKey: null }} />);
    expect(screen.queryByTestId('tempo-key')).toBeNull();
  });

  it('stand on the journal row', async () => {
    mockFetch({ 'GET /api/tracks': tracksOnce(measured) });
    renderWithProviders(<JournalPage />);
    const row = (await screen.findByText('Groove')).closest('tr')!;
    expect(within(row).getByTestId('track-bpm').textContent).toBe('120 BPM');
    expect(within(row).getByTestId('track-key').textContent).toBe('A minor');
  });
});

describe('Edit Track: tempo and key', () => {
  it('sends the owner’s tempo and key when changed, and the row shows them marked at once', async () => {
    const { fetch, dialog } = await openEditor(measured);
    const tempo = within(dialog).getByLabelText('Tempo (BPM)') as HTMLInputElement;
    expect(tempo.value).toBe('120');
    await userEvent.clear(tempo);
    await userEvent.type(tempo, '96');
    await userEvent.selectOptions(within(dialog).getByLabelText('Key'), 'D minor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/1')).toHaveLength(1));
    const [, init] = callsTo(fetch, '/api/tracks/1')[0]!;
    expect(bodyOf(init)).toMatchObject({ bpm: 96, musicalKey: 'D minor' });
    // The list follows the cache in a deferred render (decision 0932): within a frame, not at once.
    const row = screen.getByText('Groove').closest('tr')!;
    await waitFor(() => expect(within(row).getByTestId('track-bpm').textContent).toBe('96 BPM (set by you)'));
    expect(within(row).getByTestId('track-key').textContent).toBe('D minor (set by you)');
  });

  it('sends neither when untouched, and refuses a tempo out of range', async () => {
    const { fetch, dialog } = await openEditor(measured);
    const tempo = within(dialog).getByLabelText('Tempo (BPM)');
    await userEvent.clear(tempo);
    await userEvent.type(tempo, '900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Tempo must be a number from 20 to 400')).toBeTruthy();
    expect(callsTo(fetch, '/api/tracks/1')).toHaveLength(0);
    await userEvent.clear(tempo);
    await userEvent.type(tempo, '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/1')).toHaveLength(1));
    const body = bodyOf(callsTo(fetch, '/api/tracks/1')[0]![1]);
    expect('bpm' in body || 'musicalKey' in body).toBe(false);
  });

  it('gives an edited value back to the measure with "Reset to measured"', async () => {
    const edited = {
      ...measured,
      bpm: 96,
      bpmEdited: true,
      bpmConfidence: null,
      musicalKey: 'D minor',
      keyEdited: true,
    };
    const { fetch, dialog } = await openEditor(edited);
    const resets = within(dialog).getAllByRole('button', { name: 'Reset to measured' });
    expect(resets).toHaveLength(2);
    await userEvent.click(resets[0]!);
    expect(within(dialog).getByText('The measured value comes back once you save.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/1')).toHaveLength(1));
    const body = bodyOf(callsTo(fetch, '/api/tracks/1')[0]![1]);
    expect(body.bpm).toBeNull();
    expect('musicalKey' in body).toBe(false);
  });
});

describe('the journal filter URL: tempo and key', () => {
  it('keeps a tempo range and a key, and drops what GET /api/tracks would refuse', () => {
    const query = writeFilter({ bpmFrom: 0, bpmTo: 128.5, key: 'F# minor' });
    expect(query).toBe('bpmFrom=0&bpmTo=128.5&key=F%23+minor');
    expect(readFilter(query)).toEqual({ bpmFrom: 0, bpmTo: 128.5, key: 'F# minor' });
    expect(readFilter('bpmFrom=fast&bpmTo=999&key=H+minor')).toEqual({});
  });
});
