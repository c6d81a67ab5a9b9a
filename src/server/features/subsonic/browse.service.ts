import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { displayName } from '../../../shared/format';
import type { Database } from '../../db/client';
import { tracks, users } from '../../db/schema';
import { listedFromOthers, listedToViewer, type TrackRow } from '../tracks/tracks.service';
import { coverArtId } from './cover-art';
import { songCoverArt } from './song-cover';

/**
 * Journal in album-centric clients (decision 0385): an artist is a track's owner, an album that
 * owner's journal of one year (the year a track entered it, UTC). Only tracks the web app lists to
 * the caller are browsed (tracks/shared-with-viewer.ts); one song by id follows the web app's rule
 * for opening a track (findListenableTrack).
 */
export interface Owner {
  id: string;
  name: string;
  /** Their avatar's coverArt id (cover-art.ts): songs, albums and the artist show it. */
  coverArt?: string;
}

/** The year a track entered its owner's journal. */
export const yearOf = sql<number>`extract(year from ${tracks.createdAt} at time zone 'UTC')::int`;

/** The first instant of a UTC year (Date.UTC would read years 0 to 99 as 1900 to 1999). */
function startOfYear(year: number): Date {
  const at = new Date(0);
  at.setUTCFullYear(year, 0, 1);
  return at;
}

/**
 * Dates `at` (a track's created_at, or its copy) whose UTC year, as yearOf reads it, is in [from,
 * to], each bound given. As a range of `at`, which an index on the date can seek to rather than
 * test every row, where PostgreSQL can write the bound's instant (years 1 to 9999); as the year
 * itself beyond (a fromYear of 0, a toYear of 9999).
 */
export function inYears(at: AnyPgColumn, { from, to }: { from?: number; to?: number }): SQL | undefined {
  const year = sql`extract(year from ${at} at time zone 'UTC')::int`;
  const writable = (y: number) => y >= 1 && y <= 9999;
  const after = (y: number) => (writable(y) ? gte(at, startOfYear(y)) : sql`${year} >= ${y}`);
  const upTo = (y: number) => (writable(y + 1) ? lt(at, startOfYear(y + 1)) : sql`${year} <= ${y}`);
  return and(from === undefined ? undefined : after(from), to === undefined ? undefined : upTo(to));
}

/**
 * The coverArt id of a group's first (`asc`) or latest (`desc`) track, oldest first as getAlbum
 * orders them (decision 0790): an album's picture is its first song's tile, an artist's their
 * latest, when the owner has no avatar. Read in the query that groups, so no list asks per item.
 */
export function groupTile(order: 'asc' | 'desc') {
  const by = sql.raw(order);
  return {
    id: sql<number>`(array_agg(${tracks.id} order by ${tracks.createdAt} ${by}, ${tracks.id} ${by}))[1]`,
    peaksKey: sql<
      string | null
    >`(array_agg(${tracks.peaksKey} order by ${tracks.createdAt} ${by}, ${tracks.id} ${by}))[1]`,
  };
}
export const tileOf = (row: { id: number; peaksKey: string | null }) =>
  songCoverArt({ id: Number(row.id), peaksKey: row.peaksKey });
export const ownerColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarKey: users.avatarKey,
};
export const toOwner = (row: {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarKey: string | null;
}) => ({
  id: row.id,
  name: displayName(row),
  coverArt: coverArtId(row.avatarKey),
});

/**
 * The columns a song node is made of (songNode, its track number, its cover tile), selected as
 * `track: songColumns`. Not the whole row: a processed track also carries its fingerprint (~5 KB),
 * the fingerprint's hashes, onsets and pauses, which a 500-song sync page would read, parse and
 * drop (issue 48, decision 0893).
 */
export const songColumns = {
  id: tracks.id,
  userId: tracks.userId,
  name: tracks.name,
  filename: tracks.filename,
  mimeType: tracks.mimeType,
  size: tracks.size,
  duration: tracks.duration,
  sampleRate: tracks.sampleRate,
  channels: tracks.channels,
  peaksKey: tracks.peaksKey,
  bpm: tracks.bpm,
  bpmConfidence: tracks.bpmConfidence,
  ownerBpm: tracks.ownerBpm,
  musicalKey: tracks.musicalKey,
  keyConfidence: tracks.keyConfidence,
  ownerKey: tracks.ownerKey,
  createdAt: tracks.createdAt,
};
export type SongTrack = Pick<TrackRow, keyof typeof songColumns>;

