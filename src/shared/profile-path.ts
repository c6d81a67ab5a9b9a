/**
 * Internal user ids (decision 0200): `u_` and 16 letters of RFC 4648 base32, made by the database.
 * Usernames may not take this shape (decision 0203), so `/profile/{x}` never has to guess.
 */
export const USER_ID_PATTERN = /^u_[a-z2-7]{16}$/;

/** Whether a username would read as a user id (any case: usernames are compared ignoring case). */
export const looksLikeUserId = (name: string) => USER_ID_PATTERN.test(name.toLowerCase());

/**
 * A person's public profile address (decision 0203): `/profile/{username}` when they have one,
 * else `/profile/{id}`. A username of only dots would be a `.`/`..` path segment, which browsers
 * resolve away, so those use the id.
 */
export function profilePath(user: { id: string; username?: string | null }): string {
  const username = user.username?.trim();
  const usable = username && !/^\.{1,2}$/.test(username);
  return `/profile/${encodeURIComponent(usable ? username : user.id)}`;
}
