-- Latency per connection for the wrk scripts of npm run bench (bench/lib/wrk.mjs, decision 0485).
-- wrk is run with one thread per connection, so a thread's request() calls follow each other: the
-- gap between two calls is the previous request's time (its answer read to the end, plus wrk's own
-- turn), measured here with CLOCK_MONOTONIC in microseconds. wrk's built-in latency histogram is not
-- used: on this machine's build its mean times its request count came to more than the run's
-- length at one connection, which no real latency can.
local ffi = require("ffi")
ffi.cdef([[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock, bench_timespec *ts);
]])
local CLOCK_MONOTONIC = 1
local ts = ffi.new("bench_timespec")

local timing = {}

function timing.now()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
  return tonumber(ts.tv_sec) * 1e6 + tonumber(ts.tv_nsec) / 1e3
end

-- In a thread: the time since the previous mark goes to the samples of `label` (the previous
-- request's step). The first gap is dropped: wrk asks the first thread for one request before the
-- run, to check it, and never sends it; elsewhere the first gap holds the connection's setup.
-- Samples live in globals samples_<label>, flat arrays, which wrk's thread:get() copies to done().
local last
local marks = 0
function timing.mark(label)
  local now = timing.now()
  marks = marks + 1
  if marks > 2 and label then
    local name = "samples_" .. label
    local samples = _G[name]
    if not samples then
      samples = {}
      _G[name] = samples
    end
    samples[#samples + 1] = now - last
  end
  last = now
end

-- In done(): every thread's samples of each label merged, sorted, and summed up as nearest-rank
-- percentiles (µs), printed on one line "WRK_JSON {...}" with wrk's own counts.
function timing.report(threads, labels, summary)
  local parts = {}
  for _, label in ipairs(labels) do
    local all = {}
    for _, thread in ipairs(threads) do
      local samples = thread:get("samples_" .. label)
      if samples then
        for i = 1, #samples do all[#all + 1] = samples[i] end
      end
    end
    table.sort(all)
    local n = #all
    local function pct(p)
      if n == 0 then return 0 end
      return all[math.max(1, math.ceil(p / 100 * n))]
    end
    parts[#parts + 1] = string.format('"%s":{"n":%d,"p50":%.1f,"p90":%.1f,"p99":%.1f,"max":%.1f}',
      label, n, pct(50), pct(90), pct(99), n > 0 and all[n] or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"bytes":%d,"durationUs":%d,"requests":%d,"bad":%d,"steps":{%s}}\n',
    summary.bytes, summary.duration, summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout, table.concat(parts, ",")))
end

return timing
