export * from './collectives';
export * from './coordination';
export * from './equipment';
export * from './feedback';
export * from './playlists';
export * from './presence';
export * from './tracks';
export * from './users';
