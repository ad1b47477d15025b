// A band: the service's attributes for bounds several screens long, from which the attributes of any
// view inside it are computed on the device, equal to the service's answer for that view
// (docs/flow-layout.md §19): cells picked from the band, headers and footers pinned here from the
// sections' spans, parallax computed here (parallax.js).

import { backgroundFrame, carouselLook, cellEffect, stretchHeaderFrame } from './parallax.js';

/** Closed intersection, as the service's `Rect.touches`: rectangles meeting along an edge intersect. */
export function touches(a, b) {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** An origin coordinate on the pixel grid of `scale`, half away from zero (docs/flow-layout.md §8). */
export function roundToPixel(value, scale) {
  if (scale == null) return value;
  const away = (v) => (v < 0 ? -Math.round(-v) : Math.round(v));
  return scale === 1 ? away(value) : away(value * scale) / scale;
}

const isEmpty = (rect) => !(rect.width > 0 && rect.height > 0);

/** The first index of a monotone array where `reached` turns true (its length when never). */
function firstIndex(values, reached) {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (reached(values[middle])) high = middle; else low = middle + 1;
  }
  return low;
}

export class Band {
  /**
   * @param answer the service's answer to a band request (`"band": true`) for `bounds`
   * @param bounds the band's bounds; `options` the request's `scale` and `layoutDirection`
   */
  constructor(answer, bounds, { scrollDirection, contentInset, scale = null, layoutDirection = 'leftToRight' }) {
    this.bounds = bounds;
    this.vertical = scrollDirection === 'vertical';
    this.contentInset = contentInset;
    this.scale = scale;
    this.rightToLeft = layoutDirection === 'rightToLeft';
    this.contentSize = answer.contentSize;
    this.cells = answer.attributes.filter((element) => element.kind === 'cell');
    // Compositional sections' backgrounds (docs/flow-layout.md §23.12): they never move with the view.
    this.sectionBackgrounds = answer.attributes.filter((element) => element.kind === 'sectionBackground');
    this.pinsHeaders = answer.band.pinsHeaders;
    this.pinsFooters = answer.band.pinsFooters;
    this.orderedSections = answer.band.orderedSections;
    this.sections = answer.band.sections;
    this.sectionIndex = new Map(this.sections.map((span) => [span.section, span]));
    this.depths = new Map(answer.band.depths.map((d) => [`${d.section},${d.item}`, d.maxOffset]));
    // Carousels (orthogonal sections, vertical layouts only): their cells come from carousel bands
    // when a view names their offsets, and move along x against the row for parallax.
    this.carousels = new Set((answer.orthogonalSections ?? []).map((row) => row.section));
    this.rowWidths = new Map((answer.orthogonalSections ?? []).map((row) => [row.section, row.contentWidth]));
    this.dimension = this.contentSize.width;
    // Cells are in the answer's order, not sorted along the scroll axis (a line's cells start where
    // their alignment puts them, sections may overlap), so a view's candidates are bracketed by the
    // running maximum of their ends (from the first) and the running minimum of their starts (from
    // the last), both monotone: two binary searches and a scan of the cells in between.
    const count = this.cells.length;
    this.reachBefore = new Float64Array(count);
    this.startAfter = new Float64Array(count);
    let reach = -Infinity;
    for (let index = 0; index < count; index++) {
      const frame = this.cells[index].frame;
      reach = Math.max(reach, this.vertical ? frame.y + frame.height : frame.x + frame.width);
      this.reachBefore[index] = reach;
    }
    let start = Infinity;
    for (let index = count - 1; index >= 0; index--) {
      const frame = this.cells[index].frame;
      start = Math.min(start, this.vertical ? frame.y : frame.x);
      this.startAfter[index] = start;
    }
  }

  /** Whether a view at `bounds` can be computed from this band: inside it along the scroll axis, and
   * the same across it (the band was fetched for the view's extent across the scroll axis). */
  contains(bounds) {
    const b = this.bounds;
    return this.vertical
      ? bounds.x === b.x && bounds.width === b.width && bounds.y >= b.y && bounds.y + bounds.height <= b.y + b.height
      : bounds.y === b.y && bounds.height === b.height && bounds.x >= b.x && bounds.x + bounds.width <= b.x + b.width;
  }

