export * from './collectives';
export * from './equipment';
export * from './playlists';
export * from './presence';
export * from './tracks';
export * from './users';
