// Carousels on the device against a real layoutd (LAYOUTD_BIN), docs/flow-layout.md §23.15 and
// docs/parallax.md §2.6: views of random carousels at random offsets, computed from the layout's band
// and each carousel's band, equal the service's answers for the same bounds and offsets, parallax
// and carousel effect included; a scroller keeps each carousel's offset, fetches its band and ends a
// fling where the service says.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CarouselBand, LayoutdClient, resolveParallax } from '../layoutd.js';
import { startLayoutd } from './layoutd-process.mjs';
import { random, randomCarousels, randomParallax } from './random-layouts.mjs';
import { assertSameView } from './same-view.mjs';

const LAYOUTS = Number(process.env.CLIENT_CAROUSELS ?? 400);
const SEED = Number(process.env.CLIENT_SEED ?? 29);

let server;
before(async () => { server = await startLayoutd('--threads', '2'); });
after(async () => { await server?.stop(); });

test('carousel views at any offsets equal the service’s answers', async () => {
  const client = new LayoutdClient({ baseURL: server.url });
  const r = random(SEED);
  const seen = { views: 0, carouselCells: 0, moved: 0, looks: 0, rightToLeft: 0, scaled: 0 };
  for (let n = 0; n < LAYOUTS; n++) {
    const description = randomCarousels(r);
    const layout = await client.register(description);
    const across = description.viewport.width;
    const options = { scale: r.pick([null, 1, 2, 3]), layoutDirection: r.chance(0.25) ? 'rightToLeft' : 'leftToRight' };
    const length = r.length(100, 700);
    const bandBounds = { x: r.chance(0.8) ? 0 : r.length(-30, 30), y: r.length(-100, Math.max(0, layout.contentSize.height - length / 2)), width: across, height: length * 3 };
    const band = await layout.band(bandBounds, options);
    const widths = new Map((band.carousels.size ? (await layout.attributes(bandBounds)).orthogonalSections : []).map((row) => [row.section, row.contentWidth]));
    const parallax = randomParallax(r);
    const resolved = resolveParallax(parallax, layout.contentInset);
    for (let v = 0; v < 4; v++) {
      const bounds = { ...bandBounds, y: bandBounds.y + r.length(0, 2 * length), height: length };
      // Offsets anywhere in each row's range, past its ends sometimes, on whole points or not.
      const offsets = new Map([...band.carousels].map((section) => {
        const most = Math.max(0, (widths.get(section) ?? 0) - band.dimension);
        return [section, r.pick([0, most, r.length(-40, most + 40), r.unit() * most])];
      }));
      const bands = new Map();
      for (const section of band.carouselsIn(bounds)) {
        const stretch = CarouselBand.stretch(bounds, offsets.get(section), { rightToLeft: band.rightToLeft, dimension: band.dimension });
        bands.set(section, await layout.carouselBand(section, { low: stretch.low - r.length(0, 300), high: stretch.high + r.length(0, 300) }));
      }
      const orthogonalOffsets = [...offsets].map(([section, offset]) => ({ section, offset }));
      const remote = await layout.attributes(bounds, { ...(options.scale ? { scale: options.scale } : {}), layoutDirection: options.layoutDirection, parallax, orthogonalOffsets });
      const local = band.view(bounds, resolved, { offsets, bands });
      assertSameView(local, remote.attributes, `layout ${n} (seed ${SEED}), view ${v} ${JSON.stringify(bounds)} at ${JSON.stringify(orthogonalOffsets)}`);
      const cells = local.filter((element) => element.kind === 'cell' && band.carousels.has(element.section));
      seen.views += 1;
      seen.carouselCells += cells.length;
      seen.moved += cells.filter((cell) => offsets.get(cell.section) !== 0).length;
      seen.looks += cells.filter((cell) => cell.scale !== undefined).length;
    }
    if (options.layoutDirection === 'rightToLeft') seen.rightToLeft += 1;
    if (options.scale) seen.scaled += 1;
    await client.send('DELETE', `/v1/layouts/${layout.id}`);
  }
  console.log(`compared ${JSON.stringify(seen)}`);
  // The cases reach what they are meant to: carousel cells, moved ones, looks, each direction and scale.
  assert.ok(seen.carouselCells > LAYOUTS * 5 && seen.moved > LAYOUTS * 3 && seen.looks > LAYOUTS, JSON.stringify(seen));
  assert.ok(seen.rightToLeft > LAYOUTS / 8 && seen.scaled > LAYOUTS / 2, JSON.stringify(seen));
});

test('a scroller keeps each carousel at its offset and ends a fling where the service says', async () => {
  const client = new LayoutdClient({ baseURL: server.url });
  const row = {
    orthogonalScrolling: 'groupPagingCentered', interGroupSpacing: 10,
    group: { direction: 'horizontal', width: { absolute: 200 }, height: { absolute: 120 }, subitems: [{ width: { fractionalWidth: 1 }, height: { fractionalHeight: 1 } }] },
  };
  const list = { group: { direction: 'horizontal', width: { fractionalWidth: 1 }, height: { absolute: 60 }, subitems: [{ width: { fractionalWidth: 1 }, height: { fractionalHeight: 1 } }] } };
  const layout = await client.register({ viewport: { width: 300, height: 500 }, sections: [{ itemCount: 40, compositional: row }, { itemCount: 30, compositional: list }, { itemCount: 12, compositional: row }] });
  const parallax = { model: 'center', maxOffset: 12, carousel: { minScale: 0.85, minAlpha: 0.6 } };
  const scroller = layout.scroller({ scale: 2, parallax });
  const bounds = { x: 0, y: 0, width: 300, height: 500 };
  const fling = await scroller.flingCarousel(0, 1200, bounds, { frameRate: 60 });
  // One card on, centred: group 1 at 210 (the insets grow to 50).
  assert.equal(fling.targetOffset, 210);
  assert.equal(fling.frames.at(-1).offset, fling.targetOffset);
  for (const frame of fling.frames.filter((_, index) => index % 20 === 0).concat(fling.frames.at(-1))) {
    scroller.setCarouselOffset(0, frame.offset);
    const local = await scroller.viewWhenReady(bounds);
    const remote = await layout.attributes(bounds, { scale: 2, parallax, orthogonalOffsets: [{ section: 0, offset: frame.offset }] });
    assertSameView(local, remote.attributes, `frame at ${frame.offset}`);
  }
  // At rest: card 1 centred, whole and opaque; card 0 half a row away, at the smallest.
  const rest = scroller.view(bounds).filter((element) => element.section === 0);
  assert.deepEqual(rest.map((cell) => [cell.item, cell.frame.x, cell.scale]), [[0, -160, 0.85], [1, 50, 1], [2, 260, 0.85]]);
  // A second carousel lower down keeps its own offset.
  scroller.setCarouselOffset(2, 630);
  const lower = { ...bounds, y: 1700 };
  const far = await scroller.viewWhenReady(lower);
  const expected = await layout.attributes(lower, { scale: 2, parallax, orthogonalOffsets: [{ section: 0, offset: 210 }, { section: 2, offset: 630 }] });
  assertSameView(far, expected.attributes, 'the lower carousel');
  assert.ok(far.some((cell) => cell.section === 2 && cell.frame.x === 50), JSON.stringify(far.slice(0, 3)));
});
