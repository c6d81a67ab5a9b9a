import { Globe, Lock } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useSetPlaylistPublic } from '../../entities/playlist/use-public-playlist';
import { copiedLinkDescription } from '../../entities/track/copy-track-link';
import { useUpdateTrack } from '../../entities/track/use-track-mutations';
import { CopyLinkButton } from './copy-link-button';
import { publicPageUrl } from './share-link-format';
import type { ShareItem } from './use-share-links';

function MakePublicButton({
  noun,
  pending,
  onClick,
}: {
  noun: string;
  pending: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="sm" className="mt-3" disabled={pending} onClick={onClick}>
      <Globe aria-hidden />
      {pending ? 'Making public...' : `Make ${noun} public`}
    </Button>
  );
}

/** A track's own way to go public: the same PATCH as the Edit Track dialog's Visibility (decision 0140). */
function MakeTrackPublic({ trackId, onDone }: { trackId: number; onDone: () => void }) {
  const update = useUpdateTrack();
  const makePublic = () =>
    update.mutate({ id: trackId, changes: { visibility: 'public' } }, { onSuccess: onDone });
  return <MakePublicButton noun="track" pending={update.isPending} onClick={makePublic} />;
}

/** A playlist's: the same PATCH as the playlist header's "Public playlist" switch (decision 0345). */
function MakePlaylistPublic({ playlistId, onDone }: { playlistId: number; onDone: () => void }) {
  const update = useSetPlaylistPublic(playlistId);
  const makePublic = () => update.mutate(true, { onSuccess: onDone });
  return <MakePublicButton noun="playlist" pending={update.isPending} onClick={makePublic} />;
}

/**
 * "Public link": a public item's own page ({origin}/track/{id} or /playlist/{id}) to copy; a private
 * one says plainly who can open it, and can be made public from here.
 */
export function PublicLinkSection({ item }: { item: ShareItem }) {
  const ids = { heading: useId(), field: useId() };
  // The lists refresh after the PATCH, but the menu that opened this may show another list's copy.
  const [madePublic, setMadePublic] = useState(false);
  const isPublic = madePublic || (item.kind === 'track' ? item.visibility === 'public' : item.isPublic);
  const copyButton = useRef<HTMLButtonElement>(null);
  const wasPublic = useRef(isPublic);
  // Make … public goes away once pressed (at once: the lists change optimistically), so the
  // focus moves on to what took its place rather than drop to the page.
  useEffect(() => {
    if (isPublic && !wasPublic.current) copyButton.current?.focus();
    wasPublic.current = isPublic;
  }, [isPublic]);
  const url = publicPageUrl(item.kind, item.id);
  const noun = item.kind === 'track' ? 'track' : 'playlist';

  return (
    <section aria-labelledby={ids.heading} className="grid gap-2">
      <h3 id={ids.heading} className="text-sm font-semibold">
        Public link
      </h3>
      {isPublic ? (
        <>
          <label htmlFor={ids.field} className="text-sm text-muted-foreground">
            This {noun} is public: anyone with its address can open its page.
          </label>
          <div className="flex gap-2">
            <Input
              id={ids.field}
              readOnly
              value={url}
              className="min-w-0 flex-1 font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyLinkButton
              buttonRef={copyButton}
              autoFocus
              url={url}
              label="Copy public link"
              description={copiedLinkDescription('public')}
            />
          </div>
        </>
      ) : (
        <div className="rounded-lg border border-dashed border-border p-3 text-sm">
          <p className="flex items-start gap-2 text-muted-foreground">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {item.kind === 'track'
                ? 'Only you (and the collectives it is shared with) can open this track. Make it public to share its page, or create a private link below.'
                : 'Only you (and the collectives it is shared with) can open this playlist. Make it public to share its page with its public tracks, or create a private link below.'}
            </span>
          </p>
          {item.kind === 'track' ? (
            <MakeTrackPublic trackId={item.id} onDone={() => setMadePublic(true)} />
          ) : (
            <MakePlaylistPublic playlistId={item.id} onDone={() => setMadePublic(true)} />
          )}
        </div>
      )}
    </section>
  );
}
