// The JavaScript client against a real layoutd (LAYOUTD_BIN): views computed on the device from bands
// equal the service's answers for the same bounds, over random layouts, parallax models and views;
// registration again after a 404, with the affinity header and the updates replayed; bands refilled
// ahead of the scroll, with no request while the view stays inside one.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { LayoutdClient, ProblemError, resolveParallax } from '../layoutd.js';
import { startLayoutd } from './layoutd-process.mjs';
import { random, randomDescription, randomParallax } from './random-layouts.mjs';
import { assertSameView } from './same-view.mjs';

const LAYOUTS = Number(process.env.CLIENT_LAYOUTS ?? 2000);
const VIEWS_PER_LAYOUT = 6;
const SEED = Number(process.env.CLIENT_SEED ?? 23);

let server;
before(async () => { server = await startLayoutd('--threads', '2'); });
after(async () => { await server?.stop(); });

test('views computed from a band equal the service’s answers', async () => {
  const client = new LayoutdClient({ baseURL: server.url });
  const r = random(SEED);
  const seen = { elements: 0, offsets: 0, pinned: 0, layers: 0, views: 0, rightToLeft: 0, horizontal: 0, scaled: 0, compositional: 0, sectionBackgrounds: 0 };
  for (let n = 0; n < LAYOUTS; n++) {
    const description = randomDescription(r);
    const layout = await client.register(description);
    const vertical = layout.scrollDirection === 'vertical';
    const contentLength = vertical ? layout.contentSize.height : layout.contentSize.width;
    const across = vertical ? description.viewport.width : description.viewport.height;
    const length = r.length(80, 900);
    const options = { scale: r.pick([null, 1, 2, 3]), layoutDirection: r.chance(0.25) ? 'rightToLeft' : 'leftToRight' };
    const bandStart = r.length(-400, Math.max(0, contentLength - length / 2));
    const bandLength = length + r.length(0, 3 * length);
    const acrossStart = r.chance(0.8) ? 0 : r.length(-50, 50);
    const bandBounds = vertical
      ? { x: acrossStart, y: bandStart, width: across, height: bandLength }
      : { x: bandStart, y: acrossStart, width: bandLength, height: across };
    const band = await layout.band(bandBounds, options);
    // Views anywhere inside the band, the first and last flush with its edges.
    const views = Array.from({ length: VIEWS_PER_LAYOUT }, (_, index) => {
      const room = bandLength - length;
      let start = bandStart + (index === 0 ? 0 : index === 1 ? room : r.length(0, room));
      // The last view ends on the band's end, or just inside it when rounding puts it past.
      while (start + length > bandStart + bandLength) start -= 1e-9 * Math.max(1, Math.abs(start));
      return vertical ? { ...bandBounds, y: start, height: length } : { ...bandBounds, x: start, width: length };
    });
    const parallax = randomParallax(r);
    const answer = await layout.attributes(views, { ...(options.scale ? { scale: options.scale } : {}), layoutDirection: options.layoutDirection, parallax });
    const resolved = resolveParallax(parallax, layout.contentInset);
    answer.results.forEach((result, index) => {
      assert.ok(band.contains(views[index]));
      const local = band.view(views[index], resolved);
      try {
        assertSameView(local, result.attributes, `layout ${n} (seed ${SEED}), view ${index} ${JSON.stringify(views[index])}`);
      } catch (error) {
        if (process.env.CLIENT_DEBUG) console.log(JSON.stringify({ description, options, parallax, bandBounds, cells: band.cells, sections: band.sections, remote: result.attributes, local }));
        throw error;
      }
      seen.views += 1;
      seen.elements += local.length;
      seen.offsets += local.filter((element) => element.parallaxOffset && element.parallaxOffset[vertical ? 'y' : 'x'] !== 0).length;
      seen.pinned += local.filter((element) => element.kind === 'header' && (description.layout.sectionHeadersPinToVisibleBounds)).length;
      seen.layers += local.filter((element) => element.kind === 'stretchHeader' || element.kind === 'background').length;
      seen.sectionBackgrounds += local.filter((element) => element.kind === 'sectionBackground').length;
    });
    if (options.layoutDirection === 'rightToLeft') seen.rightToLeft += 1;
    if (description.sections.some((section) => section.compositional)) seen.compositional += 1;
    if (!vertical) seen.horizontal += 1;
    if (options.scale) seen.scaled += 1;
    await client.send('DELETE', `/v1/layouts/${layout.id}`);
  }
  console.log(`compared ${JSON.stringify(seen)}`);
  // The cases reach what they are meant to: many elements, offsets, pinned headers, layers, every mode.
  assert.ok(seen.views === LAYOUTS * VIEWS_PER_LAYOUT);
  assert.ok(seen.elements > LAYOUTS * 20, `only ${seen.elements} elements compared`);
  assert.ok(seen.offsets > LAYOUTS * 5 && seen.pinned > LAYOUTS / 20 && seen.layers > LAYOUTS / 2, JSON.stringify(seen));
  assert.ok(seen.rightToLeft > LAYOUTS / 8 && seen.horizontal > LAYOUTS / 8 && seen.scaled > LAYOUTS / 2, JSON.stringify(seen));
  assert.ok(seen.compositional > LAYOUTS / 5 && seen.sectionBackgrounds > LAYOUTS / 10, JSON.stringify(seen));
});

