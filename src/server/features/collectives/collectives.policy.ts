/** Roles a collective member can hold (spec section 6). */
export type CollectiveRole = 'owner' | 'admin' | 'member';

/** A non-member sees nothing of a collective: every resource answers 404, never 403. */
export const canReadCollective = (role: CollectiveRole | undefined): boolean => role !== undefined;
