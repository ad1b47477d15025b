// A carousel band: an orthogonal section's cells at offset 0 over a stretch of its row (a band
// request's `carouselBands`, whatever the content's width), from which its
// cells at any offset are computed on the device, equal to the service's (docs/flow-layout.md §23.15):
// the service places a row's cell at (x + origin) − offset, so its frame at offset o is its frame at 0
// less o, bit for bit, before it is mirrored and rounded as the service does.

import { roundToPixel, touches } from './band.js';

export class CarouselBand {
  /**
   * @param cells the service's row for the stretch (`band.carousels[].attributes` of a request's
   *   `carouselBands`): the cells at offset 0 reaching `low` … `high` along x, left to right, unrounded
   * @param section the carousel's section
   */
  constructor(cells, section, { low, high }) {
    this.section = section;
    this.low = low;
    this.high = high;
    this.cells = cells;
  }

  /** The stretch of the row, at offset 0 and left to right, that a view at `bounds` shows at `offset`,
   * a point wider on each side (the service's own search margin). */
  static stretch(bounds, offset, { rightToLeft, dimension }) {
    const low = rightToLeft ? dimension - (bounds.x + bounds.width) : bounds.x;
    return { low: low + offset - 1, high: low + bounds.width + offset + 1 };
  }

  /** Whether the view's stretch (`CarouselBand.stretch`) lies inside the band's. */
  covers(stretch) {
    return stretch.low >= this.low && stretch.high <= this.high;
  }

  /** Room left before the stretch reaches the band's ends, towards lower and higher offsets. */
  margins(stretch) {
    return { before: stretch.low - this.low, after: this.high - stretch.high };
  }

  /** The row's cells touching `bounds` at `offset`, in item order, as the service answers them:
   * moved, mirrored inside `dimension` under right-to-left, origins rounded at `scale`. */
  cellsAt(bounds, offset, { scale, rightToLeft, dimension }) {
    const result = [];
    for (const cell of this.cells) {
      const f = cell.frame;
      let x = f.x - offset;
      if (rightToLeft) x = dimension - f.width - x;
      // `+ 0` makes −0 the 0 the service writes for it.
      const frame = { x: roundToPixel(x, scale) + 0, y: roundToPixel(f.y, scale) + 0, width: f.width, height: f.height };
      if (!touches(frame, bounds)) continue;
      result.push({ ...cell, frame, center: { x: frame.x + frame.width / 2 + 0, y: frame.y + frame.height / 2 + 0 } });
    }
    return result;
  }
}
