import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import {
  SPLIT_MIN_PART_SECONDS,
  SPLIT_POINTS_MAX,
  splitTrackBodySchema,
  splitTrackResultSchema,
  trackSplitProposalSchema,
} from '../../../shared/schemas/track-split';
import { userOf } from '../../plugins/auth-guard';
import { quotaOf } from './storage.service';
import { type SplitDeps, splitProposal, splitTrack } from './track-split.service';

export interface TrackSplitRoutesOptions extends Omit<SplitDeps, 'log'> {
  /** Bytes of audio each person may store; 0 = unlimited. */
  storageQuotaBytes: number;
}

const params = z.object({ id: idParam() });
const tags = ['tracks'];

/** Splitting a long recording into takes (issue 47): the owner's alone, 404 for anyone else. */
export async function trackSplitRoutes(fastify: FastifyInstance, opts: TrackSplitRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/tracks/:id/split',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Proposed split points of your long take',
        description:
          'The silences of 3 s or more the media job found in a take over 5 minutes, and their middles as proposed split points. 404 unless the track is yours.',
        tags,
        params,
        response: { 200: trackSplitProposalSchema },
      },
    },
    async (request) => splitProposal(opts.db, request.params.id, userOf(request).id),
  );

  app.post(
    '/api/tracks/:id/split',
    {
      preHandler: [app.requireUser, app.userRateLimit.upload],
      schema: {
        summary: 'Split your take into new tracks',
        description: `Cuts the take at \`points\` (seconds, 1 to ${SPLIT_POINTS_MAX}, each part at least ${SPLIT_MIN_PART_SECONDS} s) into new private tracks named "<name> – part N", with its notes and equipment, processed like uploads and counted toward your storage quota (413 when they do not fit). Packets are copied where the format allows, else the parts are FLAC. The original stays. 409 while the take's length is not known, or when it was already split at these points (every part is in your journal already). 404 unless the track is yours.`,
        tags,
        params,
        body: splitTrackBodySchema,
        response: { 201: splitTrackResultSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const result = await splitTrack(
        { ...opts, log: request.log },
        request.params.id,
        user.id,
        request.body.points,
        quotaOf(user, opts.storageQuotaBytes),
      );
      return reply.code(201).send(result);
    },
  );
}
