// The player bar's public surface (decision 0467): the app's shell and the public frame show it.
export { PlayerBar } from './player-bar';
