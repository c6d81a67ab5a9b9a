import './embed.css';
import { loadEmbed, mountEmbed, showUnavailable } from './player';

// The embed page's entry (decision 0330): read the item this address names, then draw the player.
const root = document.getElementById('embed');
if (root) {
  loadEmbed(location.pathname).then(
    (data) => mountEmbed(root, data),
    () => showUnavailable(root),
  );
}
