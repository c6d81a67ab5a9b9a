import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { LikeButton } from './like-button';
import { LIKED_IDS_KEY } from './use-likes';

const csrf = () => json({ csrfToken: 't' });

/** A reply held until the test lets it go, to see the optimistic state before it. */
function held(reply: () => Response) {
  let release: () => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = () => resolve(reply());
  });
  return { handler: () => promise, release: () => release() };
}

beforeEach(() => resetCsrfToken());

describe('LikeButton (issue 26)', () => {
  it('likes at once, before the server answers, and stays liked when it agrees', async () => {
    const put = held(() => json({ liked: true }));
    const fetch = mockFetch({ 'GET /api/auth/csrf-token': csrf, 'PUT /api/tracks/7/like': put.handler });
    renderWithProviders(<LikeButton trackId={7} />, { seed: [[LIKED_IDS_KEY, { trackIds: [3] }]] });
    const heart = screen.getByRole('button', { name: 'Like' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(callsTo(fetch, '/api/tracks/7/like')).toHaveLength(1);
    put.release();
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/7/like')[0]?.[1]?.method).toBe('PUT'));
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });

  it('unlikes with DELETE', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': csrf,
      'DELETE /api/tracks/7/like': () => json({ liked: false }),
    });
    const { queryClient } = renderWithProviders(<LikeButton trackId={7} />, {
      seed: [[LIKED_IDS_KEY, { trackIds: [7, 3] }]],
    });
    const heart = screen.getByRole('button', { name: 'Like' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(callsTo(fetch, '/api/tracks/7/like')[0]?.[1]?.method).toBe('DELETE');
    expect(queryClient.getQueryData(LIKED_IDS_KEY)).toEqual({ trackIds: [3] });
  });

  it('puts the heart back and says why when the server refuses', async () => {
    const put = held(() => json({ statusCode: 404, error: 'Not Found', message: 'Track not found' }, 404));
    mockFetch({ 'GET /api/auth/csrf-token': csrf, 'PUT /api/tracks/7/like': put.handler });
    const { queryClient } = renderWithProviders(<LikeButton trackId={7} />, {
      seed: [[LIKED_IDS_KEY, { trackIds: [3] }]],
    });
    const heart = screen.getByRole('button', { name: 'Like' });
    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    put.release();
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(await screen.findByText('Could not like the track')).toBeTruthy();
    expect(screen.getByText('Track not found')).toBeTruthy();
    expect(queryClient.getQueryData(LIKED_IDS_KEY)).toEqual({ trackIds: [3] });
  });
});
