// A client of layoutd for views that scroll at display rate (README, "Driving a screen"): register a
// layout once, fetch the attributes of a band several screens long ahead of the scroll, and compute
// every frame's attributes on the device from the band. The service is asked only when a band needs
// refilling; a replica that lost the layout (404) gets it registered again, with the affinity header.
// ES module, no dependencies: a browser, node 18+ or anything with `fetch`.

import { Band } from './band.js';
import { CarouselBand } from './carousel.js';
import { resolveParallax } from './parallax.js';

export { Band, touches, roundToPixel } from './band.js';
export { CarouselBand } from './carousel.js';
export { resolveParallax, cellEffect, carouselLook, stretchHeaderFrame, backgroundFrame } from './parallax.js';

/** A refusal of the service: its status and RFC 9457 problem (`type`, `title`, `detail`, `pointer`). */
export class ProblemError extends Error {
  constructor(status, problem) {
    super(problem?.detail ?? `HTTP ${status}`);
    this.status = status;
    this.problem = problem ?? {};
    this.pointer = this.problem.pointer ?? null;
  }
}

const NOT_FOUND = '/problems/layout-not-found';
const UNSUPPORTED_CODING = '/problems/unsupported-content-coding';

/** `text` as gzip bytes, compressed by the platform (`CompressionStream`, in browsers and node 18+). */
async function gzip(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
const NO_INSETS = Object.freeze({ top: 0, left: 0, bottom: 0, right: 0 });

export class LayoutdClient {
  /** `baseURL`: where layoutd answers ('' for the page's own origin); `fetch`: the fetch to use;
   * `compressAbove`: bodies longer than this many characters are sent gzip-compressed where the
   * platform has `CompressionStream` (null: never). */
  constructor({ baseURL = '', fetch = globalThis.fetch.bind(globalThis), compressAbove = 32 * 1024 } = {}) {
    this.baseURL = baseURL.replace(/\/$/, '');
    this.fetch = fetch;
    this.compressAbove = globalThis.CompressionStream ? compressAbove : null;
    /** Requests sent, by purpose; `registrations` counts those after a 404 as `reRegistrations` too;
     * `compressed` counts bodies sent with `Content-Encoding: gzip`. */
    this.stats = { requests: 0, registrations: 0, reRegistrations: 0, bands: 0, views: 0, updates: 0, compressed: 0 };
  }

  /** POSTs or GETs JSON; resolves with the parsed answer, rejects with a `ProblemError`. */
  async send(method, path, body, headers = {}) {
    this.stats.requests += 1;
    const text = body === undefined ? undefined : JSON.stringify(body);
    const compress = text !== undefined && this.compressAbove != null && text.length > this.compressAbove;
    const response = await this.fetch(this.baseURL + path, {
      method,
      headers: text === undefined ? headers
        : { 'Content-Type': 'application/json', ...(compress ? { 'Content-Encoding': 'gzip' } : {}), ...headers },
      body: compress ? await gzip(text) : text,
    });
    const answer = await response.text();
    const parsed = answer ? JSON.parse(answer) : null;
    if (compress && parsed?.type === UNSUPPORTED_CODING) {
      // A server (or a proxy before it) that cannot read gzip: send plain from now on.
      this.compressAbove = null;
      return this.send(method, path, body, headers);
    }
    if (compress) this.stats.compressed += 1;
    if (!response.ok) throw new ProblemError(response.status, parsed);
    return parsed;
  }

  /** Registers a layout description (everything but the bounds, with `viewport` for its size). */
  async register(description) {
    this.stats.registrations += 1;
    const metadata = await this.send('POST', '/v1/layouts', description);
    return new StoredLayout(this, description, [], metadata);
  }
}

/** A layout stored by the service, named by its content (`id`): the description it was registered
 * with and the update batches applied since, so it can be registered again anywhere. */
export class StoredLayout {
  constructor(client, description, history, metadata) {
    this.client = client;
    this.description = description;
    this.history = history;
    this.metadata = metadata;
    this.id = metadata.layoutId;
    this.scrollDirection = metadata.scrollDirection;
    this.contentSize = metadata.contentSize;
    this.contentInset = { ...NO_INSETS, ...description.contentInset };
  }

  /** Sends a request about this layout; after a 404 layout-not-found registers it again (the same
   * inputs give the same id) and sends it once more. */
  async #send(method, suffix, body) {
    try {
      return await this.client.send(method, `/v1/layouts/${this.id}${suffix}`, body);
    } catch (error) {
      if (!(error instanceof ProblemError) || error.problem.type !== NOT_FOUND) throw error;
      await this.registerAgain();
      return this.client.send(method, `/v1/layouts/${this.id}${suffix}`, body);
    }
  }

  /** Registers the description and replays the updates, each with `X-Layout-Id` naming this layout
   * so a balancer sends them all to the replica its scrolls go to. */
  async registerAgain() {
    this.#registering ??= (async () => {
      const affinity = { 'X-Layout-Id': this.id };
      this.client.stats.registrations += 1;
      this.client.stats.reRegistrations += 1;
      let metadata = await this.client.send('POST', '/v1/layouts', this.description, affinity);
      for (const updates of this.history) {
        metadata = await this.client.send('POST', `/v1/layouts/${metadata.layoutId}/updates`, { updates }, affinity);
      }
      if (metadata.layoutId !== this.id) throw new Error(`registered again as ${metadata.layoutId}, not ${this.id}`);
    })().finally(() => { this.#registering = null; });
    return this.#registering;
  }

  #registering = null;

  /** The service's answer for one view (`options`: `scale`, `layoutDirection`, `parallax`). */
  async attributes(bounds, options = {}) {
    this.client.stats.views += 1;
    return this.#send('POST', '/attributes', { bounds, ...options });
  }

  /** The band of attributes for `bounds`, from which views inside it are computed (`Band.view`). */
  async band(bounds, { scale = null, layoutDirection = 'leftToRight' } = {}) {
    this.client.stats.bands += 1;
    const body = { bounds, band: true, layoutDirection };
    if (scale != null) body.scale = scale;
    const answer = await this.#send('POST', '/attributes', body);
    return new Band(answer, bounds, {
      scrollDirection: this.scrollDirection, contentInset: this.contentInset, scale, layoutDirection,
    });
  }

  /** A carousel's band: carousel `section`'s row at offset 0, left to right and unrounded, from
   * `low` to `high` along x (`carouselBands`, docs/flow-layout.md §23.15); views of it at any offset
   * are computed from it (`CarouselBand.cellsAt`). */
  async carouselBand(section, { low, high }) {
    this.client.stats.bands += 1;
    const answer = await this.#send('POST', '/attributes', {
      bounds: { x: 0, y: 0, width: 0, height: 0 }, band: true, carouselBands: [{ section, from: low, to: high }],
    });
    return new CarouselBand(answer.band.carousels[0].attributes, section, { low, high });
  }

  /** Where carousel `section`, released at `offset` with `velocity` (points per second along x) in a
   * view at `bounds`, comes to rest, by the service (docs/flow-layout.md §23.15); `options`:
   * `decelerationRate`, `frameRate` (then each frame's `offset`). */
  async carouselFling(section, offset, velocity, bounds, options = {}) {
    return this.#send('POST', '/fling', { bounds, section, offset, velocity: { x: velocity, y: 0 }, ...options });
  }

  /** Applies a batch of updates (`options`: `anchor`, `transitions`); resolves with the new layout and
   * the answer (its `contentOffsetAdjustment` and `transitions`). This layout keeps answering. */
  async update(updates, options = {}) {
    this.client.stats.updates += 1;
    const answer = await this.#send('POST', '/updates', { updates, ...options });
    const layout = new StoredLayout(this.client, this.description, [...this.history, updates], answer);
    return { layout, answer };
  }

  /** A scroller over this layout: see `BandScroller`. */
  scroller(options) {
    return new BandScroller(this, options);
  }
}

