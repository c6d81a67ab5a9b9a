// Seeding through the real API, as a signed-in demo visitor would: uploads, equipment, playlists.
import { makeWav } from './wav.mjs';

const GEAR = ['Bench Mic SM57', 'Bench Synth Juno-60', 'Bench Interface 18i20', 'Bench Pedal Big Muff'];

/** Calls the app's API with the session; throws with the answer when the status is not expected. */
export function apiClient(baseUrl, { cookie, token }) {
  return async function api(method, url, body, expected = [200, 201]) {
    const headers = { cookie };
    if (method !== 'GET') headers['x-csrf-token'] = token;
    let payload = body;
    if (body !== undefined && !(body instanceof FormData)) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(baseUrl + url, { method, headers, body: payload });
    if (!expected.includes(res.status)) {
      const text = await res.text();
      const hint =
        res.status === 429 ? ' (the app is rate limiting: does it honour RATE_LIMIT_PER_MINUTE=0?)' : '';
      throw new Error(`${method} ${url} answered ${res.status}${hint}: ${text.slice(0, 300)}`);
    }
    return res.status === 204 ? undefined : res.json();
  };
}

/** Runs `task(i)` for i in [from, to) with `parallel` at a time. */
async function pool(from, to, parallel, task) {
  let next = from;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < to) await task(next++);
    }),
  );
}

export async function uploadWav(api, name, wav) {
  const form = new FormData();
  form.append('audio', new Blob([wav], { type: 'audio/wav' }), `${name}.wav`);
  return api('POST', '/api/tracks', form, [201]);
}

/** Equipment tags to put on the seeded tracks (found or created by name). */
export async function seedEquipment(api) {
  const tags = [];
  for (const name of GEAR) tags.push(await api('POST', '/api/equipment', { name }));
  return tags;
}

/** Uploads tracks numbered [from, to), each with one or two equipment tags; returns their ids. */
export async function seedTracks(api, tags, from, to) {
  const ids = [];
  const wav = makeWav(0.25, { seed: from });
  await pool(from, to, 4, async (i) => {
    const track = await uploadWav(api, `Bench track ${String(i).padStart(5, '0')}`, wav);
    ids.push(track.id);
    for (const tag of [tags[i % tags.length], ...(i % 3 === 0 ? [tags[(i + 1) % tags.length]] : [])]) {
      await api('POST', `/api/tracks/${track.id}/equipment`, { equipmentTagId: tag.id }, [200, 201]);
    }
  });
  return ids;
}

/** `count` playlists of up to 10 of the given tracks each. */
export async function seedPlaylists(api, count, trackIds) {
  await pool(0, count, 4, async (i) => {
    const playlist = await api('POST', '/api/playlists', { name: `Bench playlist ${i + 1}` });
    for (let k = 0; k < Math.min(10, trackIds.length); k++) {
      const trackId = trackIds[(i * 10 + k) % trackIds.length];
      await api('POST', `/api/playlists/${playlist.id}/tracks`, { trackId }, [200, 201]);
    }
  });
}
