import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ShareListener } from '../../../shared/schemas/share-listens';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { ListenHeatStrip } from './listen-heat-strip';
import { ShareLinkListeners } from './share-link-listeners';
import { listenedText, listenerName } from './share-listens-format';

const listener = (extra: Partial<ShareListener> = {}): ShareListener => ({
  listenerId: 'browser-one',
  recipient: 'mastering engineer',
  plays: 2,
  furthestSeconds: 95,
  heardFraction: 0.921,
  downloads: 1,
  firstAt: '2026-06-01T10:00:00.000Z',
  lastAt: '2026-06-01T11:00:00.000Z',
  ...extra,
});
const flat = new Array(100).fill(0);

describe('the insight line', () => {
  it('says who heard how much, how often, and whether they downloaded', () => {
    expect(`${listenerName(listener(), 0, 1)}: ${listenedText(listener())}`).toBe(
      'mastering engineer: heard 92 %, twice, downloaded',
    );
    expect(listenedText(listener({ plays: 1, downloads: 0, heardFraction: 0.5 }))).toBe('heard 50 %, once');
    expect(listenedText(listener({ plays: 3, downloads: 2 }))).toBe(
      'heard 92 %, 3 times, downloaded 2 times',
    );
    // A browser that only downloaded.
    expect(listenedText(listener({ plays: 0, heardFraction: 0 }))).toBe('heard 0 %, downloaded');
  });

  it('numbers anonymous listeners, and a recipient reached in several browsers', () => {
    const anonymous = listener({ recipient: null });
    expect([0, 1].map((i) => listenerName(anonymous, i, 2))).toEqual(['Listener 1', 'Listener 2']);
    expect(listenerName(listener(), 1, 2)).toBe('mastering engineer (2)');
  });

  it("lists a link's listeners from GET /api/shares/{id}/listens", async () => {
    mockFetch({
      'GET /api/shares/4/listens': () =>
        json({
          listeners: [
            listener(),
            listener({ listenerId: 'browser-two', plays: 1, downloads: 0, heardFraction: 0.1 }),
          ],
          histogram: flat,
          tracks: [],
        }),
    });
    renderWithProviders(<ShareLinkListeners linkId={4} />);
    const list = await screen.findByRole('list', { name: 'Listeners' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'mastering engineer (1): heard 92 %, twice, downloaded',
      'mastering engineer (2): heard 10 %, once',
    ]);
  });

  it('says so when nobody listened yet', async () => {
    mockFetch({ 'GET /api/shares/4/listens': () => json({ listeners: [], histogram: flat, tracks: [] }) });
    renderWithProviders(<ShareLinkListeners linkId={4} />);
    expect(await screen.findByText('No listens yet')).toBeTruthy();
  });
});

describe('the heat strip', () => {
  it('draws 100 buckets, darker where more listeners heard, and says where most did', async () => {
    const histogram = flat.map((_, i) => (i < 50 ? 2 : i < 90 ? 1 : 0));
    mockFetch({ 'GET /api/tracks/9/listen-heat': () => json({ listeners: 2, histogram }) });
    renderWithProviders(<ListenHeatStrip trackId={9} duration={100} />);
    const strip = await screen.findByRole('img', {
      name: 'Heard through your share links by 2 listeners, most around 0:00',
    });
    const cells = [...strip.children] as HTMLElement[];
    expect(cells).toHaveLength(100);
    expect([cells[0]!.style.opacity, cells[60]!.style.opacity, cells[95]!.style.opacity]).toEqual([
      '1',
      '0.575',
      '0',
    ]);
  });

  it('names no peak when every heard part is as busy', async () => {
    const histogram = flat.map((_, i) => (i < 50 ? 1 : 0));
    mockFetch({ 'GET /api/tracks/9/listen-heat': () => json({ listeners: 1, histogram }) });
    renderWithProviders(<ListenHeatStrip trackId={9} duration={100} />);
    expect(
      await screen.findByRole('img', { name: 'Heard through your share links by 1 listener' }),
    ).toBeTruthy();
  });

  it('shows nothing before anyone listened', async () => {
    const fetch = mockFetch({
      'GET /api/tracks/9/listen-heat': () => json({ listeners: 0, histogram: flat }),
    });
    const { container } = renderWithProviders(<ListenHeatStrip trackId={9} duration={100} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.querySelector('[data-testid="listen-heat"]')).toBeNull();
  });
});