/** A fetch that notes every request's method, path and headers before sending it. */
function recordingFetch(log) {
  return (url, init) => {
    log.push({ method: init.method, path: new URL(url).pathname, headers: init.headers ?? {} });
    return fetch(url, init);
  };
}

test('a layout the replica lost is registered again, with X-Layout-Id, and the request answered', async () => {
  const log = [];
  const client = new LayoutdClient({ baseURL: server.url, fetch: recordingFetch(log) });
  const layout = await client.register({ viewport: { width: 390 }, itemCount: 200 });
  await client.send('DELETE', `/v1/layouts/${layout.id}`);
  log.length = 0;
  const band = await layout.band({ x: 0, y: 0, width: 390, height: 2000 });
  assert.ok(band.view({ x: 0, y: 100, width: 390, height: 600 }).length > 0);
  assert.deepEqual(log.map((entry) => `${entry.method} ${entry.path}`), [
    `POST /v1/layouts/${layout.id}/attributes`, 'POST /v1/layouts', `POST /v1/layouts/${layout.id}/attributes`,
  ]);
  assert.equal(log[1].headers['X-Layout-Id'], layout.id);
  assert.equal(client.stats.reRegistrations, 1);
});

test('an updated layout the replica lost is registered again by replaying its updates', async () => {
  const log = [];
  const client = new LayoutdClient({ baseURL: server.url, fetch: recordingFetch(log) });
  const first = await client.register({ viewport: { width: 390 }, layout: { estimatedItemSize: { width: 390, height: 100 } }, itemCount: 20 });
  const { layout: second } = await first.update([{ op: 'appendItems', section: 0, items: [{}, {}] }]);
  const { layout: third, answer } = await second.update(
    [{ op: 'resizeItems', section: 0, at: 0, sizes: [{ width: 390, height: 160 }]}],
    { anchor: { bounds: { x: 0, y: 500, width: 390, height: 800 } } });
  assert.deepEqual(answer.contentOffsetAdjustment, { x: 0, y: 60 });
  for (const layout of [first, second, third]) await client.send('DELETE', `/v1/layouts/${layout.id}`);
  log.length = 0;
  const band = await third.band({ x: 0, y: 0, width: 390, height: 1000 });
  assert.equal(band.view({ x: 0, y: 0, width: 390, height: 500 })[0].frame.height, 160);
  assert.deepEqual(log.map((entry) => `${entry.method} ${entry.path}`), [
    `POST /v1/layouts/${third.id}/attributes`, 'POST /v1/layouts', `POST /v1/layouts/${first.id}/updates`,
    `POST /v1/layouts/${second.id}/updates`, `POST /v1/layouts/${third.id}/attributes`,
  ]);
  assert.ok(log.slice(1, 4).every((entry) => entry.headers['X-Layout-Id'] === third.id));
  // A problem other than a missing layout is the caller's, with its pointer.
  await assert.rejects(third.update([{ op: 'deleteItems', section: 0, at: 99, count: 1 }]),
    (error) => error instanceof ProblemError && error.status === 400 && error.pointer === '/updates/0/at');
});

