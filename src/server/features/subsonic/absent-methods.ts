import type { SubsonicMethod } from './subsonic-context';
import { notFound, required, SubsonicCode, SubsonicError } from './subsonic-response';

/**
 * The methods of Subsonic 1.16.1 and OpenSubsonic for what Journal does not have (decision 0806):
 * podcasts, internet radio, jukebox, chat, videos, the server's user accounts, Subsonic shares, and
 * the OpenSubsonic extensions it does not declare. Each still answers in the envelope, so no client
 * meets a dead end: a list reads empty, a change is 50 as the caller's roles in getUser say (no
 * podcast, jukebox, share or admin role), and a thing asked for by id is 70 since none exists.
 */
const refused = (what: string): SubsonicMethod => {
  const message = `${what} ${what.endsWith('s') ? 'are' : 'is'} not offered by Journal`;
  return () => {
    throw new SubsonicError(SubsonicCode.notAuthorized, message);
  };
};

/** An extension not in getOpenSubsonicExtensions: clients that check do not call it. */
const undeclared = (extension: string): SubsonicMethod => {
  const message = `Journal does not offer the ${extension} extension`;
  return () => {
    throw new SubsonicError(SubsonicCode.generic, message);
  };
};

/** A thing asked for by `id` (10 without one), of a kind that has no items here. */
const noneById =
  (what: string, name = 'id'): SubsonicMethod =>
  ({ params }) => {
    required(params, name);
    throw notFound(what);
  };

const podcasts = refused('Podcasts');
const radio = refused('Internet radio stations');
const accounts = refused('Account management over Subsonic');
const shares = refused('Subsonic shares');

export const absentMethods: Record<string, SubsonicMethod> = {
  getPodcasts: () => ({ podcasts: { channel: [] } }),
  getNewestPodcasts: () => ({ newestPodcasts: { episode: [] } }),
  getPodcastEpisode: noneById('Podcast episode'),
  refreshPodcasts: podcasts,
  createPodcastChannel: podcasts,
  deletePodcastChannel: podcasts,
  deletePodcastEpisode: podcasts,
  downloadPodcastEpisode: podcasts,

  getInternetRadioStations: () => ({ internetRadioStations: { internetRadioStation: [] } }),
  createInternetRadioStation: radio,
  updateInternetRadioStation: radio,
  deleteInternetRadioStation: radio,

  jukeboxControl: refused('The jukebox'),

  getChatMessages: () => ({ chatMessages: { chatMessage: [] } }),
  addChatMessage: refused('Chat'),

  getVideos: () => ({ videos: { video: [] } }),
  getVideoInfo: noneById('Video'),
  getCaptions: noneById('Video'),
  'hls.m3u8': undeclared('HLS streaming'),

  // Accounts are Google sign-ins managed in the web app; app passwords are made in its settings.
  getUsers: accounts,
  createUser: accounts,
  updateUser: accounts,
  deleteUser: accounts,
  changePassword: accounts,

  // Journal's own share links are made in the web app (decision 0806): none is a Subsonic share.
  getShares: () => ({ shares: { share: [] } }),
  createShare: shares,
  updateShare: shares,
  deleteShare: shares,

  reportPlayback: undeclared('playbackReport'),
  getTranscodeDecision: undeclared('transcoding'),
  getTranscodeStream: undeclared('transcoding'),
  findSonicPath: undeclared('sonicSimilarity'),
  getSonicSimilarTracks: undeclared('sonicSimilarity'),
};
