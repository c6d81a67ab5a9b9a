import { and, desc, eq, exists, isNull, or, sql } from 'drizzle-orm';
import {
  EQUIPMENT_TRACKS_LIMIT,
  type EquipmentComment,
  type EquipmentDetail,
  type EquipmentTrack,
  type EquipmentTrackPage,
} from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { replaceValue } from '../../db/replace-value';
import { equipmentComments, equipmentTags, trackEquipmentTags, tracks, users } from '../../db/schema';
import {
  afterTimeId,
  decodeTimeIdCursor,
  encodeTimeIdCursor,
  exactTimeOf,
  type TimeIdCursor,
} from '../../db/time-id-cursor';
import { imageUrlColumn, imageUrlOf } from '../../media/image-url';
import { forbidden, notFound } from '../../plugins/errors';
import { shownToViewer, withEquipment } from '../tracks/tracks.service';
import { canEditEquipment } from './equipment.policy';
import { type EquipmentTextChanges, recordEdit, writeEquipmentFields } from './equipment-history.service';

const commentAuthor = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** A listed track's owner: names, and the avatar the player shows as artwork (issue 10). */
const trackOwner = {
  ...commentAuthor,
  avatarUrl: imageUrlColumn(users.avatarKey),
  updatedAt: users.updatedAt,
};

/** The equipment with whether the viewer may edit it: one query. */
export async function getEquipmentDetail(
  db: Database,
  id: number,
  viewerId: string,
): Promise<EquipmentDetail> {
  const taggedBy = (userId?: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(trackEquipmentTags)
        .innerJoin(tracks, eq(tracks.id, trackEquipmentTags.trackId))
        .where(
          and(
            eq(trackEquipmentTags.equipmentTagId, equipmentTags.id),
            userId ? eq(tracks.userId, userId) : undefined,
          ),
        ),
    );
  const [row] = await db
    .select({
      tag: equipmentTags,
      taggedByAnyone: sql<boolean>`${taggedBy()}`,
      taggedByViewer: sql<boolean>`${taggedBy(viewerId)}`,
    })
    .from(equipmentTags)
    .where(eq(equipmentTags.id, id))
    .limit(1);
  if (!row) throw notFound('Equipment not found');
  const { tag } = row;
  return {
    id: tag.id,
    name: tag.name,
    description: tag.description,
    imageUrl: imageUrlOf(tag.imageKey),
    category: tag.category,
    createdAt: tag.createdAt.toISOString(),
    updatedAt: tag.updatedAt.toISOString(),
    canEdit: canEditEquipment({
      taggedByAnyone: Boolean(row.taggedByAnyone),
      taggedByViewer: Boolean(row.taggedByViewer),
    }),
  };
}

async function requireEquipment(db: Database, id: number) {
  const [tag] = await db.select({ id: equipmentTags.id }).from(equipmentTags).where(eq(equipmentTags.id, id));
  if (!tag) throw notFound('Equipment not found');
}

export async function requireEquipmentEditor(db: Database, id: number, viewerId: string) {
  const detail = await getEquipmentDetail(db, id, viewerId);
  if (!detail.canEdit) throw forbidden('Only people who have used this equipment on a track can edit it');
  return detail;
}

/** Writes the shared fields and records the edit in the page's history (decision 0450). */
export async function updateEquipment(
  db: Database,
  id: number,
  viewerId: string,
  changes: EquipmentTextChanges,
) {
  await requireEquipmentEditor(db, id, viewerId);
  await writeEquipmentFields(db, id, viewerId, changes);
  return getEquipmentDetail(db, id, viewerId);
}

/**
 * Points the equipment at a new picture (a key base); returns its URL with the key base it replaced.
 * The history records that the picture changed, not the files (the old one is deleted).
 */
export async function replaceEquipmentImage(db: Database, id: number, userId: string, imageKey: string) {
  const replaced = await replaceValue(
    db,
    equipmentTags,
    { column: equipmentTags.id, equals: id },
    'imageKey',
    {
      imageKey,
      updatedAt: new Date(),
    },
  );
  if (!replaced) throw notFound('Equipment not found');
  await recordEdit(db, {
    equipmentId: id,
    userId,
    changes: { image: { before: replaced.previous ? 'picture' : null, after: 'new picture' } },
  });
  return { result: { imageUrl: imageUrlOf(imageKey) }, previous: replaced.previous };
}

const exactTrackTime = exactTimeOf(trackEquipmentTags.trackCreatedAt);

/** Where a page ended: the last track's created_at to the microsecond, and its id (as the likes'). */
export const encodeEquipmentTracksCursor = encodeTimeIdCursor;

