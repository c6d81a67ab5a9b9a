/** The select trigger's look, shared with plain triggers shown before Radix Select loads (decision 0076). */
export const SELECT_TRIGGER_CLASS =
  'flex h-10 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 [&>span]:truncate';
