// An avatar stack's item, apart from the stack and its lazily loaded '+N more' popover, so neither
// imports the other.

export interface AvatarStackItem {
  id: number | string;
  name: string;
  imageUrl: string | null;
}

/** A negative id is the optimistic stand-in of a collective being created: nowhere to go yet. */
export const isPending = (item: AvatarStackItem) => typeof item.id === 'number' && item.id < 0;