test('a large registration is sent gzip-compressed and stored as the same layout', async () => {
  const log = [];
  const items = Array.from({ length: 20000 }, (_, index) => ({ width: 40 + (index % 7) * 10, height: 30 + (index % 5) * 8 }));
  const description = { viewport: { width: 390 }, sections: [{ items }] };
  const compressing = new LayoutdClient({ baseURL: server.url, fetch: recordingFetch(log) });
  const plain = new LayoutdClient({ baseURL: server.url, compressAbove: null, fetch: recordingFetch(log) });
  const compressed = await compressing.register(description);
  assert.equal(log[0].headers['Content-Encoding'], 'gzip');
  assert.equal(compressing.stats.compressed, 1);
  await plain.send('DELETE', `/v1/layouts/${compressed.id}`);
  const again = await plain.register(description);
  assert.equal(log.at(-1).headers['Content-Encoding'], undefined);
  assert.equal(plain.stats.compressed, 0);
  assert.equal(again.id, compressed.id);
  assert.deepEqual(again.metadata, compressed.metadata);
  // A small body goes as it is.
  await compressing.send('POST', `/v1/layouts/${again.id}/attributes`, { bounds: { x: 0, y: 0, width: 390, height: 800 } });
  assert.equal(log.at(-1).headers['Content-Encoding'], undefined);
});

test('a scroll at 120 Hz asks only for bands, each before the view reaches the edge of the last', async () => {
  const log = [];
  const client = new LayoutdClient({ baseURL: server.url, fetch: recordingFetch(log) });
  const layout = await client.register({
    viewport: { width: 390 }, layout: { itemSize: { width: 120, height: 160 }, headerReferenceSize: { height: 40 } },
    sections: [{ itemCount: 300 }, { itemCount: 300 }],
  });
  const parallax = { model: 'center', maxOffset: 24 };
  const scroller = layout.scroller({ parallax });
  const height = 844;
  const step = 2400 / 120; // 2,400 points a second
  let y = 0;
  const frames = [];
  const sample = [];
  assert.equal(scroller.view({ x: 0, y, width: 390, height }), null); // the first band is on its way
  await scroller.pending.get(layout.id);
  log.length = 0;
  const requestsAt = [];
  const scrollTo = async (target) => {
    while (Math.abs(target - y) >= step) {
      y += Math.sign(target - y) * step;
      const bounds = { x: 0, y, width: 390, height };
      const before = log.length;
      const band = scroller.bands.get(layout.id);
      const margins = band.margins(bounds);
      const view = scroller.view(bounds);
      assert.ok(view, `a frame at y ${y} had no band`);
      if (log.length > before) requestsAt.push({ y, ahead: Math.sign(target - y) > 0 ? margins.after : margins.before });
      frames.push(bounds);
      if (frames.length % 97 === 0) sample.push({ bounds, view });
      // A frame's time at 120 Hz: the band's answer may arrive meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 8));
    }
  };
  await scrollTo(9000);
  await scrollTo(3000);
  assert.ok(frames.length > 700);
  assert.equal(scroller.stats.misses, 1, 'only the very first frame waited for a band');
  // Every request is a band, started while at least a screen of it was left ahead of the view.
  assert.ok(log.every((entry) => entry.path === `/v1/layouts/${layout.id}/attributes`));
  assert.equal(requestsAt.length, log.length);
  assert.ok(requestsAt.length >= 5 && requestsAt.length <= frames.length / 30, `${requestsAt.length} requests for ${frames.length} frames`);
  for (const { y: at, ahead } of requestsAt) {
    assert.ok(ahead < height && ahead >= height - 2 * step, `refill at y ${at} with ${ahead} points left`);
  }
  // And the frames equal the service's.
  const answer = await layout.attributes(sample.map((s) => s.bounds), { parallax });
  answer.results.forEach((result, index) => assertSameView(sample[index].view, result.attributes, `frame ${index}`));
});

test('the example of docs/api.md runs as written', async () => {
  const page = await readFile(new URL('../../../docs/api.md', import.meta.url), 'utf8');
  const example = /```js\n([\s\S]*?)```/.exec(page)[1]
    .replace("'./clients/js/layoutd.js'", `'${new URL('../layoutd.js', import.meta.url)}'`)
    .replace("'http://localhost:8080'", `'${server.url}'`);
  const file = join(await mkdtemp(join(tmpdir(), 'layoutd-readme-')), 'example.mjs');
  await writeFile(file, example);
  const printed = [];
  const log = console.log;
  console.log = (...values) => printed.push(values);
  try {
    await import(file);
  } finally {
    console.log = log;
  }
  const [requests, stats] = printed.at(-1);
  assert.equal(stats.misses, 1, 'only the first frame waited for a band');
  assert.ok(stats.frames > 240 && requests <= 5, `${requests} requests, ${JSON.stringify(stats)}`);
});
