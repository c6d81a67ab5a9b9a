// Expected instance-wide holders of each key of a take, under the seed's level model, at T takes.
const P = [9/16, 4/16, 2/16, 1/16];
const T = +(process.argv[2] ?? 1e6), ITEMS = 948;
let rnd = 12345; const r = () => (rnd = (Math.imul(rnd, 1103515245) + 12345) >>> 0) / 4294967296;
const level = () => { const x = r(); return x < 9/16 ? 0 : x < 13/16 ? 1 : x < 15/16 ? 2 : 3; };
for (let trial = 0; trial < 5; trial++) {
  const counts = [];
  for (let i = 0; i < ITEMS; i++) { let p = 1; for (let c = 0; c < 10; c++) p *= P[level()]; counts.push(T * ITEMS * p); }
  counts.sort((a, b) => a - b);
  let sum = 0, k = 0; while (k < 64 && sum + counts[k] <= 1000) sum += counts[k++];
  console.log(`T=${T}: keys within 1000 postings: ${k}; rarest ${counts.slice(0,5).map(x=>x.toFixed(2))}; 64th ${counts[63].toFixed(1)}; median ${counts[474].toFixed(0)}`);
}
