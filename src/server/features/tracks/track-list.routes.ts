import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { trackListQuerySchema, trackPageSchema } from '../../../shared/schemas/track-list';
import { type TrackSort, trackSchema } from '../../../shared/schemas/tracks';
import {
  isFiltered,
  JOURNAL_PAGE_SIZE,
  TRACK_FILTER_PAGE_SIZE,
  WHOLE_JOURNAL_MAX_TRACKS,
} from '../../../shared/track-filter';
import type { Database } from '../../db/client';
import { runAsRoute, turnOfThisWork } from '../../db/route-shares';
import { userOf, userReadNow } from '../../plugins/auth-guard';
import { COMPRESS_THRESHOLD_BYTES } from '../../plugins/compression';
import { HttpError } from '../../plugins/errors';
import { JOURNAL_REVISION_HEADER, type JournalRevisions, revisionToken } from './journal-revisions';
import { type BigJournalFirstPage, firstJournalPage, journalExceeds, nextPageLink } from './track-list.big';
import {
  etagMatches,
  type ListEncoding,
  preferredEncoding,
  TrackListCache,
  type TrackListSource,
} from './track-list.cache';
import {
  ownFirstTracks,
  ownTrackRows,
  ownTracksById,
  ownTracksChangedSince,
  ownTrackVersions,
} from './track-list.changes';
import { countTracks } from './track-list.count';
import { TRACK_COUNT_CACHE_BYTES, TrackCountCache } from './track-list.count-cache';
import { FIRST_PAGE_CACHE_BYTES, FirstPageCache, type FirstPageSource } from './track-list.first-page';
import { type KeptCountsAt, ownTracksPageJson } from './track-list.page';
import { ownTracksJson } from './track-list.query';

/** GET /api/tracks: the journal, whole or in pages, and what keeps it fast (decisions 0084, 0900, 0909). */
export interface TrackListRoutesOptions {
  db: Database;
  /** Journal revisions held in memory, renewed by the database's announcements (issue 48). */
  revisions: JournalRevisions;
  /** Memory for whole journal lists kept as sent (decision 0084); 0 = none (and no kept counts or pages). */
  trackListCacheBytes: number;
  /** Memory for first pages' counts (decision 0900); TRACK_COUNT_CACHE_BYTES unless said. */
  trackCountCacheBytes?: number;
  /** Up to how many tracks the whole journal is one reply, and the page size beyond (issue 48). */
  wholeJournal?: { maxTracks: number; pageSize: number };
}

const tags = ['tracks'];
/** GET /api/tracks as route-shares names it: the route whose share of the pool the list's reads take. */
const LIST_ROUTE = 'GET /api/tracks';

