// A feed driven by the JavaScript client against one base URL (nginx in front of replicas, or a
// single replica): register 2,000 varied cells, then 20 times fetch a band, append a page of 50 cells
// and fetch a band of the new layout. Prints one JSON line: requests, bytes sent and received, errors,
// the client's stats, and a SHA-256 of every answer's body, in order, so that runs against different
// deployments can be compared byte for byte.
//
//   node feed-through-nginx.mjs http://127.0.0.1:8080 [seed]
//
// Bytes sent are counted the same way for every run: the request line, a Host header, the headers the
// client sets, Content-Length when there is a body, the blank line, and the body.
// FEED_BODIES=1 adds every answer's body to the output, to see how two runs differ.
import { createHash } from 'node:crypto';
import { LayoutdClient } from '../layoutd.js';
import { random } from './random-layouts.mjs';

const baseURL = process.argv[2];
const seed = Number(process.argv[3] ?? 7);
if (!baseURL) {
  console.error('usage: node feed-through-nginx.mjs BASE_URL [SEED]');
  process.exit(64);
}

const CELLS = 2000;
const PAGES = 20;
const PAGE = 50;
const WIDTH = 390;
const SCREEN = 844;

const counts = { requests: 0, bytesSent: 0, bytesReceived: 0, statuses: {}, errors: 0, errorMessages: [] };
const answers = [];

/** A fetch that counts what goes out and comes back and keeps a digest of every answer's body. */
async function countingFetch(url, init = {}) {
  const target = new URL(url);
  const body = init.body === undefined ? '' : String(init.body);
  const bodyBytes = Buffer.byteLength(body);
  let head = `${init.method ?? 'GET'} ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n`;
  for (const [name, value] of Object.entries(init.headers ?? {})) head += `${name}: ${value}\r\n`;
  if (init.body !== undefined) head += `Content-Length: ${bodyBytes}\r\n`;
  head += '\r\n';
  counts.requests += 1;
  counts.bytesSent += Buffer.byteLength(head) + bodyBytes;
  const response = await fetch(url, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  counts.bytesReceived += bytes.length;
  counts.statuses[response.status] = (counts.statuses[response.status] ?? 0) + 1;
  answers.push({
    request: `${init.method ?? 'GET'} ${target.pathname}`,
    status: response.status,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    // The same without the metadata's `bytes` member (a replica's memory for the layout).
    sha256WithoutBytes: createHash('sha256').update(bytes.toString('utf8').replace(/,"bytes":\d+/, '')).digest('hex'),
    ...(process.env.FEED_BODIES ? { body: bytes.toString('utf8') } : {}),
  });
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}

const r = random(seed);
/** A cell of the feed: full-width or half-width, of varied heights; sometimes not measured yet ({}). */
function cell() {
  if (r.chance(0.1)) return {};
  const width = r.chance(0.7) ? WIDTH : WIDTH / 2;
  return { width, height: r.int(40, 400) + r.pick([0, 0.5, 0.25]) };
}

function noteError(where, error) {
  counts.errors += 1;
  if (counts.errorMessages.length < 20) {
    counts.errorMessages.push(`${where}: ${error?.status ?? ''} ${error?.problem?.type ?? ''} ${error?.message ?? error}`);
  }
}

const client = new LayoutdClient({ baseURL, fetch: countingFetch });
const description = {
  viewport: { width: WIDTH, height: SCREEN },
  layout: { estimatedItemSize: { width: WIDTH, height: 120 }, minimumLineSpacing: 8, minimumInteritemSpacing: 0 },
  sections: [{ items: Array.from({ length: CELLS }, cell) }],
};
const ids = [];
let layout = null;
try {
  layout = await client.register(description);
  ids.push(layout.id);
} catch (error) {
  noteError('register', error);
}

for (let page = 0; layout && page < PAGES; page++) {
  const height = layout.contentSize.height;
  const y = Math.max(0, Math.floor(height * (page + 0.5) / (PAGES + 1)));
  try {
    const band = await layout.band({ x: 0, y, width: WIDTH, height: 5 * SCREEN }, { scale: 3 });
    if (band.view({ x: 0, y: y + SCREEN, width: WIDTH, height: SCREEN }).length === 0) throw new Error(`an empty view at y ${y + SCREEN}`);
  } catch (error) {
    noteError(`band of page ${page}`, error);
  }
  let next;
  try {
    ({ layout: next } = await layout.update([{ op: 'appendItems', section: 0, items: Array.from({ length: PAGE }, cell) }]));
    ids.push(next.id);
  } catch (error) {
    noteError(`append of page ${page}`, error);
    continue;
  }
  try {
    const end = Math.max(0, next.contentSize.height - 2 * SCREEN);
    const band = await next.band({ x: 0, y: end - 3 * SCREEN, width: WIDTH, height: 5 * SCREEN }, { scale: 3 });
    if (band.view({ x: 0, y: end, width: WIDTH, height: SCREEN }).length === 0) throw new Error(`an empty view at y ${end}`);
  } catch (error) {
    noteError(`band after page ${page}`, error);
  }
  layout = next;
}

console.log(JSON.stringify({ ...counts, stats: client.stats, ids, answers }));
