import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VersionStatuses } from '../../../shared/schemas/version-review';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { person } from '../collectives/collective-fixtures';
import { ReviewRowBadges } from './version-status-badge';
import { VersionStatusControl } from './version-status-control';

const AT = '2024-05-02T21:05:00.000Z';
const statuses = (verdict: VersionStatuses['statuses'][number]['status'] = null): VersionStatuses => ({
  trackId: 7,
  version: 2,
  statuses: [
    {
      collectiveId: null,
      collectiveName: null,
      status: 'in_review',
      setBy: person('u1', { username: 'ada' }),
      setAt: AT,
    },
    {
      collectiveId: 1,
      collectiveName: 'Crew',
      status: verdict,
      setBy: verdict ? person('u2', { username: 'prince' }) : null,
      setAt: verdict ? AT : null,
    },
  ],
});

function setup(initial: VersionStatuses) {
  const puts: unknown[] = [];
  mockFetch({
    'GET /api/tracks/7/versions/2/status': () => json(initial),
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'PUT /api/tracks/7/versions/2/status': (init) => {
      const body = JSON.parse(String(init?.body));
      puts.push(body);
      return json(
        body.collectiveId
          ? statuses(body.status)
          : {
              ...initial,
              statuses: [{ ...initial.statuses[0]!, status: body.status }, initial.statuses[1]!],
            },
      );
    },
  });
  return puts;
}

describe('the status control of a version', () => {
  it('lets the owner choose In progress or In review, and shows who said it and when', async () => {
    const puts = setup(statuses());
    const user = userEvent.setup();
    renderWithProviders(<VersionStatusControl trackId={7} version={2} collectiveId={1} ownsTrack />);
    const select = (await screen.findByRole('combobox', {
      name: 'Your status of version 2',
    })) as HTMLSelectElement;
    expect(select.value).toBe('in_review');
    expect([...select.options].map((o) => o.textContent)).toEqual(['In progress', 'In review']);
    expect(screen.getByText(/by ada, 2 May 2024/)).toBeTruthy();
    // The owner gives no verdict.
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.selectOptions(select, 'in_progress');
    await waitFor(() => expect(puts).toEqual([{ status: 'in_progress' }]));
    await waitFor(() => expect(select.value).toBe('in_progress'));
  });

  it("lets a member approve or request changes for the collective, and shows the verdict's author", async () => {
    const puts = setup(statuses());
    const user = userEvent.setup();
    renderWithProviders(<VersionStatusControl trackId={7} version={2} collectiveId={1} ownsTrack={false} />);
    expect(await screen.findByText('No verdict yet')).toBeTruthy();
    expect(screen.getByText('In review')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve.getAttribute('aria-pressed')).toBe('false');
    await user.click(approve);
    await waitFor(() => expect(puts).toEqual([{ status: 'approved', collectiveId: 1 }]));
    expect(await screen.findByText('Crew: Approved')).toBeTruthy();
    expect(screen.getByText(/by prince/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ status: 'changes_requested', collectiveId: 1 });
  });
});

describe("a row's review marks", () => {
  const summary = { trackId: 7, version: 2, status: 'in_progress' as const, verdicts: [], openThreads: 0 };
  it('show nothing for a version in progress with nothing open', () => {
    const { container } = render(<ReviewRowBadges summary={summary} />);
    expect(container.textContent).toBe('');
  });
  it('show "4 open" and the verdict, changes requested over approved', () => {
    render(
      <ReviewRowBadges
        summary={{
          ...summary,
          status: 'in_review',
          openThreads: 4,
          verdicts: [
            { collectiveId: 1, status: 'approved' },
            { collectiveId: 2, status: 'changes_requested' },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('review-row').textContent).toBe('Changes requested4 open');
  });
  it("show the owner's In review when no verdict was given", () => {
    render(<ReviewRowBadges summary={{ ...summary, status: 'in_review' }} />);
    expect(screen.getByTestId('review-row').textContent).toBe('In review');
  });
});
