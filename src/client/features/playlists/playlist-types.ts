/** GET /api/playlists: the caller's own playlists (spec section 3). */
export interface Playlist {
  id: number;
  userId: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
}
