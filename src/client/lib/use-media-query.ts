import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes. For layouts that cannot be CSS alone,
 * such as content that moves to another place on phones instead of being rendered twice.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
