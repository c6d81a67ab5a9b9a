import { type SQL, sql } from 'drizzle-orm';
import { KEY_ORDER } from '../../../shared/musical-keys';
import { BPM_LIMITS } from '../../../shared/take-tempo-key';

/** A real as JavaScript reads it (see track-list.query.ts, whose realJson this is). */
const realJson = (column: SQL) => sql`(${column})::text::float8`;

/**
 * Tempo and key as shared/take-tempo-key.ts shows them (decision 0820), in the same IEEE steps:
 * the tempo in tenths is floor(x·10 + 0.5), half time floor(tenths/2 + 0.5), double time tenths·2.
 */
const shownBpm = sql`coalesce(${realJson(sql`t.owner_bpm`)}, ${realJson(sql`t.bpm`)})`;
const bpmTenths = sql`floor(${shownBpm} * 10 + 0.5)`;
/** The shown tempo in tenths (a whole float8): the tempo order's key, exact in a cursor. */
export const bpmTenthsSql = bpmTenths;
/** The tempo the track shows, to the tenth: what the filter and the tempo order read too. */
export const shownBpmSql = sql`(${bpmTenths} / 10)`;
export const shownKeySql = sql`coalesce(t.owner_key, t.musical_key)`;
// Constants written into the text, so the prepared list statements carry no extra parameters.
const keyOrder = sql.raw(`array[${KEY_ORDER.map((key) => `'${key}'`).join(', ')}]::text[]`);
/** The shown key's place in shared KEY_ORDER (0 = C major), null without one: the key order's key. */
export const keyIndexSql = sql`(array_position(${keyOrder}, ${shownKeySql}) - 1)`;
const alternativesRange = sql.raw(`${BPM_LIMITS.alternativesMin} and ${BPM_LIMITS.alternativesMax}`);
const within = (value: SQL) => sql`case when ${value} between ${alternativesRange} then ${value} end`;
export const tempoKeyColumns = sql`${shownBpmSql} as "bpm",
    case when t.owner_bpm is null and t.bpm is not null then ${realJson(sql`t.bpm_confidence`)} end as "bpmConfidence",
    t.owner_bpm is not null as "bpmEdited",
    coalesce(array_to_json(array_remove(array[
      ${within(sql`floor(${bpmTenths} / 2 + 0.5) / 10`)}, ${within(sql`${bpmTenths} * 2 / 10`)}
    ], null)), '[]') as "bpmAlternatives",
    ${shownKeySql} as "musicalKey",
    case when t.owner_key is null and t.musical_key is not null then ${realJson(sql`t.key_confidence`)} end as "keyConfidence",
    t.owner_key is not null as "keyEdited"`;
