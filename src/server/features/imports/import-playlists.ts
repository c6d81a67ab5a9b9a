import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { JournalExport } from '../../../shared/schemas/journal-export';
import { playlists, playlistTracks } from '../../db/schema';
import { saveImageVariants } from '../../media/image-variants';
import { HttpError } from '../../plugins/errors';
import { playlistRules, refuse } from './import-rules';
import { type ImportContext, ImportFailure } from './import-tracks';

type ExportedPlaylist = JournalExport['playlists'][number];

/** The person's playlists of this name, each with its tracks in order. */
async function sameNamed(ctx: ImportContext, name: string) {
  const rows = await ctx.db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.userId, ctx.userId), eq(playlists.name, name)));
  if (rows.length === 0) return [];
  const items = await ctx.db
    .select({ playlistId: playlistTracks.playlistId, trackId: playlistTracks.trackId })
    .from(playlistTracks)
    .where(
      inArray(
        playlistTracks.playlistId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(playlistTracks.position), asc(playlistTracks.id));
  return rows.map((r) => items.filter((i) => i.playlistId === r.id).map((i) => i.trackId));
}

/**
 * Recreates one playlist with its order, description, public flag, date and cover (the cover goes
 * through the normal image path: sniffed, resized, stripped). A playlist of the same name holding
 * the same tracks in the same order is the same playlist: skipped. One breaking POST
 * /api/playlists's rules is refused (counted, not made); tracks the import refused are left out of
 * it, the rest keep their order (decision 0525). Says which of the three happened.
 */
export async function importPlaylist(
  ctx: ImportContext,
  exported: ExportedPlaylist,
  trackIdOf: Map<number, number>,
): Promise<'made' | 'same' | 'refused'> {
  const checked = playlistRules(exported);
  if (!checked.ok) {
    refuse(ctx.made, 'playlist', checked.reason);
    return 'refused';
  }
  const p = checked.value;
  // A track sits in a playlist once (the pair is unique): its first place counts.
  const ids = [
    ...new Set(p.trackIds.map((id) => trackIdOf.get(id)).filter((id): id is number => id !== undefined)),
  ];
  const same = (await sameNamed(ctx, p.name)).some(
    (list) => list.length === ids.length && list.every((id, i) => id === ids[i]),
  );
  if (same) return 'same';
  await ctx.pace('create');
  const [row] = await ctx.db
    .insert(playlists)
    .values({
      userId: ctx.userId,
      name: p.name,
      description: p.description,
      isPublic: p.isPublic,
      createdAt: new Date(p.createdAt),
    })
    .returning({ id: playlists.id });
  const playlistId = row!.id;
  ctx.made.playlists.push(playlistId);
  if (ids.length > 0) {
    await ctx.db
      .insert(playlistTracks)
      .values(ids.map((trackId, position) => ({ playlistId, trackId, position })));
  }
  if (p.cover) {
    // A cover is an upload, as POST /api/playlists/{id}/image counts it.
    await ctx.pace('upload', ctx.reader.entries.get(p.cover)?.uncompressedSize ?? 0);
    const temp = path.join(ctx.tempDir, `import-cover-${randomUUID()}`);
    try {
      await ctx.reader.extract(p.cover, temp);
      const key = await saveImageVariants(ctx.store, 'playlists', temp, ctx.tempDir).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode < 500) {
          throw new ImportFailure(
            `"${p.cover}" (the cover of "${p.name}") is not a usable image: ${err.message}`,
          );
        }
        throw err;
      });
      // Written in the row at once: the playlist's removal (a failure, the account) takes it along.
      await ctx.db.update(playlists).set({ imageKey: key }).where(eq(playlists.id, playlistId));
    } finally {
      await rm(temp, { force: true });
    }
  }
  return 'made';
}
