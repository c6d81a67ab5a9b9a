// `npm run bench -- --only NAME[,NAME…]`: which cases run (decision 0082).

/**
 * Reads `--only a,b` or `--only=a,b` from the arguments. `wants(name…)`: one of these exact case
 * names starts with a given prefix. `wantsFamily(family…)`: a family of cases ('upload-',
 * 'journal-list-5k') is wanted when one of its cases is named, or the family is under a prefix; it
 * decides what to seed and start. Without --only everything is wanted.
 */
export function selection(args) {
  const at = args.findIndex((a) => a === '--only' || a.startsWith('--only='));
  const value = at < 0 ? undefined : (args[at].split('=')[1] ?? args[at + 1]);
  const only = value?.split(',').filter(Boolean);
  if (at >= 0 && !only?.length)
    throw new Error('--only needs case names or prefixes, e.g. --only upload-1gib,lcp');
  const wants = (...names) => !only || names.some((name) => only.some((o) => name.startsWith(o)));
  const wantsFamily = (...families) =>
    !only || families.some((family) => only.some((o) => family.startsWith(o) || o.startsWith(family)));
  return { only, wants, wantsFamily };
}
