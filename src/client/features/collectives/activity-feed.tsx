import { useInfiniteQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { Link } from 'wouter';
import { displayName, formatCommentTime } from '../../../shared/format';
import type { ActivityItem, ActivityPage } from '../../../shared/schemas/activity';
import { UserAvatar } from '../../components/collective-avatar';
import { Button } from '../../components/ui/button';
import { apiRequest } from '../../lib/api-client';
import { showTime } from '../track-comments';
import { VersionStatusBadge } from '../version-review';

/** Under the collective's key: live shares, joins and comments read it again (live-events.ts). */
export const activityKey = (collectiveId: number) => ['/api/collectives', collectiveId, 'activity'] as const;

function sentence(item: ActivityItem): string {
  const who = displayName(item.actor);
  switch (item.kind) {
    case 'share':
      return `${who} shared “${item.playlist?.name ?? 'a playlist'}”`;
    case 'join':
      return `${who} joined`;
    case 'comment':
      return `${who} ${item.comment?.isReply ? 'replied' : 'commented'} on “${item.track?.name ?? 'a track'}” at ${showTime(item.comment?.atSeconds ?? 0)}`;
    case 'version':
      return `${who} uploaded version ${item.version?.number ?? ''} of “${item.track?.name ?? 'a track'}”`;
  }
}

/** The line under the sentence: a comment's words, or what changed in a new version. */
const excerptOf = (item: ActivityItem) => item.comment?.excerpt ?? item.version?.note ?? null;

/** A collective's activity, newest first, a page at a time (issue 14, decision 0168). */
export function ActivityFeed({ collectiveId }: { collectiveId: number }) {
  const query = useInfiniteQuery({
    queryKey: activityKey(collectiveId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const q = pageParam ? `?before=${encodeURIComponent(pageParam)}` : '';
      return (await (
        await apiRequest('GET', `/api/collectives/${collectiveId}/activity${q}`)
      ).json()) as ActivityPage;
    },
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="activity-heading" className="mt-10">
      <h2 id="activity-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <Activity className="size-5 text-primary" aria-hidden />
        Activity
      </h2>
      {query.isLoading && <p className="text-sm text-muted-foreground">Loading activity…</p>}
      {!query.isLoading && items.length === 0 && (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      )}
      <ol aria-label="Activity" className="space-y-1">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              href={item.url}
              className="flex items-start gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-accent/50"
            >
              <UserAvatar
                name={displayName(item.actor)}
                avatarUrl={item.actor.avatarUrl}
                version={item.actor.updatedAt}
                className="size-6 text-[10px]"
              />
              <span className="min-w-0 flex-1">
                <span className="block">
                  {sentence(item)}
                  {item.version && (item.version.verdict || item.version.status !== 'in_progress') && (
                    // Where the version stands now: this collective's verdict, else the owner's word.
                    <VersionStatusBadge
                      status={item.version.verdict ?? item.version.status}
                      className="ml-2 align-middle"
                    />
                  )}
                </span>
                {excerptOf(item) && (
                  <span className="block truncate text-xs text-muted-foreground">{excerptOf(item)}</span>
                )}
              </span>
              <time dateTime={item.at} className="shrink-0 text-xs text-muted-foreground">
                {formatCommentTime(item.at)}
              </time>
            </Link>
          </li>
        ))}
      </ol>
      {query.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      )}
    </section>
  );
}
