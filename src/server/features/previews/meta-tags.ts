import type { Preview } from './previews.service';

/** What every page says when it has nothing of its own to say (and every private thing's page). */
export const SITE = {
  name: 'Journal',
  description: 'Journal: an experimental community platform for music lovers.',
};

/** Text for an HTML attribute or element: the five characters that could end either are escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const meta = (attr: 'property' | 'name', key: string, value: string | number) =>
  `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;

/** The site's own tags: nothing of the page's subject, so a private thing's name never shows. */
export function siteTags(publicUrl: string): { title: string; head: string } {
  const tags = [
    meta('property', 'og:site_name', SITE.name),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', SITE.name),
    meta('property', 'og:description', SITE.description),
    meta('property', 'og:url', `${publicUrl}/`),
    meta('name', 'description', SITE.description),
    meta('name', 'twitter:card', 'summary'),
  ];
  return { title: SITE.name, head: tags.join('\n    ') };
}

const OG_TYPE = { track: 'music.song', playlist: 'music.playlist', profile: 'profile' } as const;

/**
 * The tags of one public thing (issue 24): Open Graph, Twitter's card (a player for tracks) and the
 * oEmbed discovery link. Every value is escaped; every URL is absolute on PUBLIC_URL.
 */
export function previewTags(preview: Preview, publicUrl: string): { title: string; head: string } {
  const abs = (p: string) => `${publicUrl}${p}`;
  const url = abs(preview.path);
  const tags = [
    meta('property', 'og:site_name', SITE.name),
    meta('property', 'og:type', OG_TYPE[preview.kind]),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', url),
    meta('name', 'description', preview.description),
  ];
  if (preview.image) {
    tags.push(meta('property', 'og:image', abs(preview.image.path)));
    if (preview.image.width) tags.push(meta('property', 'og:image:width', preview.image.width));
    if (preview.image.height) tags.push(meta('property', 'og:image:height', preview.image.height));
    tags.push(meta('property', 'og:image:alt', `${preview.title}: waveform and title`));
  }
  if (preview.audio) {
    tags.push(meta('property', 'og:audio', abs(preview.audio.path)));
    tags.push(meta('property', 'og:audio:type', preview.audio.type));
  }
  if (preview.durationSeconds) tags.push(meta('property', 'music:duration', preview.durationSeconds));
  if (preview.author && preview.kind !== 'profile') {
    const key = preview.kind === 'track' ? 'music:musician' : 'music:creator';
    tags.push(meta('property', key, abs(preview.author.path)));
  }
  if (preview.kind === 'profile') tags.push(meta('property', 'profile:username', preview.title));
  if (preview.kind === 'track' && preview.embed) {
    tags.push(meta('name', 'twitter:card', 'player'));
    tags.push(meta('name', 'twitter:player', abs(preview.embed.path)));
    tags.push(meta('name', 'twitter:player:width', preview.embed.width));
    tags.push(meta('name', 'twitter:player:height', preview.embed.height));
  } else {
    tags.push(meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'));
  }
  tags.push(meta('name', 'twitter:title', preview.title));
  tags.push(meta('name', 'twitter:description', preview.description));
  if (preview.image) tags.push(meta('name', 'twitter:image', abs(preview.image.path)));
  tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  if (preview.embed) {
    const oembed = `${publicUrl}/api/oembed?url=${encodeURIComponent(url)}&format=json`;
    tags.push(
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}" title="${escapeHtml(preview.title)}" />`,
    );
  }
  const author = preview.author && preview.kind !== 'profile' ? ` by ${preview.author.name}` : '';
  return { title: `${preview.title}${author} · ${SITE.name}`, head: tags.join('\n    ') };
}

/**
 * The built index.html with a page's title and tags: the `<title>` replaced, the tags put before
 * `</head>` (the built page's own description meta is dropped, the tags carry one). A page without
 * a head (tests' minimal pages) gets them at the start.
 */
export function injectHead(html: string, page: { title: string; head: string }): string {
  const title = `<title>${escapeHtml(page.title)}</title>`;
  let out = html.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  out = /<title>[\s\S]*?<\/title>/i.test(out)
    ? out.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : out.replace(/<\/head>/i, () => `${title}\n  </head>`);
  const block = `${page.head}\n  `;
  if (/<\/head>/i.test(out)) return out.replace(/<\/head>/i, () => `${block}</head>`);
  return `${title}\n${block}${out}`;
}
