-- wrk script for the Range cases of npm run bench: each request asks for 1 MiB at a random offset
-- of a file of RANGE_FILE_BYTES bytes (with BENCH_COOKIE, if set, as the session), and the end of
-- the run prints one line "WRK_JSON {...}" that bench/lib/wrk.mjs reads: bytes counted by wrk
-- itself (bodies and headers), so the rate is measured, not estimated from latencies; latencies per
-- connection (timing.lua: wrk runs one thread a connection).
local timing = dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "timing.lua")
local size = tonumber(os.getenv("RANGE_FILE_BYTES"))
local cookie = os.getenv("BENCH_COOKIE") or ""
local chunk = 1048576
local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
  thread:set("seed", #threads)
end

function init(args)
  -- Each thread its own sequence: the same offsets for app and reference, not the same per thread.
  math.randomseed(seed or 1)
end

function request()
  timing.mark("range")
  local offset = math.random(0, size - chunk - 1)
  local headers = { Range = "bytes=" .. offset .. "-" .. (offset + chunk - 1) }
  if cookie ~= "" then headers["Cookie"] = cookie end
  return wrk.format("GET", nil, headers)
end

function done(summary, latency, requests)
  timing.report(threads, { "range" }, summary)
end
