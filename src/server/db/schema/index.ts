export * from './collectives';
export * from './equipment';
export * from './playlists';
export * from './tracks';
export * from './users';
