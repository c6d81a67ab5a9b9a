// node --import tsx bench/page-profile.mjs — where a cold load of the signed-in journal spends its
// main thread (issue 25: Lighthouse's TBT). Starts the built app (npm run build first) on a data
// folder kept between runs (PROFILE_DATA, default /tmp/journal-page-profile: seeded once with TRACKS
// tracks), then loads PROFILE_PATH (default /) ROUNDS times in Chromium at a phone screen with the
// CPU slowed 4× (as Lighthouse simulates), and prints the long tasks and the functions with the most
// self time (V8's sampling profiler), summed over the rounds.
//   TRACKS=1000 ROUNDS=3 PROFILE_PATH=/ node --import tsx bench/page-profile.mjs
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { signInAsDemo } from '../src/test/server-process.ts';
import { launchChromium } from './lib/lcp.mjs';
import { startApp } from './lib/processes.mjs';
import { apiClient, seedEquipment, seedPlaylists, seedTracks } from './lib/seed.mjs';

const TRACKS = Number(process.env.TRACKS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PAGE = process.env.PROFILE_PATH ?? '/';
const INCLUSIVE = process.env.INCLUSIVE === '1';
const dataDir = process.env.PROFILE_DATA ?? '/tmp/journal-page-profile';
const seeded = existsSync(`${dataDir}/.seeded`);
mkdirSync(dataDir, { recursive: true });

const app = await startApp({ dataDir, env: {} });
try {
  // Each demo sign-in is a new person with a journal of their own: the seeded one is kept.
  const sessionFile = `${dataDir}/.session.json`;
  const session = seeded ? JSON.parse(readFileSync(sessionFile, 'utf8')) : await signInAsDemo(app.baseUrl);
  if (!seeded) {
    const api = apiClient(app.baseUrl, session);
    const tags = await seedEquipment(api);
    const ids = await seedTracks(api, tags, 0, TRACKS);
    await seedPlaylists(api, 50, ids);
    writeFileSync(sessionFile, JSON.stringify(session));
    writeFileSync(`${dataDir}/.seeded`, String(TRACKS));
  }
  const browser = await launchChromium();
  const selfTimes = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const [name, ...value] = session.cookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url: app.baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          window.__longTasks.push(`${Math.round(e.startTime)}+${Math.round(e.duration)}`);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__lcp = Math.round(e.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await cdp.send('Profiler.start');
    await page.goto(app.baseUrl + PAGE, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const { profile } = await cdp.send('Profiler.stop');
    if (process.env.DUMP) writeFileSync(`${process.env.DUMP}-${round}.cpuprofile`, JSON.stringify(profile));
    const { tasks, lcp } = await page.evaluate(() => ({ tasks: window.__longTasks, lcp: window.__lcp }));
    console.log(`round ${round + 1}: LCP ${lcp} ms; long tasks (start+ms): ${tasks.join(' ')}`);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parentOf = new Map();
    for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
    const label = ({ callFrame }) =>
      `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop() || '(native)'}:${callFrame.lineNumber}`;
    const deltas = profile.timeDeltas;
    profile.samples.forEach((id, i) => {
      const ms = (deltas[i] ?? 0) / 1000;
      if (!INCLUSIVE) {
        selfTimes.set(label(byId.get(id)), (selfTimes.get(label(byId.get(id))) ?? 0) + ms);
        return;
      }
      // INCLUSIVE=1: each function on the sampled stack counts the sample once.
      const seen = new Set();
      for (let node = id; node !== undefined; node = parentOf.get(node)) seen.add(label(byId.get(node)));
      for (const key of seen) selfTimes.set(key, (selfTimes.get(key) ?? 0) + ms);
    });
    await context.close();
  }
  const top = [...selfTimes].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40));
  console.log(`\n${INCLUSIVE ? 'inclusive' : 'self'} time over ${ROUNDS} rounds (ms, CPU ×4):`);
  for (const [key, ms] of top) console.log(`${ms.toFixed(0).padStart(7)}  ${key}`);
  await browser.close();
} finally {
  await app.stop();
}
