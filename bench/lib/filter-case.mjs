import { load, single } from './measure.mjs';

/**
 * The filtered first pages of journal-filter-<size>-1c (issue 23, decision 0270): each filter alone,
 * some together, in both sorts, including the worst cases (one match, or none, among every track:
 * the page walks the whole journal and the count reads it all), asked in turn by one connection.
 * No reference: the budget is absolute (p99).
 */
export function filterUrls(tags) {
  const today = new Date().toISOString().slice(0, 10);
  const filters = [
    'q=track%2001',
    'q=juno',
    'q=04217',
    `equipment=${tags[0].id},${tags[2].id}`,
    `equipment=${tags[1].id}&q=track%2002`,
    'visibility=private&state=ready',
    'format=wav',
    'format=flac',
    `from=${today}&to=${today}`,
    'dateField=created&from=2000-01-01',
  ];
  return filters.flatMap((f) =>
    ['dateUploaded', 'dateCreated'].map((sort) => `/api/tracks?sort=${sort}&${f}&limit=50`),
  );
}

export async function filterRow({ baseUrl, headers, tags, name, quick, say }) {
  say(name);
  const requests = filterUrls(tags).map((path) => ({ method: 'GET', path }));
  const run = () =>
    load({
      url: baseUrl,
      requests,
      headers,
      connections: 1,
      ...(quick ? { amount: 60 } : { duration: 10 }),
    }).figures.then((figures) => {
      if (figures.bad > 0 || figures.requests === 0)
        throw new Error(`${name}: ${figures.bad} of ${figures.requests} filtered pages failed`);
      return figures.p99;
    });
  return single(name, 'p99', run);
}
