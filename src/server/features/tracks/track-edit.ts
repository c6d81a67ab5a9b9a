import { type SQL, sql } from 'drizzle-orm';
import type { UpdateTrackBody } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { notFound } from '../../plugins/errors';
import { equipmentOfTrack, trackColumns, trackJson } from './track-list.query';

/**
 * PATCH /api/tracks/{id} in one statement (decision 0927): the owner's row updated and written back
 * as the reply's JSON by the list's own SQL (the bytes JSON.stringify(toTrackDto) writes, held so by
 * tracks.edit.test.ts). It was three: the row read whole to check its owner, the update returning
 * every column into the ORM, the equipment read; each built by drizzle afresh. A person edits one
 * track after another, so the edit was the allocation that set the pace of the collections in the
 * list right after a change.
 */

/** The body's fields and the columns they set (the owner's tempo and key beside the measured ones). */
const EDITABLE = {
  name: 'name',
  notes: 'notes',
  shareToEquipmentPages: 'share_to_equipment_pages',
  visibility: 'visibility',
  bpm: 'owner_bpm',
  musicalKey: 'owner_key',
} as const satisfies Record<keyof UpdateTrackBody, string>;

type Field = keyof typeof EDITABLE;
const FIELDS = Object.keys(EDITABLE) as Field[];

/**
 * The edit of the fields in `mask` (bit i: FIELDS[i]), prepared once per database (at most 63
 * statements, in practice the few an edit form sends). The owner is part of the WHERE: a stranger's
 * edit finds no row, exactly as the track being absent, and nobody learns it exists. `returning *`
 * stays inside the CTE: the statement's own result is one text column, so a migration adding a
 * column to tracks re-plans it without changing what it answers.
 */
const editStatement = (mask: number) =>
  preparedOnce((db) => {
    const set: SQL[] = FIELDS.filter((_, bit) => mask & (1 << bit)).map(
      (field) => sql`${sql.identifier(EDITABLE[field])} = ${sql.placeholder(field)}`,
    );
    const edited = db.$with('edited', {}).as(sql`
      update tracks set ${sql.join(set, sql`, `)}, updated_at = now()
      where id = ${sql.placeholder('trackId')} and user_id = ${sql.placeholder('viewerId')}
      returning *`);
    return db
      .with(edited)
      .select({ json: sql<string>`${trackJson}` })
      .from(sql`edited t cross join lateral (${trackColumns(equipmentOfTrack)}) r`)
      .prepare(`track_edit_${mask}`);
  });

const statements: ReturnType<typeof editStatement>[] = [];

/** The edited track's JSON, as GET /api/tracks/{id}'s `track` and the list write it; 404 if not the viewer's. */
export async function editOwnTrack(
  db: Database,
  trackId: number,
  viewerId: string,
  changes: UpdateTrackBody,
): Promise<string> {
  const values: Record<string, unknown> = { trackId, viewerId };
  let mask = 0;
  FIELDS.forEach((field, bit) => {
    if (changes[field] === undefined) return;
    values[field] = changes[field];
    mask |= 1 << bit;
  });
  if (mask === 0) throw new Error('an edit sets at least one field (nonEmptyPatch)');
  statements[mask] ??= editStatement(mask);
  const [row] = await statements[mask]!(db).execute(values);
  if (!row) throw notFound('Track not found');
  return row.json;
}
