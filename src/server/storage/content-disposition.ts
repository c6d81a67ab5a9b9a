/**
 * `attachment` with the file name as RFC 6266 asks: a plain-ASCII `filename` for old clients and
 * the exact name, UTF-8 and percent-encoded (RFC 5987), in `filename*`, which every current browser
 * prefers. Quotes, backslashes and control characters never reach the header as they are.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
