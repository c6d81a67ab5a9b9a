import { useSyncExternalStore } from 'react';

/** Narrower than Tailwind's `sm` (40rem): a phone held upright (issue 25). */
export const PHONE_SCREEN = '(max-width: 39.999rem)';

/** Narrower than Tailwind's `md` (48rem): the shell shows its top bar, not the rail and sidebar. */
export const NARROW_SCREEN = '(max-width: 47.999rem)';

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