  /** Room left before the view reaches the band's edge in each direction along the scroll axis. */
  margins(bounds) {
    const [low, length, bandLow, bandLength] = this.vertical
      ? [bounds.y, bounds.height, this.bounds.y, this.bounds.height]
      : [bounds.x, bounds.width, this.bounds.x, this.bounds.width];
    return { before: low - bandLow, after: bandLow + bandLength - (low + length) };
  }

  /** The attributes the service answers for `bounds` (inside the band) with `parallax` (resolved by
   * `resolveParallax`): the same elements in the same order, frames equal, offsets equal. With
   * `carousels` (`{offsets, bands}`: maps from a carousel's section to its offset and to a
   * `CarouselBand` covering the view there), each carousel's cells at its offset. */
  view(bounds, parallax = null, carousels = null) {
    const result = [];
    if (!isEmpty(bounds) && (this.vertical ? this.contentSize.width : this.contentSize.height) > 0) {
      if (carousels && this.carousels.size) this.#appendCellsWithCarousels(bounds, carousels, result);
      else this.#appendCells(bounds, result);
      this.#appendSupplementaries('header', bounds, result);
      this.#appendSupplementaries('footer', bounds, result);
      for (const background of this.sectionBackgrounds) {
        if (this.#sectionTouches(this.sectionIndex.get(background.section), bounds) && touches(background.frame, bounds)) {
          result.push(background);
        }
      }
    }
    if (parallax) this.#applyParallax(parallax, bounds, result);
    return result;
  }

