// Issue 43's case: a comparison's switch latency in Chromium (compare-switch-p95). The app side is
// the real comparison panel (journal → More options → Compare versions, then X); the reference is a
// bare page on the same origin with the same two <audio> elements playing the same streams through
// the same Web Audio graph, whose X does nothing but schedule the same crossfade. Both measure alike:
// the press (the key event's timeStamp) put on the audio clock through getOutputTimestamp(), to the
// crossfade's start (currentTime when scheduled), so output buffering counts: press → heard.

import { launchChromium } from './lcp.mjs';
import { pair } from './measure.mjs';
import { makeWav } from './wav.mjs';

const REFERENCE_PATH = '/__bench/compare-reference';

/** The reference page: two elements, level and fade gains, a master; X crossfades in 15 ms. */
const referenceHtml = (urls) => `<!doctype html><html lang="en"><head><title>Reference A/B</title></head>
<body><button id="play">Play</button><script>
const ctx = new AudioContext({ latencyHint: 'interactive' });
const master = ctx.createGain(); master.connect(ctx.destination);
const slots = ${JSON.stringify(urls)}.map((src, i) => {
  const el = new Audio(src); el.preload = 'auto';
  const level = ctx.createGain(); const fade = ctx.createGain(); fade.gain.value = i === 0 ? 1 : 0;
  ctx.createMediaElementSource(el).connect(level).connect(fade).connect(master);
  return { el, fade };
});
let heard = 0; window.__latencies = [];
const pressOnAudioClock = (ms) => {
  const s = ctx.getOutputTimestamp?.();
  return s?.contextTime && s.performanceTime ? s.contextTime + (ms - s.performanceTime) / 1000
    : ctx.currentTime - Math.max(0, performance.now() - ms) / 1000;
};
document.getElementById('play').onclick = async () => { await ctx.resume(); for (const s of slots) await s.el.play(); };
addEventListener('keydown', (e) => {
  if (e.key !== 'x') return;
  const now = ctx.currentTime, end = now + 0.015, from = slots[heard], to = slots[1 - heard];
  for (const [p, v] of [[from.fade.gain, 0], [to.fade.gain, 1]]) {
    p.cancelScheduledValues(now); p.setValueAtTime(p.value, now); p.linearRampToValueAtTime(v, end);
  }
  heard = 1 - heard;
  window.__latencies.push((now - pressOnAudioClock(e.timeStamp)) * 1000);
});
</script></body></html>`;

const p95 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
};

/** Presses X `presses` times, `gapMs` apart, reading each switch's latency with `read`. */
async function pressAndRead(page, presses, gapMs, read) {
  const latencies = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('x');
    await page.waitForTimeout(gapMs);
    latencies.push(await read());
  }
  return latencies;
}

/** Uploads a 2-minute WAV as a track named `name`; its id. */
async function uploadTake(api, name, seed) {
  const form = new FormData();
  form.append('name', name);
  form.append('audio', new Blob([makeWav(120, { rate: 44100, seed })], { type: 'audio/wav' }), `${name}.wav`);
  return (await api('POST', '/api/tracks', form, [201])).id;
}

/**
 * compare-switch-p95: p95 of `presses` switches a run, app against the bare page, three rounds each.
 * Two takes (WAVs, which browsers play as uploaded: the bench's app processes nothing,
 * MEDIA_WORKERS=0) compared from the journal's bulk bar.
 */
export async function compareSwitchRow({ api, baseUrl, cookie, name, presses, say }) {
  say(`${name}: uploading two takes`);
  const names = ['Bench compare A', 'Bench compare B'];
  const ids = [await uploadTake(api, names[0], 3), await uploadTake(api, names[1], 9)];
  const urls = [];
  for (const id of ids) urls.push((await api('GET', `/api/tracks/${id}/versions`))[0]?.streamUrl);
  if (!urls.every(Boolean)) throw new Error(`${name}: a take has no stream yet: ${JSON.stringify(urls)}`);

  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [cookieName, ...value] = cookie.split('=');
  await context.addCookies([{ name: cookieName, value: value.join('='), url: baseUrl }]);
  await context.route(`${baseUrl}${REFERENCE_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: referenceHtml(urls) }),
  );
  const app = await context.newPage();
  const reference = await context.newPage();
  try {
    say(`${name}: opening the comparison`);
    await app.goto(`${baseUrl}/`);
    for (const take of names) await app.getByRole('checkbox', { name: `Select ${take}` }).check();
    await app
      .getByRole('region', { name: 'Selected tracks' })
      .getByRole('button', { name: 'Compare' })
      .click();
    await app.getByRole('button', { name: 'Play comparison' }).click();
    await app.waitForFunction(() => (window.__journalCompare?.snapshot().slots.A.time ?? 0) > 0.5, null, {
      timeout: 30_000,
    });
    await reference.goto(`${baseUrl}${REFERENCE_PATH}`);
    await reference.getByRole('button', { name: 'Play' }).click();

    const appLatency = () =>
      app.evaluate(() => {
        const s = window.__journalCompare?.snapshot().lastSwitch;
        return s ? (s.rampStartAt - s.pressedAt) * 1000 : Number.NaN;
      });
    const referenceLatency = () => reference.evaluate(() => window.__latencies.at(-1) ?? Number.NaN);
    return await pair(
      name,
      'p95',
      async (side) => {
        const page = side === 'app' ? app : reference;
        await page.bringToFront();
        const values = await pressAndRead(page, presses, 120, side === 'app' ? appLatency : referenceLatency);
        const good = values.filter(Number.isFinite).sort((a, b) => a - b);
        return {
          requests: values.length,
          bad: values.length - good.length,
          p95: p95(good),
          p50: good[Math.floor(good.length / 2)],
          max: good.at(-1),
        };
      },
      {
        reference: 'bare Web Audio page',
        details: [
          { key: 'p50', label: 'switch p50', unit: 'ms' },
          { key: 'max', label: 'switch max', unit: 'ms' },
        ],
      },
    );
  } finally {
    await browser.close();
    for (const id of ids) await api('DELETE', `/api/tracks/${id}`, undefined, [200, 204]);
  }
}
