import { CloudDownload, ListMusic, Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { countOf, formatDuration, formatFileSize } from '../../../shared/format';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, Page, PageHeader, PageLoading } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import type { PlayerTrack } from '../../player/player-context';
import { usePlayer } from '../../player/use-player';
import type { DownloadedTrack } from './download-index';
import { removeAllDownloads, removePlaylist, removeTrack } from './download-manager';
import { type DownloadIndexView, useDownloadIndex } from './use-download-index';

/**
 * "v2" once the stored file is a later version, as journal rows show it. Not tracks/version-tag.tsx:
 * importing it here split it from the first route's shared chunk, which cost the first route bytes.
 */
function StoredVersion({ version }: { version: number | undefined }) {
  if (!version || version <= 1) return null;
  return (
    <span
      data-testid="track-version"
      title={`Version ${version}`}
      className="shrink-0 rounded border border-border px-1 text-[10px] leading-4 font-medium text-muted-foreground"
    >
      v{version}
    </span>
  );
}

/** A newer version not stored yet: the stored one plays meanwhile (refresh-download.ts). */
function NewerVersionNote({ track }: { track: DownloadedTrack }) {
  const newer = track.newerVersion;
  if (!newer) return null;
  return (
    <p className="truncate text-xs text-muted-foreground">
      {newer.error
        ? `Version ${newer.version} could not be downloaded (${newer.error}): tried again at the next sync`
        : `Version ${newer.version} is processing: downloaded when ready`}
    </p>
  );
}

const asPlayerTrack = (t: DownloadedTrack): PlayerTrack => ({
  id: t.id,
  name: t.name,
  artist: t.artist,
  duration: t.duration,
  mimeType: t.mimeType,
});

/** "12.4 MB of downloads · this device: 1.2 GB used of 50 GB" (navigator.storage.estimate()). */
function StorageSummary({ view }: { view: DownloadIndexView }) {
  const total = view.tracks.reduce((sum, t) => sum + t.size, 0);
  const { estimate } = view;
  return (
    <section
      aria-label="Storage"
      className="mb-8 rounded-xl border border-border bg-card/40 px-4 py-3 text-sm"
    >
      <p>
        <span className="font-semibold">{formatFileSize(total)}</span> in{' '}
        {countOf(view.tracks.length, 'track')}
      </p>
      {estimate && estimate.quota > 0 && (
        <>
          <p className="mt-1 text-muted-foreground">
            This device: {formatFileSize(estimate.usage)} used of {formatFileSize(estimate.quota)} available
            to Journal
          </p>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-secondary" aria-hidden>
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${Math.min(100, Math.max(1, (estimate.usage / estimate.quota) * 100))}%` }}
            />
          </div>
          <p className="mt-2 text-xs text-muted-foreground">
            {estimate.persisted
              ? 'Storage is persistent: the browser keeps downloads when space runs low.'
              : 'The browser may clear downloads when space runs low.'}
          </p>
        </>
      )}
    </section>
  );
}

function RemoveButton({ label, onRemove }: { label: string; onRemove: () => Promise<void> }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Remove ${label}`}
      className="size-8 text-muted-foreground hover:text-destructive"
      onClick={() => void onRemove().then(() => toast({ title: `Removed from this device: ${label}` }))}
    >
      <Trash2 />
    </Button>
  );
}

/**
 * The "Downloaded" page (issue 25): what is stored on this device for listening offline, with
 * sizes, the total and the browser's storage estimate; remove one, a playlist, or everything.
 * The tracks play from here too, offline or not.
 */
export function DownloadsPage() {
  const view = useDownloadIndex();
  const player = usePlayer();
  const [confirmAll, setConfirmAll] = useState(false);
  if (!view) return <PageLoading>Loading downloads...</PageLoading>;

  const queue = view.tracks.map(asPlayerTrack);
  const empty = view.tracks.length === 0 && view.playlists.length === 0;
  const sizeOf = (playlistId: number) =>
    view.tracks.filter((t) => t.playlistIds.includes(playlistId)).reduce((sum, t) => sum + t.size, 0);

  return (
    <Page>
      <PageHeader
        title="Downloaded"
        icon={CloudDownload}
        description="Stored on this device: these play without a network."
        actions={
          !empty && (
            <Button variant="outline" onClick={() => setConfirmAll(true)}>
              <Trash2 aria-hidden />
              Remove all
            </Button>
          )
        }
      />
      <StorageSummary view={view} />
      {empty ? (
        <EmptyState
          icon={CloudDownload}
          title="Nothing downloaded yet"
          hint="Choose “Available offline” on a playlist or in a track's menu to listen without a network."
        />
      ) : (
        <>
          {view.playlists.length > 0 && (
            <section aria-labelledby="downloaded-playlists" className="mb-8">
              <h2 id="downloaded-playlists" className="mb-2 text-sm font-semibold text-muted-foreground">
                Playlists
              </h2>
              <ul className="divide-y divide-border/60 rounded-xl border border-border">
                {view.playlists.map((p) => (
                  <li
                    key={p.id}
                    data-testid="downloaded-playlist"
                    className="flex items-center gap-3 px-3 py-2"
                  >
                    <ListMusic className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <Link
                      href={`/playlist/${p.id}`}
                      className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
                    >
                      {p.name}
                    </Link>
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {view.tracks.filter((t) => t.playlistIds.includes(p.id)).length} of {p.trackIds.length}{' '}
                      · {formatFileSize(sizeOf(p.id))}
                    </span>
                    <RemoveButton label={p.name} onRemove={() => removePlaylist(p.id)} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {view.tracks.length > 0 && (
            <section aria-labelledby="downloaded-tracks">
              <h2 id="downloaded-tracks" className="mb-2 text-sm font-semibold text-muted-foreground">
                Tracks
              </h2>
              <ul className="divide-y divide-border/60 rounded-xl border border-border">
                {view.tracks.map((t, i) => {
                  const playing = player.currentTrack?.id === t.id && player.isPlaying;
                  return (
                    <li
                      key={t.id}
                      data-testid="downloaded-track"
                      className="flex items-center gap-3 px-3 py-2"
                    >
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8 shrink-0"
                        aria-label={`${playing ? 'Pause' : 'Play'} ${t.name}`}
                        onClick={() =>
                          player.currentTrack?.id === t.id
                            ? player.togglePlay()
                            : player.playTrack(queue[i] as PlayerTrack, queue)
                        }
                      >
                        {playing ? <Pause className="fill-current" /> : <Play className="fill-current" />}
                      </Button>
                      <div className="min-w-0 flex-1">
                        <p className="flex items-center gap-1.5 text-sm font-medium">
                          <span className="truncate">{t.name}</span>
                          <StoredVersion version={t.version} />
                        </p>
                        {t.artist && <p className="truncate text-xs text-muted-foreground">{t.artist}</p>}
                        <NewerVersionNote track={t} />
                      </div>
                      <span className="hidden text-xs text-muted-foreground tabular-nums sm:inline">
                        {formatDuration(t.duration, '')}
                      </span>
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {formatFileSize(t.size)}
                      </span>
                      <RemoveButton label={t.name} onRemove={() => removeTrack(t.id)} />
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Remove all downloads?"
        description="Every downloaded track and playlist leaves this device. They stay in Journal and can be downloaded again."
        confirmLabel="Remove all"
        onConfirm={() => void removeAllDownloads().then(() => toast({ title: 'Removed all downloads' }))}
      />
    </Page>
  );
}
