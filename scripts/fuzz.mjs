#!/usr/bin/env node
// `npm run fuzz`: the route fuzz test (src/server/routes.fuzz.test.ts) as a long run. `npm test`
// runs it with a small budget and a fixed seed; this runs FUZZ_RUNS generated requests per route
// (default 300) with a random seed, printed first so a failure can be replayed:
//   FUZZ_SEED=123 FUZZ_RUNS=300 npm run fuzz
// On PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run fuzz
import { banner, run } from './steps.mjs';

const runs = process.env.FUZZ_RUNS || '300';
const seed = process.env.FUZZ_SEED || String(Math.floor(Math.random() * 2 ** 31));
banner(`route fuzz: ${runs} runs per route, seed ${seed}`);
console.log(`replay with: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`);
const code = await run('vitest', ['run', 'src/server/routes.fuzz.test.ts'], {
  FUZZ_RUNS: runs,
  FUZZ_SEED: seed,
});
console.log(`route fuzz seed was ${seed}`);
process.exit(code);
