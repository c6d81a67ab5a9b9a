import type { Plugin, Rolldown } from 'vite';

type CodeSplittingGroup = NonNullable<
  Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>['groups']
>[number];

/**
 * Few, whole chunks for the pages a visit lands on (issue 25, decision 0380). Left to itself the
 * bundler gives each set of importers its own chunk: the signed-in journal's first visit fetched 51
 * files, most of them one lucide icon or one Radix part of 0.2–2 KB, and on a phone's connection
 * (six HTTP/1.1 connections, a round trip each) they queued behind one another for a second before
 * the first row could paint; appending each one's modulepreload link cost the main thread too.
 *
 * Here the app's entry (`appEntry`, less what another entry such as the embed page shares) is one
 * chunk, and every module a first route's screens reach through static imports, beyond the entry,
 * goes to one chunk per set of first routes that reach it ("journal", "journal-track", …). The
 * screens keep chunks of their own, so each still loads by its file. Another screen sharing a few of
 * those modules loads their chunk whole: a little more code, usually cached by then.
 */
export function routeChunks(
  appEntry: string,
  routes: ReadonlyArray<{ name: string; screens: string[] }>,
): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'journal-route-chunks',
    apply: 'build',
    buildEnd() {
      chunkOf.clear();
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const isApp = (id: string) => id.endsWith(appEntry);
      const entryModules = closure(entries);
      const otherEntries = closure(entries.filter((id) => !isApp(id)));
      for (const id of closure(entries.filter(isApp))) if (!otherEntries.has(id)) chunkOf.set(id, 'app-core');

      const routesOf = new Map<string, string[]>();
      for (const route of routes) {
        const screens = route.screens.map((screen) => {
          const id = ids.find((candidate) => candidate.endsWith(screen));
          if (!id) throw new Error(`routeChunks: no module ends with ${screen}`);
          return id;
        });
        for (const id of closure(screens)) {
          if (entryModules.has(id) || screens.includes(id)) continue;
          routesOf.set(id, [...(routesOf.get(id) ?? []), route.name]);
        }
      }
      for (const [id, names] of routesOf) chunkOf.set(id, `${names.join('-')}-route`);

      // A module in a route's chunk that another part of the app loads with import() would bring
      // the whole chunk with it: the player bar's lazy waveform fetched and ran the track page's
      // 200 KB (its schemas, dialogs and panels) on every journal visit (decision 0932). Such a
      // module keeps a chunk of its own, with what it brings in that the same routes alone reach.
      const sameRoutes = (a: string[] = [], b: string[] = []) =>
        a.length === b.length && a.every((name) => b.includes(name));
      for (const [id, names] of routesOf) {
        // Loaded by code that only these routes run: it comes with them anyway.
        // (An importer in no route's chunk, the entry's or a lazy one, is outside them.)
        const onlyTheseRoutes = (importer: string) =>
          routesOf.get(importer)?.every((name) => names.includes(name)) === true;
        if ((this.getModuleInfo(id)?.dynamicImporters ?? []).every(onlyTheseRoutes)) continue;
        const fileName = id.split('/').pop() ?? id;
        const chunk = `lazy-${fileName.replace(/\.[^.]+$/, '')}`;
        for (const part of closure([id])) if (sameRoutes(routesOf.get(part), names)) chunkOf.set(part, chunk);
      }
    },
  };
  const group: CodeSplittingGroup = {
    name: (id) => chunkOf.get(id) ?? null,
    debugName: 'first routes',
    test: (id) => chunkOf.has(id),
    // A route chunk's imports are the entry's or another route chunk's: no need to pull them in.
    includeDependenciesRecursively: false,
  };
  return { plugin, groups: [group] };
}
