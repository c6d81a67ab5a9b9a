import { createContext, useContext } from 'react';

/**
 * The app's one <audio> element, for views that follow it directly (the waveform draws its
 * progress from the element's own events). Null until it is mounted.
 */
export const PlayerAudioContext = createContext<HTMLAudioElement | null>(null);

export const usePlayerAudio = () => useContext(PlayerAudioContext);
