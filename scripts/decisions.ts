// Decision records, one file each (issue 48, decision 0865): docs/decisions/NNNN-short-title.md, with
// an index generated from them (docs/decisions/README.md) that `npm run lint` checks.
//   npx tsx scripts/decisions.ts index           rewrite the index from the files
//   npx tsx scripts/decisions.ts check           the files and the index agree (npm run lint)
//   npx tsx scripts/decisions.ts new "Title"     the next number's file, ready to fill in
//   npx tsx scripts/decisions.ts split FILE…     move `## NNNN — Title` entries of FILE into files
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DECISION_FILE,
  decisionFileName,
  indexOf,
  type ParsedDecision,
  parseDecision,
  renderDecision,
  splitEntries,
  statusFromText,
} from './decision-records';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'docs', 'decisions');
const indexFile = path.join(dir, 'README.md');

function readAll(): ParsedDecision[] {
  const problems: string[] = [];
  const decisions = readdirSync(dir)
    .filter((name) => name !== 'README.md')
    .map((name) => {
      if (!DECISION_FILE.test(name)) {
        problems.push(`${name}: not NNNN-short-title.md`);
        return undefined;
      }
      try {
        return parseDecision(name, readFileSync(path.join(dir, name), 'utf8'));
      } catch (err) {
        problems.push(`${name}: ${(err as Error).message}`);
        return undefined;
      }
    })
    .filter((d): d is ParsedDecision => d !== undefined)
    .sort((a, b) => a.number - b.number);
  for (let i = 1; i < decisions.length; i++) {
    const [a, b] = [decisions[i - 1] as ParsedDecision, decisions[i] as ParsedDecision];
    if (a.number === b.number) problems.push(`${a.file} and ${b.file} share the number ${a.number}`);
  }
  const numbers = new Set(decisions.map((d) => d.number));
  for (const d of decisions) {
    for (const by of d.supersededBy) {
      if (!numbers.has(by)) problems.push(`${d.file}: superseded by ${by}, which has no file`);
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return decisions;
}

/** When each line of `file` was written, by git blame (the entry's date as it was first recorded). */
function lineDates(file: string): string[] {
  try {
    const out = execFileSync('git', ['blame', '--line-porcelain', file], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const dates: string[] = [];
    let time = 0;
    for (const line of out.split('\n')) {
      if (line.startsWith('author-time ')) time = Number(line.slice(12));
      else if (line.startsWith('\t')) dates.push(new Date(time * 1000).toISOString().slice(0, 10));
    }
    return dates;
  } catch {
    return [];
  }
}

function split(files: string[]) {
  mkdirSync(dir, { recursive: true });
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const dates = lineDates(file);
    const today = new Date().toISOString().slice(0, 10);
    const entries = splitEntries(text);
    const supersedes = new Map<number, number[]>();
    for (const entry of entries) {
      for (const m of entry.body.matchAll(/\*\*Supersedes (\d{4})\.?\*\*/g)) {
        const old = Number(m[1]);
        supersedes.set(old, [...(supersedes.get(old) ?? []), entry.number]);
      }
    }
    for (const entry of entries) {
      const status = statusFromText(entry.title, entry.body, supersedes.get(entry.number) ?? []);
      const decision = { ...entry, date: dates[entry.line] ?? today, status };
      const target = path.join(dir, decisionFileName(decision));
      if (existsSync(target)) throw new Error(`${target} exists already`);
      writeFileSync(target, renderDecision(decision));
    }
    console.log(`${file}: ${entries.length} decisions moved to docs/decisions/`);
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'split') {
  split(rest);
  writeFileSync(indexFile, indexOf(readAll()));
} else if (command === 'index') {
  writeFileSync(indexFile, indexOf(readAll()));
} else if (command === 'check') {
  try {
    const expected = indexOf(readAll());
    const actual = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : '';
    if (actual !== expected)
      throw new Error('docs/decisions/README.md is stale: run `npx tsx scripts/decisions.ts index`');
    console.log(
      `decisions: ${expected.split('\n').filter((l) => /^\| \[\d{4}\]/.test(l)).length} records, index up to date`,
    );
  } catch (err) {
    console.error(`decisions: ${(err as Error).message}`);
    process.exit(1);
  }
} else if (command === 'new' && rest[0]) {
  const next = Math.max(0, ...readAll().map((d) => d.number)) + 1;
  const decision = {
    number: next,
    title: rest.join(' '),
    date: new Date().toISOString().slice(0, 10),
    status: { kind: 'accepted' as const, by: [] },
    body: '**Context.** \n\n**Decision.** \n\n**Consequences.** \n',
    line: 0,
  };
  const target = path.join(dir, decisionFileName(decision));
  writeFileSync(target, renderDecision(decision));
  writeFileSync(indexFile, indexOf(readAll()));
  console.log(path.relative(root, target));
} else {
  console.error('usage: npx tsx scripts/decisions.ts index | check | new "Title" | split FILE…');
  process.exit(2);
}
