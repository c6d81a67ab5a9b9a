// Whether the packages Journal ships with may be combined with its own licence, the GNU AGPL-3.0-or-
// later (decision 0810). Read from package-lock.json, the exact tree `npm ci` installs: every package
// that is not dev-only, optional platform builds included (one of them is what a machine gets).

/** SPDX identifiers whose code may be combined into an AGPL-3.0-or-later work. */
export const COMPATIBLE = new Set([
  '0BSD',
  'AGPL-3.0-only',
  'AGPL-3.0-or-later',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-4.0',
  'CC0-1.0',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'ISC',
  'LGPL-2.1-only',
  'LGPL-2.1-or-later',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'MIT',
  'MPL-2.0',
  'Python-2.0',
  'Unlicense',
  'WTFPL',
  'Zlib',
]);

/** Older or informal spellings found in package.json files, as the SPDX identifier they mean. */
const ALIASES: Record<string, string> = {
  'AGPL-3.0': 'AGPL-3.0-only',
  'GPL-3.0': 'GPL-3.0-only',
  GPLv3: 'GPL-3.0-only',
  'LGPL-2.1': 'LGPL-2.1-only',
  'LGPL-3.0': 'LGPL-3.0-only',
  'Apache 2.0': 'Apache-2.0',
};

/**
 * Packages whose licence field is not an SPDX expression, with what their files say. Each entry is
 * checked by hand: the reason says where.
 */
export const KNOWN: Record<string, { licence: string; why: string }> = {
  '@ffmpeg-installer/darwin-arm64': {
    licence: 'LGPL-2.1-or-later',
    why: 'an ffmpeg build; its licence field is a link to ffmpeg’s LICENSE.md (LGPL-2.1-or-later)',
  },
};

type Expression = { id: string } | { op: 'AND' | 'OR'; left: Expression; right: Expression };

/** Parses an SPDX licence expression (ids, AND, OR, WITH, parentheses); throws on anything else. */
export function parseExpression(text: string): Expression {
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++];
  const primary = (): Expression => {
    const token = next();
    if (token === undefined) throw new Error(`unexpected end of "${text}"`);
    if (token === '(') {
      const inner = or();
      if (next() !== ')') throw new Error(`missing ) in "${text}"`);
      return inner;
    }
    if (token === ')' || token === 'AND' || token === 'OR' || token === 'WITH') {
      throw new Error(`unexpected ${token} in "${text}"`);
    }
    // An exception widens what may be done (e.g. GCC-exception-3.1): the licence still decides.
    if (peek() === 'WITH') at += 2;
    return { id: token.replace(/\+$/, '-or-later') };
  };
  const and = (): Expression => {
    let left = primary();
    while (peek() === 'AND') {
      next();
      left = { op: 'AND', left, right: primary() };
    }
    return left;
  };
  const or = (): Expression => {
    let left = and();
    while (peek() === 'OR') {
      next();
      left = { op: 'OR', left, right: and() };
    }
    return left;
  };
  const parsed = or();
  if (at !== tokens.length) throw new Error(`unexpected ${tokens[at]} in "${text}"`);
  return parsed;
}

/** Whether code under `expression` may go into an AGPL-3.0-or-later work (OR: one side will do). */
export function isCompatible(expression: string): boolean {
  const check = (node: Expression): boolean => {
    if ('id' in node) return COMPATIBLE.has(ALIASES[node.id] ?? node.id);
    return node.op === 'OR' ? check(node.left) || check(node.right) : check(node.left) && check(node.right);
  };
  try {
    return check(parseExpression(expression));
  } catch {
    return false;
  }
}

interface LockPackage {
  name?: string;
  license?: string;
  dev?: boolean;
  link?: boolean;
}

/** The shipped packages (not dev-only) whose licence is missing or not compatible, one line each. */
export function incompatiblePackages(lock: { packages: Record<string, LockPackage> }): string[] {
  const problems: string[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    // A link (a `file:` package such as tools/shims/*) has no licence of its own in the lock: the
    // package it points to is an entry of its own, judged there.
    if (where === '' || entry.dev || entry.link) continue;
    const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const licence = KNOWN[name]?.licence ?? entry.license;
    if (licence === undefined) problems.push(`${name}: no licence given`);
    else if (!isCompatible(licence)) problems.push(`${name}: ${licence}`);
  }
  return problems;
}
