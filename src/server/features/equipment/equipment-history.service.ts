import { and, desc, eq, sql } from 'drizzle-orm';
import type { EquipmentEdit, EquipmentHistory } from '../../../shared/schemas/moderation';
import type { Database, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type EquipmentFieldChanges, equipmentEdits, equipmentTags, users } from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import type { UserRow } from '../users/users.service';
import { toUserSummary, userSummaryColumns } from '../users/users.service';

// Equipment pages' edit history (issue 28, decision 0450): every change to the shared fields is a
// row of who, when, and each changed field before and after; instance admins may revert an edit.

/** The text fields an edit writes and a revert restores (the picture's file is gone once replaced). */
const TEXT_FIELDS = ['name', 'category', 'description'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type TagRow = typeof equipmentTags.$inferSelect;
export type EquipmentTextChanges = Partial<Record<TextField, string | null>>;

export const NAME_TAKEN = 'Another piece of equipment already has that name';
export const EDIT_NOT_FOUND = 'Edit not found';

/** The fields `changes` would really change on `tag`, each before and after. */
function diff(tag: TagRow, changes: EquipmentTextChanges): EquipmentFieldChanges {
  const out: EquipmentFieldChanges = {};
  for (const field of TEXT_FIELDS) {
    const after = changes[field];
    if (after === undefined || after === tag[field]) continue;
    out[field] = { before: tag[field], after };
  }
  return out;
}

export async function recordEdit(
  tx: DbOrTx,
  edit: { equipmentId: number; userId: string; changes: EquipmentFieldChanges; revertOfId?: number },
) {
  if (Object.keys(edit.changes).length === 0) return;
  await tx.insert(equipmentEdits).values(edit);
}

async function nameClash(tx: DbOrTx, id: number, name: string | null | undefined) {
  if (!name) return;
  const [clash] = await tx
    .select({ id: equipmentTags.id })
    .from(equipmentTags)
    .where(and(sql`lower(${equipmentTags.name}) = lower(${name})`, sql`${equipmentTags.id} <> ${id}`))
    .limit(1);
  if (clash) throw new HttpError(409, NAME_TAKEN);
}

/**
 * Writes the text fields and records what really changed, in one transaction with the row locked,
 * so two editors at once each record the value they replaced. Names stay unique ignoring case.
 */
export async function writeEquipmentFields(
  db: Database,
  id: number,
  userId: string,
  changes: EquipmentTextChanges,
  revertOfId?: number,
): Promise<EquipmentFieldChanges> {
  try {
    return await db.transaction(async (tx) => {
      const [tag] = await tx.select().from(equipmentTags).where(eq(equipmentTags.id, id)).for('update');
      if (!tag) throw notFound('Equipment not found');
      const changed = diff(tag, changes);
      if (Object.keys(changed).length === 0) return changed;
      await nameClash(tx, id, changed.name?.after);
      const values = Object.fromEntries(Object.entries(changed).map(([field, c]) => [field, c.after]));
      await tx
        .update(equipmentTags)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(equipmentTags.id, id));
      await recordEdit(tx, { equipmentId: id, userId, changes: changed, revertOfId });
      return changed;
    });
  } catch (err) {
    // Two people giving two pieces the same new name at once: the unique index decides.
    if (isUniqueViolation(err)) throw new HttpError(409, NAME_TAKEN);
    throw err;
  }
}

/** The history, newest first; an editor whose account is gone shows as null ("Deleted user"). */
export async function listEquipmentHistory(
  db: Database,
  id: number,
  viewerIsAdmin: boolean,
): Promise<EquipmentHistory> {
  const [tag] = await db.select({ id: equipmentTags.id }).from(equipmentTags).where(eq(equipmentTags.id, id));
  if (!tag) throw notFound('Equipment not found');
  const rows = await db
    .select({ edit: equipmentEdits, user: userSummaryColumns })
    .from(equipmentEdits)
    .leftJoin(users, eq(users.id, equipmentEdits.userId))
    .where(eq(equipmentEdits.equipmentId, id))
    .orderBy(desc(equipmentEdits.createdAt), desc(equipmentEdits.id));
  const edits: EquipmentEdit[] = rows.map(({ edit, user }) => ({
    id: edit.id,
    equipmentId: edit.equipmentId,
    user: user?.id ? toUserSummary(user) : null,
    changes: edit.changes,
    revertOfId: edit.revertOfId,
    createdAt: edit.createdAt.toISOString(),
  }));
  return { edits, canRevert: viewerIsAdmin };
}

/**
 * Restores the text fields as they were before the edit, recorded as a new edit naming it. Instance
 * admins only: anyone else gets the 404 an unknown edit gets, so the route tells nobody who is an
 * admin. The picture is not restored (its file was deleted when it was replaced).
 */
export async function revertEquipmentEdit(
  db: Database,
  id: number,
  editId: number,
  admin: UserRow,
  isAdmin: boolean,
) {
  if (!isAdmin) throw notFound(EDIT_NOT_FOUND);
  const [edit] = await db
    .select()
    .from(equipmentEdits)
    .where(and(eq(equipmentEdits.id, editId), eq(equipmentEdits.equipmentId, id)));
  if (!edit) throw notFound(EDIT_NOT_FOUND);
  const restore: EquipmentTextChanges = {};
  for (const field of TEXT_FIELDS) {
    const change = edit.changes[field];
    if (change) restore[field] = field === 'description' ? change.before : (change.before ?? undefined);
  }
  if (Object.keys(restore).length === 0) {
    throw new HttpError(409, 'This edit only replaced the picture, which cannot be restored');
  }
  const changed = await writeEquipmentFields(db, id, admin.id, restore, edit.id);
  if (Object.keys(changed).length === 0) {
    throw new HttpError(409, 'Nothing to revert: these fields already read as they did before that edit');
  }
}
