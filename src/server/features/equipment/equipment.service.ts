import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { EQUIPMENT_SEARCH_LIMIT, type EquipmentTag } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { equipmentTags, trackEquipmentTags } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import {
  equipmentByTrack,
  equipmentTagColumns,
  findListenableTrack,
  findOwnTrack,
} from '../tracks/tracks.service';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive substring search; names starting with the text come first. */
export async function searchEquipment(db: Database, query: string): Promise<EquipmentTag[]> {
  const text = query.trim();
  if (text.length < 2) return [];
  const pattern = escapeLike(text);
  return db
    .select(equipmentTagColumns)
    .from(equipmentTags)
    .where(ilike(equipmentTags.name, `%${pattern}%`))
    .orderBy(sql`(${equipmentTags.name} ilike ${`${pattern}%`}) desc`, asc(sql`lower(${equipmentTags.name})`))
    .limit(EQUIPMENT_SEARCH_LIMIT);
}

/** An existing name (ignoring case) returns the existing tag; `created` tells which happened. */
export async function findOrCreateEquipment(
  db: Database,
  name: string,
): Promise<{ tag: EquipmentTag; created: boolean }> {
  const trimmed = name.trim();
  const byName = () =>
    db
      .select(equipmentTagColumns)
      .from(equipmentTags)
      .where(sql`lower(${equipmentTags.name}) = lower(${trimmed})`)
      .limit(1);
  const [existing] = await byName();
  if (existing) return { tag: existing, created: false };
  // Two people naming the same new gear at once: the unique index lets one insert win.
  const [inserted] = await db
    .insert(equipmentTags)
    .values({ name: trimmed })
    .onConflictDoNothing()
    .returning(equipmentTagColumns);
  if (inserted) return { tag: inserted, created: true };
  const [winner] = await byName();
  if (!winner) throw new Error('Equipment tag neither inserted nor found');
  return { tag: winner, created: false };
}

export async function listTrackEquipment(db: Database, trackId: number, viewerId: string | null) {
  await findListenableTrack(db, trackId, viewerId);
  return (await equipmentByTrack(db, [trackId])).get(trackId) ?? [];
}

export async function addTrackEquipment(
  db: Database,
  trackId: number,
  viewerId: string,
  equipmentTagId: number,
) {
  await findOwnTrack(db, trackId, viewerId);
  const [tag] = await db
    .select(equipmentTagColumns)
    .from(equipmentTags)
    .where(eq(equipmentTags.id, equipmentTagId))
    .limit(1);
  if (!tag) throw notFound('Equipment not found');
  await db.insert(trackEquipmentTags).values({ trackId, equipmentTagId }).onConflictDoNothing();
  return tag;
}

export async function removeTrackEquipment(
  db: Database,
  trackId: number,
  viewerId: string,
  equipmentTagId: number,
) {
  await findOwnTrack(db, trackId, viewerId);
  await db
    .delete(trackEquipmentTags)
    .where(
      and(eq(trackEquipmentTags.trackId, trackId), eq(trackEquipmentTags.equipmentTagId, equipmentTagId)),
    );
}
