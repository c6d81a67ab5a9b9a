import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TakeLoudness } from './take-loudness';

// A take's loudness in the track details (issue 47, decisions 0840, 0841).

describe('TakeLoudness', () => {
  it('shows the measures and what each service does to a loud master with a hot true peak', () => {
    render(<TakeLoudness values={{ lufs: -8.9, truePeakDb: 0.4, loudnessRange: 5.2 }} />);
    const section = screen.getByRole('region', { name: 'Loudness' });
    expect(within(section).getByText('Integrated').nextSibling?.textContent).toBe('\u22128.9 LUFS');
    expect(within(section).getByText('Range').nextSibling?.textContent).toBe('5.2 LU');
    expect(within(section).getByText('True peak').nextSibling?.textContent).toBe('+0.4 dBTP');
    expect(within(section).getByText('True peak +0.4 dBTP: will clip after encoding')).toBeTruthy();
    const services = within(screen.getByRole('list', { name: 'On streaming services' })).getAllByRole(
      'listitem',
    );
    expect(services.map((li) => li.textContent)).toEqual([
      'Spotify turns this down 5.1 dB',
      'Apple Music turns this down 7.1 dB',
      'YouTube turns this down 5.1 dB',
      'Tidal turns this down 5.1 dB',
      'Amazon Music turns this down 5.1 dB',
    ]);
  });

  it('tells a quiet master: raised where the service raises, as it is elsewhere; no warning', () => {
    render(
      <TakeLoudness
        values={{ lufs: -17.2, truePeakDb: -6, loudnessRange: null }}
        heading="Loudness of version 2"
      />,
    );
    const section = screen.getByRole('region', { name: 'Loudness of version 2' });
    expect(within(section).queryByText('Range')).toBeNull();
    expect(within(section).queryByText(/clip after encoding/)).toBeNull();
    expect(within(section).getByText('Spotify turns this up 3.2 dB')).toBeTruthy();
    expect(within(section).getByText('Apple Music turns this up 1.2 dB')).toBeTruthy();
    expect(within(section).getByText('YouTube plays it as it is')).toBeTruthy();
  });

  it('shows nothing for a take not measured yet', () => {
    const { container } = render(
      <TakeLoudness values={{ lufs: null, truePeakDb: null, loudnessRange: null }} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
