import { SongPlan, fingerprintItems, fingerprintHashes } from '../bench/lib/seed-prints.mjs';
const N = +(process.argv[2] ?? 20000);
const plan = new SongPlan(N + 2000);
const hashes = []; const songs = [];
const items = fingerprintItems(180);
const buf = new Uint32Array(items);
for (let j = 1; j <= N + 1000; j++) { plan.plan(j, 1); plan.fill(j, items, buf, 0); hashes.push(new Int32Array(fingerprintHashes(buf))); songs.push(plan.song[j]); }
// journal = first N takes; uploads = the next 1000
const df = new Map();
for (let t = 0; t < N; t++) for (const k of hashes[t]) df.set(k, (df.get(k) ?? 0) + 1);
const sortedDf = [...df.values()].sort((a,b)=>b-a);
console.log('distinct keys', df.size, 'top df', sortedDf.slice(0,5).map(x=>(x/N).toFixed(3)), 'df at rank 1000', sortedDf[1000]/N);
// inverted index
const inv = new Map();
for (let t = 0; t < N; t++) for (const k of hashes[t]) { let l = inv.get(k); if (!l) inv.set(k, l = []); l.push(t); }
const mce = new Map(sortedDf.length ? [...df.entries()].sort((a,b)=>b[1]-a[1]).slice(0,1000) : []);
const mceMin = Math.min(...mce.values());
// sample of last S takes
const S = 500; const sdf = new Map();
for (let t = N - S; t < N; t++) for (const k of hashes[t]) sdf.set(k, (sdf.get(k) ?? 0) + 1);
function run(name, est, budget, cap) {
  let found = 0, retakes = 0, cand = 0, maxCand = 0, postings = 0;
  for (let u = N-1000; u < N; u++) {
    const song = songs[u];
    const sources = []; for (let t = Math.max(0,u-400); t < N; t++) if (t!==u && songs[t] === song) sources.push(t);
    const keys = [...hashes[u]].map(k => [k, est(k)]).sort((a,b)=>a[1]-b[1] || ((a[0]*2654435761)>>>0)-((b[0]*2654435761)>>>0));
    const kept = []; let sum = 0;
    for (const [k, f] of keys) { if (kept.length >= cap || sum + f > budget) break; kept.push(k); sum += f; }
    const counts = new Map();
    for (const k of kept) for (const t of inv.get(k) ?? []) { if (t===u) continue; postings++; counts.set(t, (counts.get(t) ?? 0) + 1); }
    cand += counts.size; maxCand = Math.max(maxCand, counts.size);
    if (sources.length) { retakes++; const top = [...counts.entries()].sort((a,b)=>b[1]-a[1]||b[0]-a[0]).slice(0,20).map(x=>x[0]); if (sources.some(s=>top.includes(s))) found++; }
  }
  console.log(name, `budget=${budget} cap=${cap}`, 'recall', (found/retakes).toFixed(3), `(${retakes})`, 'avg cand', (cand/1000).toFixed(0), 'max', maxCand, 'avg postings', (postings/1000).toFixed(0));
}
const exact = k => (df.get(k) ?? 0) / N;
const sample = k => (sdf.get(k) ?? 0) / S;
const mceEst = k => mce.has(k) ? mce.get(k)/N : 0;
run('all keys', () => 0, Infinity, 1e9);
for (const b of [0.005, 0.02, 0.1]) for (const cap of [50, 200, 1000]) { run('exact', exact, b, cap); run('sample500', sample, b, cap); run('mce1000', mceEst, b, cap); }