/**
 * Answers every frame's attributes from bands, asking the service only to refill them.
 *
 * A band spans `screensBehind` screens behind the view and `screensAhead` ahead of it, in the
 * direction of the scroll; when the view comes within `refillScreens` of the band's edge in the
 * direction it moves, the next band is fetched, so it arrives before the view leaves the old one.
 * Bands are kept per layout id: after an update, frames of the old layout still answer.
 */
export class BandScroller {
  constructor(layout, { scale = null, layoutDirection = 'leftToRight', parallax = null, screensBehind = 1, screensAhead = 3,
    refillScreens = 1, onBand = () => {}, onError = (error) => console.error(error) } = {}) {
    this.layout = layout;
    this.scale = scale;
    this.layoutDirection = layoutDirection;
    this.setParallax(parallax);
    this.screensBehind = screensBehind;
    this.screensAhead = screensAhead;
    this.refillScreens = refillScreens;
    this.onBand = onBand;
    this.onError = onError;
    this.bands = new Map();
    this.pending = new Map();
    /** Each carousel's offset (by section), its band (by layout and section) and its direction. */
    this.carouselOffsets = new Map();
    this.carouselBands = new Map();
    this.carouselDirections = new Map();
    this.direction = 1;
    this.lastOrigin = null;
    /** Frames answered, frames without a band to answer from, bands fetched after the first. */
    this.stats = { frames: 0, misses: 0, refills: 0 };
  }

  /** The `parallax` member of a request, computed on the device for every frame. */
  setParallax(spec) {
    this.parallaxSpec = spec;
    this.parallax = resolveParallax(spec, this.layout.contentInset);
  }

  /** Switches to another layout (the result of an update); the old one's bands are kept. */
  setLayout(layout) {
    this.layout = layout;
    this.setParallax(this.parallaxSpec);
  }

  get vertical() { return this.layout.scrollDirection === 'vertical'; }

