// The playground's carousels (docs/flow-layout.md §23.15): which row is under a point, sideways wheels
// and drags moving it, and a release flinging it to where the service says it rests, frame by frame.

export class Carousels {
  /** `scroller()`, `bounds()` and `draw()` read the page's current scroller, view and redraw it. */
  constructor({ scroller, bounds, draw }) {
    this.scroller = scroller;
    this.bounds = bounds;
    this.draw = draw;
    /** The last fling: `{section, offset, velocity, targetOffset}`, and the animation under way. */
    this.lastFling = null;
    this.flinging = null;
  }

  /** The band the view is drawn from, or null before it has come. */
  #band() {
    const scroller = this.scroller();
    return scroller?.bands.get(scroller.layout.id) ?? null;
  }

  /** The carousel whose row spans content y `y`, or null. */
  rowAt(y) {
    const band = this.#band();
    if (!band) return null;
    for (const section of band.carousels) {
      const span = band.sectionIndex.get(section);
      if (span && span.start <= y && y <= span.end) return section;
    }
    return null;
  }

  offset(section) {
    return this.scroller().carouselOffsets.get(section) ?? 0;
  }

  /** Moves carousel `section` to `offset`, kept in its range. */
  scrollTo(section, offset) {
    const range = this.#band()?.carouselRange(section) ?? { min: 0, max: 0 };
    this.scroller().setCarouselOffset(section, Math.min(range.max, Math.max(range.min, offset)));
    this.draw();
  }

  scrollBy(section, delta) {
    this.scrollTo(section, this.offset(section) + delta);
  }

  /** Flings carousel `section` at `velocity` (points per second of its offset): the service's answer
   * drawn frame by frame at 60 Hz, ending on its target. Resolves at rest. */
  async fling(section, velocity) {
    const offset = this.offset(section);
    const answer = await this.scroller().flingCarousel(section, velocity, this.bounds(), { frameRate: 60 });
    this.lastFling = { section, offset, velocity, targetOffset: answer.targetOffset };
    const frames = answer.frames.map((frame) => frame.offset);
    this.flinging = new Promise((resolve) => {
      let index = 0;
      const step = () => {
        this.scroller().setCarouselOffset(section, frames[index]);
        this.draw();
        index += 1;
        if (index < frames.length) requestAnimationFrame(step); else resolve();
      };
      requestAnimationFrame(step);
    });
    await this.flinging;
    this.flinging = null;
  }
}
