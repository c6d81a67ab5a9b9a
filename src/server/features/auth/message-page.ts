const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A small standalone HTML page for answers that land in the browser outside the app (OIDC). */
export function messagePage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Journal</title>
<style>body{font-family:system-ui,sans-serif;background:#0f0f14;color:#ececf1;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:28rem;padding:2rem;border:1px solid #2a2a35;border-radius:1rem;background:#17171f}
h1{font-size:1.25rem;margin:0 0 .75rem}p{color:#b4b4c0;line-height:1.5}a{color:#a78bfa}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to Journal</a></p></main></body></html>`;
}
