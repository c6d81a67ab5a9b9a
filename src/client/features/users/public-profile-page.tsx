import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Music, UserRound } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { displayName } from '../../../shared/format';
import { profilePath } from '../../../shared/profile-path';
import {
  PUBLIC_PROFILE_TRACKS,
  type PublicProfile,
  type PublicProfileTrackPage,
} from '../../../shared/schemas/users';
import { EmptyState, NotFoundCard, Page, PageLoading } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { trackOwner } from '../../entities/track/player-track';
import { useAuth } from '../../entities/user/use-auth';
import { apiRequest, errorStatus } from '../../lib/api-client';
import { imageVariant } from '../../lib/utils';
import { ReportButton } from '../reports';
import { BlockButton } from './block-button';
import { PublicTrackGrid, tracksShared } from './public-track-grid';
import { SocialLinkList } from './social-links-section';
import { PUBLIC_PROFILE_KEY } from './use-profile';

/**
 * GET /api/public/users/{idOrUsername}: private and missing profiles both answer 404 (decision
 * 0014); the person is named by id or username (decision 0203).
 */
export function usePublicProfile(idOrUsername: string) {
  // Encoded: the key becomes the request path, and a segment must stay one segment.
  return useQuery<PublicProfile>({ queryKey: [...PUBLIC_PROFILE_KEY, encodeURIComponent(idOrUsername)] });
}

/** How many tracks "Show more tracks" reads at a time (issue 48): as many as the profile holds. */
export const PUBLIC_PROFILE_TRACKS_PAGE = PUBLIC_PROFILE_TRACKS.first;

/**
 * The profile's tracks read so far (issue 48): the profile's own newest ones are the first page,
 * and each further page comes from GET …/tracks with the previous `nextCursor`. Under the
 * profile's key, so whatever renews the profile renews these too (every page read again).
 */
function useProfileTracks(idOrUsername: string, profile: PublicProfile | undefined) {
  const segment = encodeURIComponent(idOrUsername);
  const query = useInfiniteQuery({
    queryKey: [...PUBLIC_PROFILE_KEY, segment, 'tracks'],
    enabled: profile !== undefined,
    initialPageParam: null as string | null,
    initialData: profile && {
      pages: [{ items: profile.tracks, nextCursor: profile.nextCursor }],
      pageParams: [null],
    },
    queryFn: async ({ pageParam }) => {
      const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : '';
      const url = `/api/public/users/${segment}/tracks?limit=${PUBLIC_PROFILE_TRACKS_PAGE}${cursor}`;
      return (await (await apiRequest('GET', url)).json()) as PublicProfileTrackPage;
    },
    getNextPageParam: (last) => last.nextCursor,
  });
  const tracks = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { ...query, tracks };
}

/**
 * Once the person is known, the address bar shows their canonical address (decision 0203): an id
 * address of someone with a username, or a username typed in another case, is replaced (no new
 * history entry), and the profile already read is kept for the new address.
 */
function useCanonicalAddress(idOrUsername: string, profile: PublicProfile | undefined) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!profile) return;
    const canonical = profilePath(profile.user);
    const segment = canonical.slice('/profile/'.length);
    if (segment === encodeURIComponent(idOrUsername)) return;
    queryClient.setQueryData([...PUBLIC_PROFILE_KEY, segment], profile);
    navigate(canonical, { replace: true });
  }, [idOrUsername, profile, navigate, queryClient]);
}

/** Whether the address names the viewer: by id, or by username ignoring case as the server does. */
function namesViewer(viewer: { id: string; username: string | null } | null | undefined, key: string) {
  if (!viewer) return false;
  return viewer.id === key || viewer.username?.toLowerCase() === key.toLowerCase();
}

/**
 * '/profile/{userId}' (spec section 2, public profile), signed in or out: avatar or placeholder,
 * display name, about and links, 'N track(s) shared' and the tracks as playable cards, 50 at a
 * time with "Show more tracks" for the next (issue 48). The address holds the username when the person has one, else the id (decision 0203).
 */
export function PublicProfilePage({ idOrUsername }: { idOrUsername: string; signedIn?: boolean }) {
  const { data, isLoading, error } = usePublicProfile(idOrUsername);
  const { tracks, hasNextPage, isFetchingNextPage, fetchNextPage } = useProfileTracks(idOrUsername, data);
  const { user: viewer } = useAuth();
  useCanonicalAddress(idOrUsername, data);

  if (isLoading) return <PageLoading>Loading profile...</PageLoading>;

  if (!data) {
    const missing = !error || errorStatus(error) === 404;
    return missing ? (
      <NotFoundCard title="Profile Not Found" message="This profile doesn't exist or isn't public.">
        {namesViewer(viewer, idOrUsername) && (
          <p className="mt-3 text-sm">
            This is your profile: turn on <span className="font-medium">Public Profile</span> to share it.
          </p>
        )}
      </NotFoundCard>
    ) : (
      <NotFoundCard title="Could not load this profile" message="Please try again later." />
    );
  }

  const { user, trackCount, trackCountCapped } = data;
  const name = displayName(user);
  const avatar = imageVariant(user.avatarUrl, 128, user.updatedAt);

  return (
    <Page>
      <header className="mb-8 flex flex-col items-center gap-6 rounded-2xl border border-border bg-card p-6 sm:flex-row sm:items-start">
        {avatar ? (
          <img
            src={avatar}
            alt={`${name}'s avatar`}
            className="size-28 shrink-0 rounded-full object-cover ring-2 ring-border"
          />
        ) : (
          <div
            data-testid="avatar-placeholder"
            className="flex size-28 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground ring-2 ring-border"
          >
            <UserRound className="size-12" aria-hidden />
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col items-center gap-3 text-center sm:items-start sm:text-left">
          <div>
            <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Profile</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight break-words">{name}</h1>
            <p className="mt-1 text-sm font-medium text-muted-foreground">
              {tracksShared(trackCount, trackCountCapped)}
            </p>
          </div>
          {user.bio && <p className="max-w-prose text-sm whitespace-pre-line break-words">{user.bio}</p>}
          <SocialLinkList links={user.socialLinks} />
          {viewer && viewer.id !== user.id && (
            <div className="flex flex-wrap items-center gap-2">
              <BlockButton user={user} />
              <ReportButton
                target={{ kind: 'profile', id: user.id }}
                what="this profile"
                className="h-8 px-2 text-xs text-muted-foreground"
              />
            </div>
          )}
        </div>
      </header>

      {tracks.length === 0 ? (
        <EmptyState icon={Music} title="No Public Tracks" hint={`${name} hasn't shared any tracks yet.`} />
      ) : (
        <>
          <PublicTrackGrid tracks={tracks} owner={trackOwner(user)} likeable={Boolean(viewer)} />
          {hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {isFetchingNextPage ? 'Loading…' : 'Show more tracks'}
              </Button>
            </div>
          )}
        </>
      )}
    </Page>
  );
}
