// The equipment page's query keys, apart from its hooks: the live events (on every signed-in page)
// refresh an equipment page's comments without bringing the page's queries and mutations onto the
// journal's first route (decision 0932). Keys follow the URL: ['/api/equipment', id], […, 'comments'].

export const equipmentKey = (id: number) => ['/api/equipment', id] as const;

/** Any equipment page's comments: a report's outcome may have hidden one (decision 0585). */
export const isEquipmentCommentsKey = (key: readonly unknown[]) =>
  key[0] === equipmentKey(0)[0] && key[2] === 'comments';
