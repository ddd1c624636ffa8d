-- wrk script for request-path.sh. BENCH_MODE (read here, at load time, because wrk decides from the loaded script
-- whether requests are dynamic):
--   update  PUT …/units/u<thread>/data, one connection per thread (wrk -t N -c N) so each connection writes its own
--           unit, with data that differs on every request (a byte-identical PUT makes no revision)
--   get     GET of the path given on the command line, the same request every time
-- TANDEM_TOKEN is sent as a bearer token on every request; BENCH_RUN makes the data of one run differ from the
-- data of another on the same units; BENCH_FIXTURE is the YAML file the data is made from.
local mode = os.getenv("BENCH_MODE") or "get"

wrk.headers["Authorization"] = "Bearer " .. assert(os.getenv("TANDEM_TOKEN"), "TANDEM_TOKEN is not set")

local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end

if mode == "update" then
  local fixture, run, counter, path

  function init(args)
    local file = assert(io.open(assert(os.getenv("BENCH_FIXTURE"), "BENCH_FIXTURE is not set"), "rb"))
    fixture = file:read("*a")
    file:close()
    run = tonumber(os.getenv("BENCH_RUN") or "0")
    counter = 0
    path = "/api/v1/spaces/bench/units/u" .. id .. "/data"
    wrk.headers["Content-Type"] = "application/yaml"
  end

  -- The same edit as a person's: a new replica count and a new value, so the revision has two mutations.
  function request()
    counter = counter + 1
    local stamp = string.format("%d%02d%09d", run, id, counter)
    local data = fixture:gsub("replicas: 1\n", "replicas: " .. (counter % 1000 + 1) .. "\n", 1)
                        :gsub('value: "50051"', 'value: "' .. stamp .. '"', 1)
    return wrk.format("PUT", path, nil, data)
  end
end

-- One machine-readable line for request-path.sh; wrk's own report (with --latency) is printed above it.
function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local errors = summary.errors
  io.write(string.format("RESULT requests=%d seconds=%.3f rps=%.1f p50_ms=%.2f p99_ms=%.2f non2xx=%d socket_errors=%d\n",
    summary.requests, seconds, summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
