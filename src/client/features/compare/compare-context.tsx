import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/** One take a comparison starts from: a track, and where its versions are listed. */
export interface CompareTake {
  trackId: number;
  name: string;
  /** GET this for the versions (a share link's own address); default /api/tracks/{id}/versions. */
  versionsUrl?: string;
  /** The version to start this slot on; default the current one (B: the one before it). */
  version?: number;
}

/**
 * What "Compare" asks for (issue 43): one track (its versions, A = current, B = the one before),
 * or two takes (A = the first's current version, B = the second's). `collectiveId`: the timed
 * comments of that collective are shown on the waveform.
 */
export interface CompareRequest {
  takes: [CompareTake] | [CompareTake, CompareTake];
  /** One track: the version slot B starts on (default the one before A's). */
  versionB?: number;
  collectiveId?: number;
  /** Where on slot A's timeline to start (seconds), e.g. a comment's moment (decision 0674). */
  startAt?: number;
}

export interface CompareContextValue {
  /** False outside a CompareProvider (tests of single screens): entry points hide. */
  available: boolean;
  request: CompareRequest | null;
  open: (request: CompareRequest) => void;
  close: () => void;
}

const CompareContext = createContext<CompareContextValue>({
  available: false,
  request: null,
  open: () => {},
  close: () => {},
});

/** Holds which comparison is open; the panel itself (and its audio) loads only when one opens. */
export function CompareProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<CompareRequest | null>(null);
  const value = useMemo<CompareContextValue>(
    () => ({ available: true, request, open: setRequest, close: () => setRequest(null) }),
    [request],
  );
  return <CompareContext.Provider value={value}>{children}</CompareContext.Provider>;
}

export const useCompare = () => useContext(CompareContext);
