/** Where a link's own API lives: its media, guest routes and cookies are all under this path. */
export const byTokenBase = (token: string) => `/api/shares/by-token/${encodeURIComponent(token)}`;
