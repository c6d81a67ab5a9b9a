import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { demoExpiryCutoff } from './demo.policy';

/**
 * Demo visitors are named like "Amber Theremin" instead of all being "Demo User" (issue 23,
 * decision 0285): three visitors in one collective must be told apart in the members list,
 * comments and presence. 40 × 40 = 1,600 names, more than the 1,000 live demo accounts allowed
 * (decision 0029), so a free one is nearly always found in a few tries.
 */
export const DEMO_FIRST_NAMES = [
  'Amber',
  'Azure',
  'Brass',
  'Cedar',
  'Cobalt',
  'Copper',
  'Coral',
  'Crimson',
  'Dusky',
  'Ember',
  'Fern',
  'Frost',
  'Golden',
  'Hazel',
  'Indigo',
  'Ivory',
  'Jade',
  'Juniper',
  'Lilac',
  'Linen',
  'Lunar',
  'Maple',
  'Mint',
  'Misty',
  'Ochre',
  'Olive',
  'Opal',
  'Pearl',
  'Plum',
  'Quartz',
  'Rust',
  'Saffron',
  'Sage',
  'Scarlet',
  'Silver',
  'Slate',
  'Solar',
  'Teal',
  'Velvet',
  'Willow',
] as const;

export const DEMO_LAST_NAMES = [
  'Accordion',
  'Banjo',
  'Bassoon',
  'Bongo',
  'Cello',
  'Celesta',
  'Clarinet',
  'Cymbal',
  'Didgeridoo',
  'Dulcimer',
  'Fiddle',
  'Flugelhorn',
  'Glockenspiel',
  'Gong',
  'Guitar',
  'Harmonica',
  'Harp',
  'Harpsichord',
  'Kalimba',
  'Kazoo',
  'Koto',
  'Lute',
  'Mandolin',
  'Marimba',
  'Mellotron',
  'Oboe',
  'Ocarina',
  'Piccolo',
  'Sitar',
  'Tabla',
  'Tambourine',
  'Theremin',
  'Timpani',
  'Triangle',
  'Trombone',
  'Trumpet',
  'Tuba',
  'Ukulele',
  'Vibraphone',
  'Zither',
] as const;

const TRIES = 8;

export interface DemoName {
  firstName: string;
  lastName: string;
}

type Pick = (size: number) => number;
const randomIndex: Pick = (size) => Math.floor(Math.random() * size);

/**
 * A name no live demo account holds. After a few taken names in a row (nearly all 1,600 in use),
 * a number makes it distinct: "Amber Theremin 2". Two visitors racing may still get the same name;
 * that is harmless (names are not unique for real people either), just less friendly.
 */
export async function freeDemoName(
  db: Database,
  ttlHours: number,
  pick: Pick = randomIndex,
): Promise<DemoName> {
  let candidate: DemoName = { firstName: 'Demo', lastName: 'User' };
  for (let attempt = 0; attempt < TRIES; attempt++) {
    candidate = {
      firstName: DEMO_FIRST_NAMES[pick(DEMO_FIRST_NAMES.length)] ?? 'Demo',
      lastName: DEMO_LAST_NAMES[pick(DEMO_LAST_NAMES.length)] ?? 'User',
    };
    if (!(await liveDemoHolds(db, ttlHours, candidate))) return candidate;
  }
  for (let n = 2; ; n++) {
    const numbered = { ...candidate, lastName: `${candidate.lastName} ${n}` };
    if (!(await liveDemoHolds(db, ttlHours, numbered))) return numbered;
  }
}

async function liveDemoHolds(db: Database, ttlHours: number, name: DemoName): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isDemo, true),
        eq(users.firstName, name.firstName),
        eq(users.lastName, name.lastName),
        gt(users.createdAt, demoExpiryCutoff(ttlHours)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
