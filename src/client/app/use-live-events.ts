import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TIMINGS } from '../../shared/constants';
import type { LiveEvent, LiveEventName, StreamCloseReason } from '../../shared/schemas/events';
import { apiFailure } from '../lib/api-client';
import { applyLiveEvent, refetchCollectives } from './live-events';

// Every event name, checked against the shared contract by type only: the shell stays free of zod
// (the first route's JS budget, src/test/first-route-size.test.ts).
const NAMES = Object.keys({
  ready: true,
  comment: true,
  commentVisibility: true,
  share: true,
  member: true,
  presence: true,
  resync: true,
  trackComment: true,
  guestComment: true,
  notification: true,
  version: true,
  streamClosed: true,
  importProgress: true,
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
    let stopWaitingForVisible = () => {};

    const open = () => {
      source = new EventSource('/api/events');
      for (const name of NAMES) {
        source.addEventListener(name, (message) => {
          const event = parse(name, (message as MessageEvent<string>).data);
          if (!event) return;
          if (event.event === 'streamClosed') {
            closedByServer(event.data.reason);
            return;
          }
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

    // The server ended the stream on purpose (decisions 0240, 0241): reconnecting at once, as
    // EventSource would, is not what it asked for.
    const closedByServer = (reason: StreamCloseReason) => {
      source?.close();
      if (reason === 'tooManyStreams') {
        // This tab was the person's oldest stream: background tabs wait until they are looked at,
        // so that twenty-odd tabs do not take turns pushing each other out.
        if (document.visibilityState === 'visible') retryTimer = setTimeout(open, TIMINGS.liveEventsRetryMs);
        else waitUntilVisible();
        return;
      }
      // The session ended: signed out elsewhere, expired, or replaced by a new sign-in in another
      // tab. The auth probe tells which; its 401 goes to the app's one session-ended handler.
      void fetch('/api/auth/user', { credentials: 'include' }).then(async (res) => {
        if (stopped) return;
        if (res.status === 401) await apiFailure(res);
        else open();
      }, waitUntilVisible);
    };
    const waitUntilVisible = () => {
      const onChange = () => {
        if (document.visibilityState !== 'visible') return;
        stopWaitingForVisible();
        if (!stopped) open();
      };
      document.addEventListener('visibilitychange', onChange);
      stopWaitingForVisible = () => document.removeEventListener('visibilitychange', onChange);
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      stopWaitingForVisible();
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
