import { z } from 'zod';
import { userSummarySchema } from './collectives';
import { idParam, text } from './primitives';

// Blocking and the equipment edit history (issue 28, decision 0450).

/** PUT/DELETE /api/users/{username}/block: a username (ignoring case) or a user id, as profiles are addressed. */
export const blockParamsSchema = z.object({
  username: text('Username', { trim: false }).min(1, 'Username is required').max(200, 'Username is too long'),
});

/** GET /api/user/blocks: the people the caller has blocked, most recent first. */
export const blockedPersonSchema = z.object({ user: userSummarySchema, blockedAt: z.string() });
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const CANNOT_BLOCK_SELF = 'You cannot block yourself';
export const USER_NOT_FOUND = 'User not found';

/** The fields an equipment edit may change; the picture is recorded but cannot be restored. */
export const EQUIPMENT_HISTORY_FIELDS = ['name', 'category', 'description', 'image'] as const;
export type EquipmentHistoryField = (typeof EQUIPMENT_HISTORY_FIELDS)[number];

const fieldChangeSchema = z.object({ before: z.string().nullable(), after: z.string().nullable() });

export const equipmentEditSchema = z.object({
  id: z.number().int(),
  equipmentId: z.number().int(),
  /** Null when the editor's account is gone ("Deleted user"). */
  user: userSummarySchema.nullable(),
  changes: z.partialRecord(z.enum(EQUIPMENT_HISTORY_FIELDS), fieldChangeSchema),
  /** The edit this one reverted, when it is a revert. */
  revertOfId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type EquipmentEdit = z.infer<typeof equipmentEditSchema>;

/** GET /api/equipment/{id}/history: newest first, and whether the caller may revert (instance admins). */
export const equipmentHistorySchema = z.object({
  edits: z.array(equipmentEditSchema),
  canRevert: z.boolean(),
});
export type EquipmentHistory = z.infer<typeof equipmentHistorySchema>;

export const equipmentEditParamsSchema = z.object({ id: idParam(), editId: idParam() });