/** A track with its owner: what a song node is made of. */
export interface SongRow {
  track: SongTrack;
  owner: Owner;
}

export interface ArtistSummary extends Owner {
  coverArt: string;
  albumCount: number;
}

/**
 * Every owner with a track listed to the viewer, by name. The viewer's own tracks and others' are
 * grouped apart (listedFromOthers), each half by its own index: an artist is one owner, so no
 * group spans both.
 */
export async function listArtists(db: Database, viewerId: string): Promise<ArtistSummary[]> {
  const artistsWhere = (where: SQL) =>
    db
      .select({
        ...ownerColumns,
        albumCount: sql<number>`count(distinct ${yearOf})::int`,
        latest: groupTile('desc'),
      })
      .from(tracks)
      .innerJoin(users, eq(users.id, tracks.userId))
      .where(where)
      .groupBy(users.id);
  const halves = await Promise.all([
    artistsWhere(eq(tracks.userId, viewerId)),
    artistsWhere(listedFromOthers(db, viewerId)),
  ]);
  return halves
    .flat()
    .map((row) => {
      const owner = toOwner(row);
      return { ...owner, coverArt: owner.coverArt ?? tileOf(row.latest), albumCount: Number(row.albumCount) };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

export interface AlbumSummary {
  year: number;
  songCount: number;
  /** Seconds, whole. */
  duration: number;
  created: Date;
  /** Its first song's tile (song-cover.ts): the album's picture when the owner has no avatar. */
  cover: string;
}

/**
 * One owner's years, newest first; undefined when none of their tracks is listed to the viewer.
 * `cover`: the artist's picture (their avatar, else their latest song's tile).
 */
export async function findArtist(
  db: Database,
  viewerId: string,
  ownerId: string,
): Promise<{ owner: Owner; albums: AlbumSummary[]; cover: string } | undefined> {
  const rows = await db
    .select({
      ...ownerColumns,
      year: yearOf,
      songCount: sql<number>`count(*)::int`,
      // Summed in double precision: a sum of `real` is `real`, whose 24 bits drift by seconds over an
      // album of 30,000 songs, differently in each plan's order (getAlbum sums in JavaScript's doubles).
      duration: sql<number>`coalesce(round(sum(${tracks.duration}::float8)), 0)::int`,
      created: sql<string>`min(${tracks.createdAt})`,
      first: groupTile('asc'),
      latest: groupTile('desc'),
    })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(and(eq(tracks.userId, ownerId), listedToViewer(db, viewerId)))
    .groupBy(users.id, yearOf)
    .orderBy(sql`${yearOf} desc`);
  if (!rows[0]) return undefined;
  const albums = rows.map((row) => ({
    year: Number(row.year),
    songCount: Number(row.songCount),
    duration: Number(row.duration),
    created: new Date(row.created),
    cover: tileOf(row.first),
  }));
  const owner = toOwner(rows[0]);
  return { owner, albums, cover: owner.coverArt ?? tileOf(rows[0].latest) };
}

/** An album's summary from its songs as findAlbumTracks reads them (oldest first, at least one). */
export function summarizeAlbum(year: number, rows: SongRow[]): AlbumSummary {
  return {
    year,
    songCount: rows.length,
    duration: Math.round(rows.reduce((sum, row) => sum + (row.track.duration ?? 0), 0)),
    created: rows[0]!.track.createdAt,
    cover: songCoverArt(rows[0]!.track),
  };
}

/** One owner's tracks of one year listed to the viewer, oldest first; empty when there are none. */
export async function findAlbumTracks(db: Database, viewerId: string, ownerId: string, year: number) {
  const rows = await db
    .select({ track: songColumns, owner: ownerColumns })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(and(eq(tracks.userId, ownerId), sql`${yearOf} = ${year}`, listedToViewer(db, viewerId)))
    .orderBy(asc(tracks.createdAt), asc(tracks.id));
  return rows.map((row) => ({ track: row.track, owner: toOwner(row.owner) }));
}

/** The owner of a track the caller may open (its name for the song's artist). */
export async function ownerOf(db: Database, track: TrackRow): Promise<Owner> {
  const [row] = await db.select(ownerColumns).from(users).where(eq(users.id, track.userId));
  return toOwner(row!);
}
