import { type Outcome, type RestWorld, type SignedIn, TITLES } from '../rest-roles';

// The pieces the /rest route × role matrix (rest-roles.test.ts) is written with: a method's row
// says what to send and what each caller gets. Rows live by area beside this file (index.ts).

export type Params = Record<string, string | number | (string | number)[]>;
export type PerRole = Outcome | [owner: Outcome, admin: Outcome, member: Outcome, outsider: Outcome];

export interface Call {
  label: string;
  params: (w: RestWorld, who: SignedIn) => Params | Promise<Params>;
  expect: PerRole;
  /** Text each caller must find in the reply: what the web app shows them. */
  shows?: (w: RestWorld) => Partial<Record<SignedIn, string[]>>;
}

export interface MethodRow {
  /** Declared with `writes(…)` (method-writes.ts): drops the access caches, GET or POST. */
  writes: boolean;
  calls: Call[];
}

export const all = (label: string, params: Call['params'] = () => ({})): Call => ({
  label,
  params,
  expect: 'ok',
});
/** What a member's browsing shows of the owner's music: the shared track only. */
export const browsed = () => ({
  owner: [TITLES.private, TITLES.band, TITLES.open],
  admin: [TITLES.band],
  member: [TITLES.band],
  outsider: ['Outsider take'],
});
export const byId = (id: (w: RestWorld) => number, expect: PerRole, label: string, name = 'id'): Call => ({
  label,
  params: (w) => ({ [name]: id(w) }),
  expect,
});
export const onFresh = (
  kind: 'hidden' | 'band' | 'open',
  expect: PerRole,
  extra: Params = {},
  name = 'playlistId',
): Call => ({
  label: `${kind} list`,
  params: async (w) => ({ [name]: await w.freshList(kind), ...extra }),
  expect,
});
