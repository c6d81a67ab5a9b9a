import { all, type Call, type MethodRow } from './build';

/**
 * What Journal does not have (absent-methods.ts, decision 0806): lists read empty, changes are 50
 * for everyone, things by id are 70, undeclared extensions 0. None writes.
 */
const everyone = (
  label: string,
  outcome: Call['expect'],
  params: Record<string, string> = {},
): MethodRow => ({
  writes: false,
  calls: [{ label, params: () => params, expect: outcome }],
});
const empty = (): MethodRow => ({ writes: false, calls: [all('an empty list')] });
const refused = (params: Record<string, string> = {}) => everyone('refused', 50, params);
const noneById = () => everyone('no such item', 70, { id: '1' });
const undeclared = () => everyone('an undeclared extension', 0);

export const ABSENT_ROWS: Record<string, MethodRow> = {
  getPodcasts: empty(),
  getNewestPodcasts: empty(),
  getPodcastEpisode: noneById(),
  refreshPodcasts: refused(),
  createPodcastChannel: refused({ url: 'https://example.org/feed.xml' }),
  deletePodcastChannel: refused({ id: '1' }),
  deletePodcastEpisode: refused({ id: '1' }),
  downloadPodcastEpisode: refused({ id: '1' }),
  getInternetRadioStations: empty(),
  createInternetRadioStation: refused({ streamUrl: 'https://example.org/live', name: 'Live' }),
  updateInternetRadioStation: refused({ id: '1', streamUrl: 'https://example.org/live', name: 'Live' }),
  deleteInternetRadioStation: refused({ id: '1' }),
  jukeboxControl: refused({ action: 'status' }),
  getChatMessages: empty(),
  addChatMessage: refused({ message: 'Hello' }),
  getVideos: empty(),
  getVideoInfo: noneById(),
  getCaptions: noneById(),
  'hls.m3u8': undeclared(),
  getUsers: refused(),
  createUser: refused({ username: 'new', password: 'secret', email: 'new@example.org' }),
  updateUser: refused({ username: 'new' }),
  deleteUser: refused({ username: 'new' }),
  changePassword: refused({ username: 'new', password: 'secret' }),
  getShares: empty(),
  createShare: refused({ id: '1' }),
  updateShare: refused({ id: '1' }),
  deleteShare: refused({ id: '1' }),
  reportPlayback: undeclared(),
  getTranscodeDecision: undeclared(),
  getTranscodeStream: undeclared(),
  findSonicPath: undeclared(),
  getSonicSimilarTracks: undeclared(),
};
