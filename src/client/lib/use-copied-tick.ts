import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../shared/constants';

/**
 * The copied state of a Copy button: true for 2000 ms after `markCopied()` (spec section 9), a
 * second copy restarting the count; the timer goes with the button.
 */
export function useCopiedTick(): { copied: boolean; markCopied: () => void } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const markCopied = useCallback(() => {
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copiedResetMs);
  }, []);
  return { copied, markCopied };
}
