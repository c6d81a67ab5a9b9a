import { describe, expect, it } from 'vitest';
import { rewriteIconImports } from '../../scripts/vite-icon-imports';
import { buildClientInMemory } from './client-build';

const icons = new Map([
  ['Lock', 'lock'],
  ['LockIcon', 'lock'],
  ['Play', 'play'],
]);

describe('icon imports per file (decision 0380)', () => {
  it('turns barrel imports of icons into one default import per icon file, keeping local names', () => {
    const code = `import { Lock, Play as PlayIcon } from "lucide-react";\nconsole.log(Lock, PlayIcon);`;
    expect(rewriteIconImports(code, icons)).toBe(
      `import Lock from 'lucide-react/icons/lock';\nimport PlayIcon from 'lucide-react/icons/play';\nconsole.log(Lock, PlayIcon);`,
    );
  });

  it('leaves names that are not icons on the barrel', () => {
    const code = `import { LockIcon, createLucideIcon } from 'lucide-react';`;
    expect(rewriteIconImports(code, icons)).toBe(
      `import LockIcon from 'lucide-react/icons/lock';\nimport { createLucideIcon } from 'lucide-react';`,
    );
  });

  it('does not touch other packages', () => {
    const code = `import { Lock } from 'lucide-vue';`;
    expect(rewriteIconImports(code, icons)).toBe(code);
  });
});

/**
 * The first routes' chunks (issue 25): a first visit to the journal, a public track or the landing
 * page fetches a handful of script files, not dozens (Lighthouse on a phone's connection queued 51
 * files six at a time). From a real production build kept in memory, as first-route-size.test.ts.
 */
describe('first route chunks (decision 0380)', () => {
  it('loads the journal, a public track and the landing page in at most 8 script files each', async () => {
    const chunks = (await buildClientInMemory()).filter((f) => f.type === 'chunk');
    const byName = new Map(chunks.map((c) => [c.fileName, c]));
    const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
    const screen = (file: string) => chunks.find((c) => c.facadeModuleId?.endsWith(file))?.fileName;
    /** The files these chunks load, theirs and all they import statically. */
    const filesFrom = (names: Array<string | undefined>) => {
      const seen = new Set<string>();
      const visit = (name: string | undefined) => {
        if (!name || seen.has(name)) return;
        seen.add(name);
        for (const dep of byName.get(name)?.imports ?? []) visit(dep);
      };
      for (const name of names) visit(name);
      return [...seen];
    };
    const filesFor = (screens: string[]) => filesFrom([entry?.fileName, ...screens.map(screen)]);
    const journal = filesFor(['app/shell/app-shell.tsx', 'features/tracks/journal-page.tsx']);
    const track = filesFor(['features/users/public-frame.tsx', 'features/tracks/shared-track-page.tsx']);
    const landing = filesFor(['features/auth/landing-page.tsx']);
    expect(journal.length, journal.join(', ')).toBeLessThanOrEqual(8);
    expect(track.length, track.join(', ')).toBeLessThanOrEqual(8);
    expect(landing.length, landing.join(', ')).toBeLessThanOrEqual(8);
    // The landing page does not download the signed-in journal's code.
    expect(landing.some((f) => /(^|\/)journal-route-/.test(f))).toBe(false);
    // What the journal loads lazily once shown (the player bar's waveform) fetches no other route's
    // chunk: it once brought the track page's 200 KB, run on every journal visit (decision 0932).
    const waveform = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/player/waveform.tsx')));
    expect(waveform, 'a chunk holds the waveform').toBeDefined();
    const beyondJournal = filesFrom([waveform?.fileName]).filter(
      (f) => f !== waveform?.fileName && !journal.includes(f),
    );
    expect(beyondJournal, `what the waveform's chunk ${waveform?.fileName} loads`).toEqual([]);
    expect(journal).not.toContain(waveform?.fileName);
    const besideWaveform = (waveform?.moduleIds ?? []).filter(
      (id) => !id.endsWith('/player/waveform.tsx') && !id.includes('/node_modules/wavesurfer.js/'),
    );
    expect(besideWaveform, 'modules in the waveform’s chunk besides it and wavesurfer.js').toEqual([]);
    // The embed page (decision 0330) still imports nothing of the app.
    const embed = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('embed.html'));
    expect(embed?.imports.filter((f) => !f.includes('modulepreload-polyfill')) ?? ['no embed']).toEqual([]);
  }, 120_000);
});
