import './embed.css';
import { shareListensPath } from '../../shared/share-listens';
import { attachListenReporter, listenerId } from '../lib/listen-reporter';
import { loadEmbed, mountEmbed, showUnavailable } from './player';

/** A share link's embed (its `url` is `/s/{token}`) reports what it plays to the link's owner (decision 0721). */
const SHARE_URL = /^\/s\/([^/]+)$/;

// The embed page's entry (decision 0330): read the item this address names, then draw the player.
const root = document.getElementById('embed');
if (root) {
  loadEmbed(location.pathname).then(
    (data) => {
      const player = mountEmbed(root, data);
      const token = SHARE_URL.exec(data.url)?.[1];
      if (!token) return;
      const url = shareListensPath(token);
      attachListenReporter({
        audio: player.audio,
        listenerId: listenerId(),
        target: () => {
          const track = player.current();
          return track ? { url, trackId: track.id } : null;
        },
      });
    },
    () => showUnavailable(root),
  );
}
