import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { ReportButton } from './report-dialog';

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
beforeEach(() => resetCsrfToken());

const render = () =>
  renderWithProviders(<ReportButton target={{ kind: 'trackComment', id: 42 }} what="this comment" />);

describe('ReportDialog (decision 0455)', () => {
  it('sends the reason and note only once a reason is picked, then says it was received', async () => {
    let body: unknown;
    mockFetch({
      ...csrf,
      'POST /api/reports': (init) => {
        body = JSON.parse(String(init?.body));
        return json({ id: 1, createdAt: '2026-01-01T00:00:00Z' }, 201);
      },
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Links to a shop');
    await userEvent.click(send);
    await waitFor(() =>
      expect(body).toEqual({
        target: { kind: 'trackComment', id: 42 },
        reason: 'spam',
        note: 'Links to a shop',
      }),
    );
    expect(await screen.findByText('Report received')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal and stays open', async () => {
    mockFetch({
      ...csrf,
      'POST /api/reports': () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'You have already reported this: a moderator will look at it',
          },
          409,
        ),
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Abuse or harassment' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('You have already reported this: a moderator will look at it'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Report this comment' })).toBeTruthy();
  });
});