  /** Whether a section's elements may touch `bounds`: its span does (the service's section filter). */
  #sectionTouches(span, bounds) {
    if (!this.orderedSections) return true;
    if (this.vertical) return span.start <= bounds.y + bounds.height && bounds.y <= span.end;
    // A right-to-left horizontal layout is searched with the bounds mirrored across the content width.
    const low = this.rightToLeft ? this.contentSize.width - (bounds.x + bounds.width) : bounds.x;
    return span.start <= low + bounds.width && low <= span.end;
  }

  #appendCells(bounds, result) {
    const low = this.vertical ? bounds.y : bounds.x;
    const high = low + (this.vertical ? bounds.height : bounds.width);
    // Cells before `first` end before the view; cells from `end` on start after it.
    const first = firstIndex(this.reachBefore, (reach) => reach >= low);
    const end = firstIndex(this.startAfter, (start) => start > high);
    let section = -1;
    let sectionTouches = false;
    for (let index = first; index < end; index++) {
      const cell = this.cells[index];
      if (cell.section !== section) {
        section = cell.section;
        sectionTouches = this.#sectionTouches(this.sectionIndex.get(section), bounds);
      }
      if (sectionTouches && touches(cell.frame, bounds)) result.push(cell);
    }
  }

  /** The offsets carousel `section` rests in: 0 to its content width less the row's (§23.15). */
  carouselRange(section) {
    return { min: 0, max: Math.max(0, (this.rowWidths.get(section) ?? 0) - this.dimension) };
  }

  /** The layout's sections of the carousels in view, ascending: those whose spans touch `bounds`. */
  carouselsIn(bounds) {
    return [...this.carousels].filter((section) => {
      const span = this.sectionIndex.get(section);
      return span && this.#sectionTouches(span, bounds);
    }).sort((a, b) => a - b);
  }

  /** The band's cells but the carousels', merged by section with each carousel's at its offset: the
   * service lists a view's cells section by section. */
  #appendCellsWithCarousels(bounds, { offsets, bands }, result) {
    const others = [];
    this.#appendCells(bounds, others);
    const options = { scale: this.scale, rightToLeft: this.rightToLeft, dimension: this.dimension };
    const rows = this.carouselsIn(bounds);
    const place = (section) => result.push(...bands.get(section).cellsAt(bounds, offsets.get(section) ?? 0, options));
    let row = 0;
    for (const cell of others) {
      if (this.carousels.has(cell.section)) continue;
      while (row < rows.length && rows[row] < cell.section) place(rows[row++]);
      result.push(cell);
    }
    while (row < rows.length) place(rows[row++]);
  }

  #appendSupplementaries(kind, bounds, result) {
    for (const span of this.sections) {
      const natural = span[kind];
      if (!natural || !this.#sectionTouches(span, bounds)) continue;
      const frame = this.#pinned(kind, span, natural, bounds);
      if (!touches(frame, bounds)) continue;
      result.push({
        kind, section: span.section, frame,
        center: { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 }, zIndex: 10,
      });
    }
  }

  /** A header's or footer's frame for a view at `bounds`: pinned when the layout pins, then rounded
   * (docs/flow-layout.md §10), as `BaseLayout.supplementaryFrame`. */
  #pinned(kind, span, natural, bounds) {
    const v = this.vertical;
    const length = v ? natural.height : natural.width;
    let scroll = v ? natural.y : natural.x;
    const mirrored = this.rightToLeft && !v;
    const width = this.contentSize.width;
    const [sectionMin, sectionMax] = mirrored ? [width - span.end, width - span.start] : [span.start, span.end];
    const headerLength = span.header ? (v ? span.header.height : span.header.width) : 0;
    const footerLength = span.footer ? (v ? span.footer.height : span.footer.width) : 0;
    const inset = this.contentInset;
    const visibleMin = (v ? bounds.y : bounds.x) + (v ? inset.top : inset.left);
    const visibleMax = (v ? bounds.y + bounds.height : bounds.x + bounds.width) - (v ? inset.bottom : inset.right);
    // A compositional section pins by its own header and footer (docs/flow-layout.md §23.9).
    if (kind === 'header' && (span.pinsHeader ?? this.pinsHeaders)) {
      if (mirrored) {
        if (visibleMax < scroll + length) scroll = visibleMax - length;
        if (scroll - footerLength < sectionMin) scroll = sectionMin + footerLength;
      } else {
        scroll = Math.max(scroll, visibleMin);
        if (scroll + headerLength + footerLength > sectionMax) scroll = sectionMax - footerLength - headerLength;
      }
    } else if (kind === 'footer' && (span.pinsFooter ?? this.pinsFooters)) {
      if (visibleMax < scroll + length) scroll = visibleMax - length;
      if (scroll - headerLength < sectionMin) scroll = sectionMin + headerLength;
    }
    const frame = v
      ? { x: natural.x, y: scroll, width: natural.width, height: length }
      : { x: scroll, y: natural.y, width: length, height: natural.height };
    if (this.scale == null) return frame;
    return { ...frame, x: roundToPixel(frame.x, this.scale), y: roundToPixel(frame.y, this.scale) };
  }

  #applyParallax(parallax, bounds, result) {
    const v = this.vertical;
    if (parallax.cells) {
      for (let index = 0; index < result.length; index++) {
        const cell = result[index];
        if (cell.kind !== 'cell') continue;
        const depth = this.depths.size ? this.depths.get(`${cell.section},${cell.item}`) : undefined;
        // A carousel's cells move along x against the row: x from 0 to the content's width (§2.6).
        const sideways = this.carousels.has(cell.section);
        const view = sideways ? { x: 0, y: bounds.y, width: this.dimension, height: bounds.height } : bounds;
        const effect = cellEffect(parallax.cells, cell.frame, view, v && !sideways, depth);
        const withOffset = { ...cell, parallaxOffset: v && !sideways ? { x: 0, y: effect.offset } : { x: effect.offset, y: 0 } };
        if (effect.progress !== null) withOffset.progress = effect.progress;
        result[index] = withOffset;
      }
    }
    if (parallax.carousel && this.carousels.size) {
      for (let index = 0; index < result.length; index++) {
        const cell = result[index];
        if (cell.kind === 'cell' && this.carousels.has(cell.section)) {
          result[index] = { ...cell, ...carouselLook(parallax.carousel, cell.frame, this.dimension) };
        }
      }
    }
    const layer = (kind, frame, extra) => ({
      kind, ...extra, frame, center: { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 },
      zIndex: kind === 'stretchHeader' ? -1 : -2,
    });
    if (parallax.stretchHeader) {
      const frame = stretchHeaderFrame(parallax.stretchHeader, bounds, v);
      if (touches(frame, bounds)) result.push(layer('stretchHeader', frame, {}));
    }
    parallax.backgrounds.forEach((background, index) => {
      const frame = backgroundFrame(background, bounds, v);
      if (touches(frame, bounds)) result.push(layer('background', frame, { layer: index }));
    });
  }
}
