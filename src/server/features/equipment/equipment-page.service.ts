import { and, desc, eq, exists, isNull, or, sql } from 'drizzle-orm';
import {
  EQUIPMENT_TRACKS_LIMIT,
  type EquipmentComment,
  type EquipmentDetail,
} from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { replaceValue } from '../../db/replace-value';
import { rowsOf } from '../../db/rows-of';
import { equipmentComments, equipmentTags, trackEquipmentTags, tracks, users } from '../../db/schema';
import {
  afterTimeId,
  decodeTimeIdCursor,
  encodeTimeIdCursor,
  exactTimeOf,
  type TimeIdCursor,
} from '../../db/time-id-cursor';
import { imageUrlOf, imageUrlSql } from '../../media/image-url';
import { forbidden, notFound } from '../../plugins/errors';
import { isoTimeSql, trackJsonOf } from '../tracks/track-json.service';
import { shownToViewer } from '../tracks/tracks.service';
import { canEditEquipment } from './equipment.policy';
import { type EquipmentTextChanges, recordEdit, writeEquipmentFields } from './equipment-history.service';

const commentAuthor = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
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
 * Which tracks fill up to `take` rows of 'Tracks Using {name}' after the cursor: every track tagged
 * with it whose owner shares to equipment pages, newest first (created_at, then the highest id).
 * Others' hidden tracks and a suspended person's are left out (decisions 0445, 0455), as from every
 * list. The links carry their track's created_at (issue 48), so the query walks
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
    .select({
      id: sql<number>`${trackEquipmentTags.trackId}`.as('chosen_id'),
      at: sql`${trackEquipmentTags.trackCreatedAt}`.as('chosen_at'),
      exact: sql<string>`${exactTrackTime}`.as('exact'),
    })
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

/** A listed track's owner: names, and the avatar the player shows as artwork (issue 10). */
const ownerJson = sql`(select row_to_json(o) from (
  select u.id as "id", u.username as "username", u.first_name as "firstName", u.last_name as "lastName",
    ${imageUrlSql(sql`u.avatar_key`)} as "avatarUrl", ${isoTimeSql(sql`u.updated_at`)} as "updatedAt"
) o)`;

interface EquipmentTrackRow {
  /** The EquipmentTrack, written by PostgreSQL (decision 0949). */
  json: string;
  exact: string;
  id: number;
}

/**
 * The chosen tracks written as the reply's JSON by PostgreSQL, as the journal list is (decisions
 * 0063, 0949): a page of 50 through the ORM, toTrackDto and the zod serializer was most of this
 * route's time on the event loop, and 50 pages side by side held /api/health past its budget.
 */
async function equipmentTrackRows(
  db: Database,
  id: number,
  viewerId: string,
  take: number,
  cursor: TimeIdCursor | undefined,
): Promise<EquipmentTrackRow[]> {
  await requireEquipment(db, id);
  const chosen = equipmentTracksQuery(db, id, viewerId, take, cursor);
  const result = await db.execute(sql`
    select ${trackJsonOf(sql`${ownerJson} as "user"`)} as json, p.exact, p.chosen_id as id
    from (${chosen}) p join tracks t on t.id = p.chosen_id join users u on u.id = t.user_id
    order by p.chosen_at desc, p.chosen_id desc`);
  return rowsOf<EquipmentTrackRow>(result);
}

/** One page of 'Tracks Using {name}' and the cursor of the next (null on the last page), as JSON. */
export async function equipmentTracksPage(
  db: Database,
  id: number,
  viewerId: string,
  limit: number,
  cursorText?: string,
): Promise<string> {
  const cursor = cursorText === undefined ? undefined : decodeTimeIdCursor(cursorText);
  // One more than asked: whether it exists says whether there is a next page.
  const rows = await equipmentTrackRows(db, id, viewerId, limit + 1, cursor);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeEquipmentTracksCursor(last.exact, last.id) : null;
  return `{"items":[${page.map((r) => r.json).join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/**
 * The reply without `limit`, the spec's plain array, as JSON: since issue 48 the newest
 * EQUIPMENT_TRACKS_LIMIT.unpaged only (it was every one); the rest is read in pages.
 */
export async function listEquipmentTracks(db: Database, id: number, viewerId: string): Promise<string> {
  const rows = await equipmentTrackRows(db, id, viewerId, EQUIPMENT_TRACKS_LIMIT.unpaged, undefined);
  return `[${rows.map((r) => r.json).join(',')}]`;
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
