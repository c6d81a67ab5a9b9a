import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TIMINGS } from '../../../shared/constants';
import type { LiveEvent, LiveEventName } from '../../../shared/schemas/events';
import { applyLiveEvent, refetchCollectives } from './live-events';

// Every event name, checked against the shared contract by type only: the shell stays free of zod
// (the first route's JS budget, src/test/first-route-size.test.ts).
const NAMES = Object.keys({
  ready: true,
  comment: true,
  share: true,
  member: true,
  presence: true,
  resync: true,
  trackComment: true,
  notification: true,
  version: true,
} satisfies Record<LiveEventName, true>) as LiveEventName[];
const MAX_RETRY_MS = 30_000;

/**
 * One event stream per tab while signed in (decision 0100): it is also what makes this person
 * online to the members of their collectives (decision 0101). EventSource reconnects by itself after
 * a dropped connection; after an answer that is not a stream (a balancer's 502 while an instance
 * restarts) it gives up, so a new one is opened with growing delays. Whenever the stream comes back,
 * what happened meanwhile was missed: collective reads are refreshed.
 */
export function useLiveEvents(myUserId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let connectedBefore = false;
    let stopped = false;

    const open = () => {
      source = new EventSource('/api/events');
      for (const name of NAMES) {
        source.addEventListener(name, (message) => {
          const event = parse(name, (message as MessageEvent<string>).data);
          if (!event) return;
          applyLiveEvent(queryClient, event, myUserId);
          if (event.event === 'ready') {
            failures = 0;
            // An open stream is what "online" means: a member list read just before this stream
            // was counted (or while its own presence event went by) shows this person offline.
            // Written before the refetch below, which must stay marked as due.
            applyLiveEvent(
              queryClient,
              { event: 'presence', data: { userId: myUserId, online: true } },
              myUserId,
            );
            if (connectedBefore) refetchCollectives(queryClient);
            connectedBefore = true;
          }
        });
      }
      source.onerror = () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        failures += 1;
        retryTimer = setTimeout(
          open,
          Math.min(TIMINGS.liveEventsRetryMs * 2 ** (failures - 1), MAX_RETRY_MS),
        );
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient, myUserId]);
}

/**
 * The server's own frames (same origin, shared contract); one this client cannot read (a newer
 * server mid-deploy) is skipped, never thrown.
 */
function parse(name: LiveEventName, raw: string): LiveEvent | undefined {
  try {
    const data: unknown = JSON.parse(raw);
    return data !== null && typeof data === 'object' ? ({ event: name, data } as LiveEvent) : undefined;
  } catch {
    return undefined;
  }
}
