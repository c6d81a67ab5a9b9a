import type { ReactElement } from 'react';
import type { TrackSort } from '../../../shared/schemas/tracks';

// The sort select's labels and props, apart from both its plain trigger (track-sort-select.tsx)
// and the Radix select that trigger loads lazily, so neither imports the other.

export const SORT_LABELS: Record<TrackSort, string> = {
  dateUploaded: 'Date Uploaded',
  dateCreated: 'Date Created',
  tempo: 'Tempo (Slow to Fast)',
  key: 'Key',
};

export interface TrackSortSelectProps {
  value: TrackSort;
  onValueChange: (value: TrackSort) => void;
  children: ReactElement;
}
