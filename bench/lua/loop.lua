-- wrk script for the latency cases of npm run bench (bench/lib/wrk.mjs, decision 0485): each
-- connection (one wrk thread) loops over BENCH_STEPS, comma-separated:
--   get    GET the next path of BENCH_PATHS_FILE (one a line; default: the URL's own path)
--   patch  PATCH /api/tracks/<id> of the next id of BENCH_IDS_FILE with new notes, as the journal's
--          edit form does: JSON, the session cookie and its CSRF header
-- Connections take the paths and ids in turn (connection i of n: items i, i + n, i + 2n…), so at
-- any time each edits a track of its own. BENCH_COOKIE, BENCH_CSRF: the session; BENCH_TAG makes
-- the notes of this run unlike any earlier one (each PATCH is a real change). BENCH_ACCEPT_ENCODING,
-- when set, goes on every GET as a browser's Accept-Encoding. Each step's latency is printed apart
-- (timing.lua).
local timing = dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "timing.lua")

local function lines(file)
  local list = {}
  if file and file ~= "" then
    for line in io.lines(file) do
      if line ~= "" then list[#list + 1] = line end
    end
  end
  return list
end

local function split(text)
  local list = {}
  for item in string.gmatch(text, "[^,]+") do list[#list + 1] = item end
  return list
end

local steps = split(os.getenv("BENCH_STEPS") or "get")
local cookie = os.getenv("BENCH_COOKIE") or ""
local csrf = os.getenv("BENCH_CSRF") or ""
local acceptEncoding = os.getenv("BENCH_ACCEPT_ENCODING") or ""
local tag = os.getenv("BENCH_TAG") or "0"
local connections = tonumber(os.getenv("BENCH_CONNECTIONS") or "1")
local paths, ids
local threads = {}
local sent, gets, patches = 0, 0, 0

function setup(thread)
  threads[#threads + 1] = thread
  thread:set("index", #threads)
end

function init(args)
  paths = lines(os.getenv("BENCH_PATHS_FILE"))
  if #paths == 0 then paths = { wrk.path } end
  ids = lines(os.getenv("BENCH_IDS_FILE"))
end

-- The n-th item (0-based) this connection takes from a list shared by all connections.
local function take(list, n)
  return list[((n * connections + (index or 1) - 1) % #list) + 1]
end

function request()
  local step = steps[(sent % #steps) + 1]
  timing.mark(sent > 0 and steps[((sent - 1) % #steps) + 1] or nil)
  sent = sent + 1
  local headers = {}
  if cookie ~= "" then headers["Cookie"] = cookie end
  if step == "patch" then
    local id = take(ids, patches)
    headers["Content-Type"] = "application/json"
    if csrf ~= "" then headers["x-csrf-token"] = csrf end
    local body = string.format('{"notes":"Bench edit %s.%d.%d"}', tag, index or 1, patches)
    patches = patches + 1
    return wrk.format("PATCH", "/api/tracks/" .. id, headers, body)
  end
  local path = take(paths, gets)
  gets = gets + 1
  if acceptEncoding ~= "" then headers["Accept-Encoding"] = acceptEncoding end
  return wrk.format("GET", path, headers)
end

function done(summary, latency, requests)
  timing.report(threads, steps, summary)
end