  /** The attributes of the view at `bounds`, computed now from the band; null when no band holds the
   * view yet (one is on its way). Starts a refill when the view nears the band's edge. */
  view(bounds) {
    this.stats.frames += 1;
    const origin = this.vertical ? bounds.y : bounds.x;
    if (this.lastOrigin !== null && origin !== this.lastOrigin) this.direction = origin > this.lastOrigin ? 1 : -1;
    this.lastOrigin = origin;
    const band = this.bands.get(this.layout.id);
    if (!band || !band.contains(bounds)) {
      this.stats.misses += 1;
      this.#fetch(bounds);
      return null;
    }
    const margins = band.margins(bounds);
    const length = this.vertical ? bounds.height : bounds.width;
    if ((this.direction > 0 ? margins.after : margins.before) < this.refillScreens * length) this.#fetch(bounds);
    if (!band.carousels.size) return band.view(bounds, this.parallax);
    // Each carousel in view from its own band, at its own offset.
    const bands = new Map();
    for (const section of band.carouselsIn(bounds)) {
      const row = this.#carouselBand(band, section, bounds);
      if (!row) return null;
      bands.set(section, row);
    }
    return band.view(bounds, this.parallax, { offsets: this.carouselOffsets, bands });
  }

  /** Scrolls carousel `section` sideways to `offset` (the next `view` shows it there). */
  setCarouselOffset(section, offset) {
    const previous = this.carouselOffsets.get(section) ?? 0;
    if (offset !== previous) this.carouselDirections.set(section, offset > previous ? 1 : -1);
    this.carouselOffsets.set(section, offset);
  }

  /** A fling of carousel `section` at `velocity` (points per second along x) from its offset in a
   * view at `bounds`: the service's answer, whose `targetOffset` is where it ends and whose frames
   * (with `frameRate`) give its offset frame by frame. */
  async flingCarousel(section, velocity, bounds, options = {}) {
    return this.layout.carouselFling(section, this.carouselOffsets.get(section) ?? 0, velocity, bounds, options);
  }

  /** The band of carousel `section` covering `bounds` at its offset, or null while one is fetched;
   * refilled ahead, in the direction it last moved, when the view nears its end. */
  #carouselBand(band, section, bounds) {
    const key = `${this.layout.id}:${section}`;
    const offset = this.carouselOffsets.get(section) ?? 0;
    const stretch = CarouselBand.stretch(bounds, offset, { rightToLeft: band.rightToLeft, dimension: band.dimension });
    const row = this.carouselBands.get(key);
    const direction = this.carouselDirections.get(section) ?? 1;
    const fetch = () => {
      if (this.pending.has(key)) return;
      const [behind, ahead] = [this.screensBehind * bounds.width, this.screensAhead * bounds.width];
      const [before, after] = direction > 0 ? [behind, ahead] : [ahead, behind];
      const request = this.layout.carouselBand(section, { low: stretch.low - before, high: stretch.high + after })
        .then((fetched) => {
          if (this.carouselBands.has(key)) this.stats.refills += 1;
          this.carouselBands.set(key, fetched);
          this.onBand(band);
        }, (error) => this.onError(error))
        .finally(() => this.pending.delete(key));
      this.pending.set(key, request);
    };
    if (!row || !row.covers(stretch)) {
      this.stats.misses += 1;
      fetch();
      return null;
    }
    const margins = row.margins(stretch);
    if ((direction > 0 ? margins.after : margins.before) < this.refillScreens * bounds.width) fetch();
    return row;
  }

  /** The attributes of the view at `bounds`, waiting for the bands that hold it. */
  async viewWhenReady(bounds) {
    // The layout's band first, then its carousels' (known once it has come): a few rounds at most.
    for (let round = 0; round < 3; round++) {
      const now = this.view(bounds);
      if (now) return now;
      await Promise.all(this.pending.values());
    }
    return this.view(bounds);
  }

  /** The band's bounds for a view: the view's extent across the scroll axis, screens before and after
   * it along the scroll axis, more of them in the direction of the scroll. */
  bandBounds(bounds) {
    const length = this.vertical ? bounds.height : bounds.width;
    const [behind, ahead] = [this.screensBehind * length, this.screensAhead * length];
    const [before, after] = this.direction > 0 ? [behind, ahead] : [ahead, behind];
    return this.vertical
      ? { x: bounds.x, y: bounds.y - before, width: bounds.width, height: bounds.height + before + after }
      : { x: bounds.x - before, y: bounds.y, width: bounds.width + before + after, height: bounds.height };
  }

  #fetch(bounds) {
    const layout = this.layout;
    if (this.pending.has(layout.id)) return;
    const request = layout.band(this.bandBounds(bounds), { scale: this.scale, layoutDirection: this.layoutDirection })
      .then((band) => {
        if (this.bands.has(layout.id)) this.stats.refills += 1;
        this.bands.set(layout.id, band);
        this.onBand(band);
      }, (error) => this.onError(error))
      .finally(() => this.pending.delete(layout.id));
    this.pending.set(layout.id, request);
  }
}
