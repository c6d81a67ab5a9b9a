import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/** Every name lucide-react exports for an icon (Lock, LockIcon, LucideLock) → its file (lock). */
function iconFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const barrel = path.join(
    path.dirname(require.resolve('lucide-react/package.json')),
    'dist/esm/lucide-react.mjs',
  );
  const files = new Map<string, string>();
  for (const [, names = '', file = ''] of readFileSync(barrel, 'utf8').matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g,
  )) {
    for (const [, name = ''] of names.matchAll(/default as (\w+)/g)) files.set(name, file);
  }
  return files;
}

/** The client module's source with its lucide-react icon imports made per icon file. */
export function rewriteIconImports(code: string, icons: ReadonlyMap<string, string>): string {
  return code.replace(BARREL_IMPORT, (whole, list: string) => {
    const specifiers = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const [imported = s, local = imported] = s.split(/\s+as\s+/);
        return { imported, local, file: icons.get(imported) };
      });
    const lines = specifiers.flatMap(({ local, file }) =>
      file ? [`import ${local} from 'lucide-react/icons/${file}';`] : [],
    );
    const rest = specifiers
      .filter((s) => !s.file)
      .map((s) => (s.local === s.imported ? s.imported : `${s.imported} as ${s.local}`));
    if (rest.length) lines.push(`import { ${rest.join(', ')} } from 'lucide-react';`);
    return lines.length ? lines.join('\n') : whole;
  });
}

/**
 * `import { Lock, Play } from 'lucide-react'` becomes one import per icon file
 * (`lucide-react/icons/lock`), in the client's build (decision 0380). The bundler drops the icons
 * nobody uses either way; what this changes is the module graph it chunks from: through the barrel
 * every module seemed to import all 1,700 icons, so the first routes' chunks (vite-route-chunks.ts)
 * could not tell which icons the entry really needs from those a screen does. Names that are not
 * icons (createLucideIcon, types) stay on the barrel.
 */
export function iconImports(): Plugin {
  let icons: Map<string, string> | undefined;
  return {
    name: 'journal-icon-imports',
    apply: 'build',
    transform: {
      filter: { id: /src[\\/]client[\\/].*\.[jt]sx?$/, code: 'lucide-react' },
      handler(code) {
        icons ??= iconFiles();
        const rewritten = rewriteIconImports(code, icons);
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}