export async function trackListRoutes(fastify: FastifyInstance, opts: TrackListRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const listCache = opts.trackListCacheBytes > 0 ? new TrackListCache(opts.trackListCacheBytes) : undefined;
  // First pages' counts, kept by the same revision as the list (decision 0900): on with it only, as
  // without the list cache no write's reply carries the revision token read-your-writes needs.
  const countCache = listCache && new TrackCountCache(opts.trackCountCacheBytes ?? TRACK_COUNT_CACHE_BYTES);
  // Unfiltered first pages, by the same revision (decision 0909): a big journal's list after a change.
  const firstPages = listCache && new FirstPageCache(FIRST_PAGE_CACHE_BYTES);
  const { revisions } = opts;
  /**
   * The owner's journal revision to answer at: the request's user row only when this request read
   * it (from the access cache, decision 0066, it may be seconds old, while the list must follow
   * every write, a job's too); else the revision held in memory, unless the client wrote since and
   * names a newer one (0490). Undefined: the person is gone.
   */
  const revisionFor = async (request: FastifyRequest, userId: string) =>
    userReadNow(request)?.journalRevision ??
    (await revisions.current(userId, revisionToken(request.headers[JOURNAL_REVISION_HEADER])));
  const listSource = (userId: string, sort: TrackSort): TrackListSource => ({
    all: () => ownTrackRows(db, userId, sort),
    changedSince: (since) => ownTracksChangedSince(db, userId, since),
    versions: (since) => ownTrackVersions(db, userId, sort, since),
    byId: (ids) => ownTracksById(db, userId, ids),
  });
  const firstPageSource = (userId: string, sort: TrackSort): FirstPageSource => ({
    first: async (size) => {
      const [rows, counts] = await Promise.all([
        ownFirstTracks(db, userId, sort, size),
        countTracks(db, userId, undefined, undefined),
      ]);
      return { rows, all: counts.all };
    },
    changedSince: (since) => ownTracksChangedSince(db, userId, since),
  });
  // Write-behind (decision 0908): a list held for the writer is brought to their write's revision
  // as the write's reply leaves, not when the list is next asked for, which a client does at once
  // after its own write (the list query's invalidation). A GET arriving meanwhile shares the read.
  // The held first pages the same way (decision 0916).
  const notRenewed = (err: Error) =>
    fastify.log.warn({ err: { message: err.message } }, 'Journal list not renewed after a write');
  // The renewal is the list's work, not the write's (decision 0942): run as the write's, its read
  // waited for the writer's route's share of the pool behind the person's other writes (25 edits of
  // one journal, each waiting for the owner's row). It keeps the write's place in the list route's
  // line of turns (route-turns.ts), ahead of the lists asked for after the write.
  revisions.onOwnWrite((userId, revision) =>
    runAsRoute(
      LIST_ROUTE,
      () => {
        listCache?.renew(userId, revision, (sort) => listSource(userId, sort), notRenewed);
        firstPages?.renew(userId, revision, (sort) => firstPageSource(userId, sort), notRenewed);
      },
      false,
      turnOfThisWork()?.order,
    ),
  );
  const whole = opts.wholeJournal ?? { maxTracks: WHOLE_JOURNAL_MAX_TRACKS, pageSize: JOURNAL_PAGE_SIZE };
  /**
   * `body`, compressed as Accept-Encoding allows by `encoded` (a copy kept per revision), or as it
   * is; @fastify/compress leaves an encoded reply alone. Without `encoded`, @fastify/compress decides.
   */
  const sendKept = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: Buffer | string,
    encoded?: (encoding: ListEncoding) => Promise<Buffer>,
  ) => {
    if (!encoded) return reply.send(body);
    reply.header('Vary', 'Accept-Encoding');
    const encoding =
      body.length >= COMPRESS_THRESHOLD_BYTES && request.headers['x-no-compression'] === undefined
        ? preferredEncoding(request.headers['accept-encoding'])
        : undefined;
    if (!encoding) return reply.send(body);
    return reply.header('Content-Encoding', encoding).send(await encoded(encoding));
  };
  /** A journal above whole.maxTracks: its first page as the array, a Link to the rest. */
  const sendFirstPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    sort: TrackSort,
    first: BigJournalFirstPage,
  ) => {
    if (first.nextCursor) reply.header('Link', nextPageLink(sort, whole.pageSize, first.nextCursor));
    reply.header('Cache-Control', 'private, no-cache');
    return sendKept(request, reply, first.json, first.encoded);
  };
  /**
   * A big journal's first page at `revision`, held and patched as the pages of a limit are
   * (decision 0909); undefined once the journal is no longer above the bound (then forgotten).
   */
  const heldFirstPage = async (userId: string, sort: TrackSort, revision: number) => {
    if (!firstPages) return undefined;
    const source = firstPageSource(userId, sort);
    const first = await firstPages.page(userId, sort, whole.pageSize, revision, source, 'array');
    if (first.all > whole.maxTracks)
      return {
        json: first.body,
        nextCursor: first.nextCursor,
        encoded: (encoding: ListEncoding) => firstPages.encoded(first, encoding),
      };
    firstPages.forget(userId, sort, whole.pageSize, 'array');
    return undefined;
  };

  app.get(
    '/api/tracks',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'List your journal',
        description:
          'Without `limit` and filter: every track, as an array (ETag, 304 while unchanged; send back the `x-journal-revision` header of your last write\'s reply to be answered a list that includes it, whichever server answers), up to 5,000 tracks; a bigger journal sends its first 1,000 as the array with a `Link: <…>; rel="next"` header to the rest, in pages (issue 48). With `limit` or any filter (`q`, `equipment`, `visibility`, `state`, `format`, `from`, `to`): one page of the matching tracks (100 unless `limit` says) and the cursor of the next; a first page also counts the matching tracks (`total`) and all of them (`all`); past 1,000 matches `total` is 1,000 and `totalCapped` is true (the count stops there). The counts are kept per journal revision: send back the `x-journal-revision` header here too, so that they include your last write whichever server answers.',
        tags,
        querystring: trackListQuerySchema,
        response: { 200: z.union([z.array(trackSchema), trackPageSchema]) },
      },
    },
    async (request, reply) => {
      const { sort, limit, cursor, ...filter } = request.query;
      const userId = userOf(request).id;
      // A filter answers pages (decision 0270): the whole list stays the unfiltered journal's.
      const pageSize = limit ?? (isFiltered(filter) ? TRACK_FILTER_PAGE_SIZE : undefined);
      // The zod schema above still documents the reply; a plain FastifyReply takes the ready text.
      const raw = (reply as FastifyReply).type('application/json; charset=utf-8');
      if (pageSize === undefined && listCache) {
        // The whole list, from memory while the owner's journal revision is unchanged (decision 0084).
        const revision = await revisionFor(request, userId);
        if (revision === undefined) throw new HttpError(401, 'Not signed in');
        // A journal held whole was small (it is dropped below once it is not): no count, and a
        // change costs one read of what changed. Else it is counted up to the bound first, so a big
        // one is never read whole, unless its first page is held: patching that reads the count.
        if (
          !listCache.holds(userId, sort) &&
          (firstPages?.holds(userId, sort, whole.pageSize, 'array') ||
            (await journalExceeds(db, userId, whole.maxTracks)))
        ) {
          const first = await heldFirstPage(userId, sort, revision);
          if (first) return sendFirstPage(request, raw, sort, first);
        }
        const list = await listCache.list(
          userId,
          sort,
          revision,
          listSource(userId, sort),
          revisionToken(request.headers[JOURNAL_REVISION_HEADER]),
        );
        // Its memory is not reused for a later list while this reply may still send it (0914).
        listCache.lend(list, reply.raw);
        // Grown past the bound since it was held or counted (an import, a bulk copy): pages now.
        if (list.rows.length > whole.maxTracks) {
          listCache.forget(userId, sort);
          const first = await heldFirstPage(userId, sort, revision);
          if (first) return sendFirstPage(request, raw, sort, first);
        }
        // no-cache: a browser keeps the list but asks each time, and hears 304 while it is current.
        raw
          .header('ETag', list.etag)
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', 'Accept-Encoding');
        if (etagMatches(request.headers['if-none-match'], list.etag)) return raw.code(304).send();
        // Compressed once per revision and kept.
        return sendKept(request, raw, list.body, (encoding) => listCache.encoded(list, encoding));
      }
      if (pageSize === undefined && (await journalExceeds(db, userId, whole.maxTracks))) {
        return sendFirstPage(request, raw, sort, await firstJournalPage(db, userId, sort, whole.pageSize));
      }
      if (pageSize === undefined) return raw.send(await ownTracksJson(db, userId, sort));
      if (firstPages && cursor === undefined && !isFiltered(filter)) {
        const revision = await revisionFor(request, userId);
        if (revision === undefined) throw new HttpError(401, 'Not signed in');
        const first = await firstPages.page(userId, sort, pageSize, revision, firstPageSource(userId, sort));
        return sendKept(request, raw, first.body, (encoding) => firstPages.encoded(first, encoding));
      }
      // A first page's counts, kept at the revision taken now, before anything is read (0900).
      let kept: KeptCountsAt | undefined;
      if (countCache && cursor === undefined) {
        const revision = await revisionFor(request, userId);
        if (revision === undefined) throw new HttpError(401, 'Not signed in');
        kept = { cache: countCache, revision };
      }
      // Written whole by the query (decision 0063): a JSON string is sent as it is, not re-serialised.
      return raw.send(await ownTracksPageJson(db, userId, sort, pageSize, cursor, filter, kept));
    },
  );
}
