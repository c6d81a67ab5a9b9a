import { Clock, Link2Off, ListMusic, Music } from 'lucide-react';
import { formatDate } from '../../../shared/format';
import { SHARE_EXPIRED_MESSAGE, SHARE_NOT_FOUND_MESSAGE } from '../../../shared/schemas/shares';
import { UserAvatar } from '../../components/collective-avatar';
import { NotFoundCard, Page, PageLoading } from '../../components/page-layout';
import { errorStatus, isPasswordRequired } from '../../lib/api-client';
import { imageVariant } from '../../lib/utils';
import { PlayAllButton } from '../../player/play-all-button';
import { usePlayer } from '../../player/use-player';
import { GuestReviewPanel, GuestWaveMarkers } from './guest-review-panel';
import { SharePasswordGate } from './share-password-gate';
import { type SharedEntry, SharedNowPlaying, SharedTrackList } from './shared-item-player';
import { UploadLinkPage } from './upload-link-page';
import { useListenReporting } from './use-listen-reporting';
import { type SharedMediaItem, sharedTracksOf, toSharedPlayerTrack, useSharedItem } from './use-shared-item';

/**
 * '/s/{token}' (issue 24, decision 0335), signed in or out, in the public frame: the one track or
 * playlist a private share link opens, played through the app's player with the token's own media
 * addresses. An expired link says so (the server answered the page 410); an unknown or revoked
 * one is the server's 404 message. Nothing links to the owner's other things: the link grants
 * this item only.
 */
export function SharedItemPage({ token }: { token: string }) {
  const { data, isLoading, error } = useSharedItem(token);
  if (isLoading) return <PageLoading>Loading shared link...</PageLoading>;
  if (!data) {
    if (isPasswordRequired(error)) return <SharePasswordGate token={token} />;
    const status = errorStatus(error);
    if (status === 410) {
      return (
        <NotFoundCard
          icon={Clock}
          title={SHARE_EXPIRED_MESSAGE}
          message="Ask the person who sent it for a new one."
        />
      );
    }
    return status === 404 ? (
      <NotFoundCard
        icon={Link2Off}
        title={SHARE_NOT_FOUND_MESSAGE}
        message="Check that the whole address was copied, or ask the person who sent it for a new one."
      />
    ) : (
      <NotFoundCard icon={Link2Off} title="Could not open this link" message="Please try again later." />
    );
  }
  // An upload link opens no item: its page takes files (issue 45).
  if (data.type === 'upload') return <UploadLinkPage token={token} link={data} />;
  return <SharedItemView item={data} token={token} />;
}

function SharedItemView({ item, token }: { item: SharedMediaItem; token: string }) {
  const entries: SharedEntry[] = sharedTracksOf(item).map((shared) => ({
    shared,
    player: toSharedPlayerTrack(shared, item),
  }));
  useListenReporting(
    token,
    entries.map((e) => e.player.id),
  );
  const isTrack = item.type === 'track';
  const title = isTrack ? item.track.name : item.playlist.name;
  const cover = isTrack ? undefined : imageVariant(item.playlist.imageUrl, 256);
  const notes = isTrack ? item.track.notes : item.playlist.description;
  const Icon = isTrack ? Music : ListMusic;

  return (
    <Page className="max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex items-center gap-4 sm:gap-5">
        {cover ? (
          <img src={cover} alt="" className="size-20 shrink-0 rounded-xl object-cover shadow-lg sm:size-24" />
        ) : (
          <div className="flex size-20 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/25 sm:size-24">
            <Icon className="size-9" aria-hidden />
          </div>
        )}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            {isTrack ? 'Shared track' : 'Shared playlist'}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
          <div className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
            <UserAvatar name={item.owner.displayName} avatarUrl={item.owner.avatarUrl} className="size-6" />
            <span className="min-w-0 truncate">
              Shared by <span className="font-semibold text-foreground">{item.owner.displayName}</span>
            </span>
          </div>
        </div>
        {!isTrack && entries.length > 0 && (
          <PlayAllButton
            tracks={entries.map((e) => e.player)}
            className="hidden size-12 rounded-full shadow-lg shadow-primary/20 sm:inline-flex"
          />
        )}
      </header>

      {item.description && (
        <figure className="mt-6 rounded-xl border-l-4 border-primary/60 bg-muted/40 px-4 py-3">
          <blockquote className="text-sm whitespace-pre-wrap">{item.description}</blockquote>
          <figcaption className="mt-1 text-xs text-muted-foreground">{item.owner.displayName}</figcaption>
        </figure>
      )}

      <SharedBody entries={entries} list={!isTrack} token={token} />

      {notes && (
        <section aria-label={isTrack ? 'Notes' : 'About this playlist'} className="mt-6">
          <h2 className="text-sm font-semibold">{isTrack ? 'Notes' : 'About this playlist'}</h2>
          <p className="mt-1 text-sm whitespace-pre-wrap text-muted-foreground">{notes}</p>
        </section>
      )}

      {item.expiresAt && (
        <p className="mt-8 flex items-center gap-1.5 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden />
          This link works until {formatDate(item.expiresAt)}.
        </p>
      )}
    </Page>
  );
}

/**
 * The player for the track, or for a playlist its current track above the list; then, for a review
 * link, its comments on that track (issue 45; a link that takes none shows nothing more).
 */
function SharedBody({ entries, list, token }: { entries: SharedEntry[]; list: boolean; token: string }) {
  const { currentTrack } = usePlayer();
  const first = entries.find((e) => e.shared.playable) ?? entries[0];
  if (!first) {
    return <p className="mt-8 text-sm text-muted-foreground">There are no tracks in this playlist yet.</p>;
  }
  // A playlist's panel follows the player: the list's playing track, else its first playable one.
  const entry = entries.find((e) => e.player.id === currentTrack?.id) ?? first;
  return (
    <div className="mt-6 space-y-4">
      <SharedNowPlaying
        entry={entry}
        queue={entries}
        showName={list}
        overlay={<GuestWaveMarkers token={token} entry={entry} queue={entries} />}
      />
      {list && <SharedTrackList entries={entries} />}
      <GuestReviewPanel token={token} entry={entry} queue={entries} />
    </div>
  );
}
