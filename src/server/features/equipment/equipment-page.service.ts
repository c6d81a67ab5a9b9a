import { and, desc, eq, exists, isNull, or, sql } from 'drizzle-orm';
import type { EquipmentComment, EquipmentDetail, EquipmentTrack } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { replaceValue } from '../../db/replace-value';
import { equipmentComments, equipmentTags, trackEquipmentTags, tracks, users } from '../../db/schema';
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

/**
 * 'Tracks Using {name}': every track tagged with it whose owner shares to equipment pages,
 * newest first, with owner names and equipment: two queries. Others' hidden tracks and a suspended
 * person's are left out (decisions 0445, 0455), as from every list.
 */
export async function listEquipmentTracks(
  db: Database,
  id: number,
  viewerId: string,
): Promise<EquipmentTrack[]> {
  await requireEquipment(db, id);
  const rows = await db
    .select({ track: tracks, user: trackOwner })
    .from(trackEquipmentTags)
    .innerJoin(tracks, eq(tracks.id, trackEquipmentTags.trackId))
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(
      and(
        eq(trackEquipmentTags.equipmentTagId, id),
        eq(tracks.shareToEquipmentPages, true),
        shownToViewer(db, viewerId),
      ),
    )
    .orderBy(desc(tracks.createdAt), desc(tracks.id));
  const withTags = await withEquipment(
    db,
    rows.map((r) => r.track),
  );
  return withTags.map((track, i) => {
    const user = rows[i]!.user;
    return { ...track, user: { ...user, updatedAt: user.updatedAt.toISOString() } };
  });
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
