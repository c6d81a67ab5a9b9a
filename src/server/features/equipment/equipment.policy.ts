/**
 * Equipment pages are shared by everyone (decision 0015): while nobody has tagged a piece of gear
 * any signed-in person may describe it; once it is in use, the people who used it on one of their
 * tracks keep it accurate.
 */
export const canEditEquipment = (a: { taggedByAnyone: boolean; taggedByViewer: boolean }) =>
  !a.taggedByAnyone || a.taggedByViewer;
