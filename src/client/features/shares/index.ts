// The shares feature's public surface (decision 0467): what other features may use.
export { LazyShareDialog } from './lazy-share-dialog';
