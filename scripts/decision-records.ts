// The shape of a decision record file (decision 0865), read and written by scripts/decisions.ts.

export interface DecisionStatus {
  kind: 'accepted' | 'superseded' | 'superseded in part';
  /** The decisions that replace it (empty when accepted). */
  by: number[];
}

export interface Entry {
  number: number;
  title: string;
  body: string;
  /** 0-based line of the entry's heading in the file it came from. */
  line: number;
}

export interface Decision extends Entry {
  date: string;
  status: DecisionStatus;
}

export interface ParsedDecision {
  file: string;
  number: number;
  title: string;
  date: string;
  status: DecisionStatus;
  supersededBy: number[];
}

export const DECISION_FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const ENTRY_HEADING = /^## (\d{4})(?:\s+[—–-]\s+|\s+)(.+?)\s*$/;
const pad = (n: number) => String(n).padStart(4, '0');

/** The `## NNNN — Title` entries of a decisions file, each with the text up to the next. */
export function splitEntries(text: string): Entry[] {
  const lines = text.split('\n');
  const entries: Entry[] = [];
  let current: { number: number; title: string; line: number; body: string[] } | undefined;
  const close = () => {
    if (current) entries.push({ ...current, body: `${current.body.join('\n').trim()}\n` });
  };
  lines.forEach((line, index) => {
    const heading = ENTRY_HEADING.exec(line);
    if (heading) {
      close();
      current = { number: Number(heading[1]), title: heading[2] as string, line: index, body: [] };
    } else current?.body.push(line);
  });
  close();
  return entries;
}

/** Whether an entry's own words, or a later entry's "Supersedes", say it was replaced. */
export function statusFromText(title: string, body: string, supersededByOthers: number[]): DecisionStatus {
  const inPart = [...body.matchAll(/Superseded in part by (\d{4})/gi)].map((m) => Number(m[1]));
  const whole = [
    ...[...title.matchAll(/superseded by (\d{4})/gi)].map((m) => Number(m[1])),
    ...[...body.matchAll(/\*Superseded by (\d{4})/gi)].map((m) => Number(m[1])),
    ...supersededByOthers,
  ];
  const unique = (ns: number[]) => [...new Set(ns)].sort((a, b) => a - b);
  if (whole.length) return { kind: 'superseded', by: unique(whole) };
  if (inPart.length) return { kind: 'superseded in part', by: unique(inPart) };
  return { kind: 'accepted', by: [] };
}

/** A short file name: the number and the title's words, without its "(issue N)" tag. */
export function decisionFileName(d: Pick<Entry, 'number' | 'title'>): string {
  const words = d.title
    .replace(/\((issues?|superseded)[^)]*\)/gi, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    if ((slug ? `${slug}-${word}` : word).length > 60) break;
    slug = slug ? `${slug}-${word}` : word;
  }
  return `${pad(d.number)}-${slug || 'decision'}.md`;
}

const statusText = (s: DecisionStatus) =>
  s.kind === 'accepted' ? 'accepted' : `${s.kind} by ${s.by.map(pad).join(', ')}`;

export function renderDecision(d: Decision): string {
  return `# ${pad(d.number)} — ${d.title}\n\n- Date: ${d.date}\n- Status: ${statusText(d.status)}\n\n${d.body}`;
}

/** Reads a decision file; throws with what is wrong with it. */
export function parseDecision(file: string, text: string): ParsedDecision {
  const heading = /^# (\d{4}) — (.+)\n\n- Date: (\d{4}-\d{2}-\d{2})\n- Status: (.+)\n/.exec(text);
  if (!heading)
    throw new Error('starts with "# NNNN — Title", a blank line, "- Date: YYYY-MM-DD" and "- Status: …"');
  const number = Number(heading[1]);
  if (file.slice(0, 4) !== heading[1]) throw new Error(`its heading says ${heading[1]}`);
  const status = /^(accepted|superseded|superseded in part)(?: by (\d{4}(?:, \d{4})*))?$/.exec(
    heading[4] as string,
  );
  if (!status || (status[1] === 'accepted') !== (status[2] === undefined)) {
    throw new Error(
      `status "${heading[4]}" is not "accepted", "superseded by NNNN" or "superseded in part by NNNN"`,
    );
  }
  const by = status[2]?.split(', ').map(Number) ?? [];
  return {
    file,
    number,
    title: heading[2] as string,
    date: heading[3] as string,
    status: { kind: status[1] as DecisionStatus['kind'], by },
    supersededBy: by,
  };
}

/** docs/decisions/README.md: every record in number order. */
export function indexOf(decisions: ParsedDecision[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = decisions.map(
    (d) =>
      `| [${pad(d.number)}](${d.file}) | ${cell(d.title)} | ${d.date} | ${d.status.kind} | ${d.supersededBy.map((n) => `[${pad(n)}](${decisions.find((o) => o.number === n)?.file ?? ''})`).join(', ')} |`,
  );
  return [
    '# Decision records',
    '',
    'One file a decision: what was decided, why, and what follows. Where the spec',
    '(`../shared/spec/product-spec.md`) is silent or says "not shown", the choice is recorded here.',
    'A new one: `npx tsx scripts/decisions.ts new "Title"` (the next number); this index is generated',
    '(`npx tsx scripts/decisions.ts index`) and checked by `npm run lint`. Numbers never change: a',
    '"decision 0490" in the code is the file whose name starts with 0490 here.',
    '',
    '| Number | Title | Date | Status | Superseded by |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
