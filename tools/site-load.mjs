// Many clients fetching one file of the site at once, and the server's CPU meanwhile:
// what serving the wasm costs (docs/server-load.md). Loopback only; bounded in time.
//
//   node tools/site-load.mjs --url http://127.0.0.1:PORT/file.wasm --pid PID \
//     [--clients 50] [--seconds 20] [--encoding br] [--rate N]
//
// Each client fetches the URL over its own keep-alive connection with
// `Accept-Encoding: ENCODING`, until the time is up: again as soon as the last answer is
// read, or with --rate, N requests a second from all the clients together, spread evenly
// (a client whose answer comes late starts its next request at once, and skips the
// turns it missed, so that a slow server is never sent a catch-up burst). The server's
// CPU is utime + stime of /proc/PID/stat (the server process and all its threads) before and
// after, over the wall time between: a fraction of one core. Prints one line of JSON.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, word, i, all) => {
    if (word.startsWith('--')) pairs.push([word.slice(2), all[i + 1]]);
    return pairs;
  }, []),
);
const url = new URL(args.url ?? '');
const pid = Number(args.pid);
const clients = Number(args.clients ?? 50);
const seconds = Number(args.seconds ?? 20);
const encoding = args.encoding ?? 'br';
const rate = args.rate === undefined ? undefined : Number(args.rate);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
  console.error('site-load: loopback addresses only (127.0.0.1, localhost, [::1])');
  process.exit(2);
}
if (!Number.isInteger(pid) || pid <= 0 || !(clients > 0 && clients <= 1000) || !(seconds > 0 && seconds <= 120)
  || (rate !== undefined && !(rate > 0 && rate <= 10000))) {
  console.error('site-load: --pid PID, --clients 1..1000, --seconds up to 120, --rate 1..10000');
  process.exit(2);
}

// Clock ticks a second: USER_HZ, 100 on Linux (getconf CLK_TCK).
const TICKS = 100;
function cpuTicks() {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis; utime and stime are 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
let responses = 0;
let bytes = 0;
let errors = 0;
let otherEncodings = 0;
const latencies = [];

function fetchOnce() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent, headers: { 'Accept-Encoding': encoding } }, (response) => {
      if (response.statusCode !== 200) errors += 1;
      if ((response.headers['content-encoding'] ?? 'identity') !== encoding) otherEncodings += 1;
      response.on('data', (chunk) => { bytes += chunk.length; });
      response.on('end', () => {
        responses += 1;
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        resolve();
      });
      response.on('error', () => { errors += 1; resolve(); });
    });
    request.on('error', () => { errors += 1; resolve(); });
  });
}

const startTicks = cpuTicks();
const startWall = process.hrtime.bigint();
const deadline = Date.now() + seconds * 1000;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
await Promise.all(
  Array.from({ length: clients }, async (_, i) => {
    if (rate === undefined) {
      while (Date.now() < deadline) await fetchOnce();
      return;
    }
    // Client i's turns: i/rate, then every clients/rate seconds.
    const every = (clients / rate) * 1000;
    let next = Date.now() + (i / rate) * 1000;
    while (next < deadline) {
      await sleep(Math.max(0, next - Date.now()));
      await fetchOnce();
      next += every;
      if (next < Date.now()) next += Math.ceil((Date.now() - next) / every) * every;
    }
  }),
);
const wall = Number(process.hrtime.bigint() - startWall) / 1e9;
const cpu = (cpuTicks() - startTicks) / TICKS;
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
console.log(JSON.stringify({
  url: url.href,
  clients,
  encoding,
  rate: rate ?? 'unbounded',
  
  seconds: Number(wall.toFixed(2)),
  responses,
  per_second: Number((responses / wall).toFixed(1)),
  mb_per_second: Number((bytes / wall / 1e6).toFixed(1)),
  bytes_per_response: responses ? Math.round(bytes / responses) : 0,
  errors,
  other_encodings: otherEncodings,
  server_cpu_seconds: cpu,
  server_cores: Number((cpu / wall).toFixed(3)),
  server_cpu_ms_per_response: responses ? Number(((cpu * 1000) / responses).toFixed(2)) : null,
  p50_ms: Number(at(0.5)?.toFixed(1)),
  p99_ms: Number(at(0.99)?.toFixed(1)),
}));
if (errors > 0) process.exit(1);