/**
 * Up to `take` tracks of 'Tracks Using {name}' after the cursor: every track tagged with it whose
 * owner shares to equipment pages, newest first (created_at, then the highest id), with owner
 * names. Others' hidden tracks and a suspended person's are left out (decisions 0445, 0455), as
 * from every list. The links carry their track's created_at (issue 48), so the query walks
 * track_equipment_tags_tag_order_idx from the cursor and stops after `take` rows shown to the
 * viewer, instead of reading every link. Exported for the plan test.
 */
export function equipmentTracksQuery(
  db: Database,
  id: number,
  viewerId: string,
  take: number,
  cursor: TimeIdCursor | undefined,
) {
  return db
    .select({ track: tracks, user: trackOwner, exact: exactTrackTime })
    .from(trackEquipmentTags)
    .innerJoin(tracks, eq(tracks.id, trackEquipmentTags.trackId))
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(
      and(
        eq(trackEquipmentTags.equipmentTagId, id),
        cursor
          ? afterTimeId(trackEquipmentTags.trackCreatedAt, trackEquipmentTags.trackId, cursor)
          : undefined,
        eq(tracks.shareToEquipmentPages, true),
        shownToViewer(db, viewerId),
      ),
    )
    .orderBy(desc(trackEquipmentTags.trackCreatedAt), desc(trackEquipmentTags.trackId))
    .limit(take);
}

async function equipmentTrackRows(
  db: Database,
  id: number,
  viewerId: string,
  take: number,
  cursor: TimeIdCursor | undefined,
) {
  await requireEquipment(db, id);
  return equipmentTracksQuery(db, id, viewerId, take, cursor);
}

async function toEquipmentTracks(
  db: Database,
  rows: Awaited<ReturnType<typeof equipmentTrackRows>>,
): Promise<EquipmentTrack[]> {
  const withTags = await withEquipment(
    db,
    rows.map((r) => r.track),
  );
  return withTags.map((track, i) => {
    const user = rows[i]!.user;
    return { ...track, user: { ...user, updatedAt: user.updatedAt.toISOString() } };
  });
}

/** One page of 'Tracks Using {name}' and the cursor of the next (null on the last page). */
export async function equipmentTracksPage(
  db: Database,
  id: number,
  viewerId: string,
  limit: number,
  cursorText?: string,
): Promise<EquipmentTrackPage> {
  const cursor = cursorText === undefined ? undefined : decodeTimeIdCursor(cursorText);
  // One more than asked: whether it exists says whether there is a next page.
  const rows = await equipmentTrackRows(db, id, viewerId, limit + 1, cursor);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await toEquipmentTracks(db, page),
    nextCursor: rows.length > limit && last ? encodeEquipmentTracksCursor(last.exact, last.track.id) : null,
  };
}

/**
 * The reply without `limit`, the spec's plain array: since issue 48 the newest
 * EQUIPMENT_TRACKS_LIMIT.unpaged only (it was every one); the rest is read in pages.
 */
export async function listEquipmentTracks(
  db: Database,
  id: number,
  viewerId: string,
): Promise<EquipmentTrack[]> {
  const rows = await equipmentTrackRows(db, id, viewerId, EQUIPMENT_TRACKS_LIMIT.unpaged, undefined);
  return toEquipmentTracks(db, rows);
}

/**
 * Comments, newest first; a missing equipment is a 404, not an empty list. A suspended person's
 * comments are not shown: the page is open to everyone signed in (decision 0445). A comment a
 * moderator hid is listed for its author only, marked (decision 0580), as playlist comments are.
 */
export async function listEquipmentComments(
  db: Database,
  id: number,
  viewerId: string,
): Promise<EquipmentComment[]> {
  await requireEquipment(db, id);
  const rows = await db
    .select({ comment: equipmentComments, user: commentAuthor })
    .from(equipmentComments)
    .innerJoin(users, eq(users.id, equipmentComments.userId))
    .where(
      and(
        eq(equipmentComments.equipmentId, id),
        isNull(users.suspendedAt),
        or(isNull(equipmentComments.hiddenAt), eq(equipmentComments.userId, viewerId)),
      ),
    )
    .orderBy(desc(equipmentComments.createdAt), desc(equipmentComments.id));
  return rows.map(({ comment, user }) => ({
    id: comment.id,
    equipmentId: comment.equipmentId,
    userId: comment.userId,
    content: comment.content,
    hidden: comment.hiddenAt !== null,
    createdAt: comment.createdAt.toISOString(),
    user,
  }));
}

export async function addEquipmentComment(db: Database, id: number, userId: string, content: string) {
  await requireEquipment(db, id);
  const [comment] = await db
    .insert(equipmentComments)
    .values({ equipmentId: id, userId, content })
    .returning();
  const [user] = await db.select(commentAuthor).from(users).where(eq(users.id, userId));
  return {
    id: comment!.id,
    equipmentId: id,
    userId,
    content: comment!.content,
    hidden: false,
    createdAt: comment!.createdAt.toISOString(),
    user: user!,
  };
}
