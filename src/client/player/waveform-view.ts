import { useCallback, useState } from 'react';

/**
 * How a take's waveform area shows it (issue 47, decision 0843): its bars, or its spectrogram (a
 * picture the media job drew). The choice is the listener's, remembered on this device.
 */
export const WAVEFORM_VIEWS = [
  { id: 'waveform', label: 'Waveform' },
  { id: 'spectrogram', label: 'Spectrogram' },
] as const;
export type WaveformView = (typeof WAVEFORM_VIEWS)[number]['id'];

export const WAVEFORM_VIEW_STORAGE_KEY = 'waveformView';

function readView(): WaveformView {
  try {
    return localStorage.getItem(WAVEFORM_VIEW_STORAGE_KEY) === 'spectrogram' ? 'spectrogram' : 'waveform';
  } catch {
    // Storage refused (private mode, a sandboxed frame): the bars, as before.
    return 'waveform';
  }
}

/** The remembered view and a setter that remembers. */
export function useWaveformView(): [WaveformView, (view: WaveformView) => void] {
  const [view, setView] = useState(readView);
  const choose = useCallback((next: WaveformView) => {
    setView(next);
    try {
      localStorage.setItem(WAVEFORM_VIEW_STORAGE_KEY, next);
    } catch {
      // Not remembered; the choice still holds on this page.
    }
  }, []);
  return [view, choose];
}

/** A take's spectrogram beside its peaks: the same route with /spectrogram for /waveform. */
export function spectrogramUrlOf(trackId: number, peaksUrl: string | null | undefined): string {
  return peaksUrl ? peaksUrl.replace(/\/waveform$/, '/spectrogram') : `/api/tracks/${trackId}/spectrogram`;
}
