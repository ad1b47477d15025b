// The parallax effects of docs/parallax.md computed on the device, operation for operation as the
// service computes them (Sources/FlowLayout/Parallax), so that an offset computed here equals the
// service's for the same frame and bounds. Pure functions of a frame and the bounds: no history, no time.

const NO_INSETS = Object.freeze({ top: 0, left: 0, bottom: 0, right: 0 });

/** The effects a request's `parallax` member asks for, resolved as the service resolves them: presets
 * become `cover` with their fixed values, `insets: "contentInset"` the layout's content inset, and
 * defaults are filled in. The service checks the member (a scroll request carrying it answers 400 with
 * a pointer when it is wrong); this takes it as valid. */
export function resolveParallax(spec, contentInset = NO_INSETS) {
  if (!spec) return null;
  const insets = spec.insets === 'contentInset' ? contentInset : { ...NO_INSETS, ...spec.insets };
  const targetInset = { ...NO_INSETS, ...spec.targetInset };
  let cells = null;
  switch (spec.model) {
    case 'center':
    case 'cover':
      cells = {
        model: spec.model, maxOffset: spec.maxOffset, clamp: spec.clamp ?? false,
        reverse: spec.direction === 'reverse', insets, targetInset,
      };
      break;
    case 'whatsAppImage':
      cells = { model: 'cover', maxOffset: spec.imageOverflow / 2, clamp: true, reverse: false, insets, targetInset };
      break;
    case 'tableCellImage':
      cells = { model: 'cover', maxOffset: spec.factor, clamp: true, reverse: true, insets, targetInset: NO_INSETS };
      break;
  }
  const stretchHeader = spec.stretchHeader
    ? { height: spec.stretchHeader.height, factor: spec.stretchHeader.factor ?? 2 } : null;
  const backgrounds = (spec.backgrounds ?? []).map((layer) => ({
    position: layer.position, length: layer.length, rate: layer.rate ?? 1, overscrollRate: layer.overscrollRate ?? 1 / 3,
  }));
  const carousel = spec.carousel ? { minScale: spec.carousel.minScale, minAlpha: spec.carousel.minAlpha } : null;
  return { cells, stretchHeader, backgrounds, carousel };
}

/** A carousel cell's scale and alpha (docs/parallax.md §2.6): t from its centre's distance to the
 * centre of the row, which is `width` wide from x = 0. */
export function carouselLook(effect, frame, width) {
  const distance = Math.abs(frame.x + frame.width / 2 - width / 2);
  const t = width > 0 ? Math.min(1, distance / (width / 2)) : 1;
  return { scale: 1 - (1 - effect.minScale) * t, alpha: 1 - (1 - effect.minAlpha) * t };
}

/** A cell's offset along the scroll axis and, for `cover`, its progress (docs/parallax.md §2). `depth`
 * is the cell's own `maxOffset` when it has one. */
export function cellEffect(cells, frame, bounds, vertical, depth) {
  const m = depth ?? cells.maxOffset;
  const viewportOrigin = vertical ? bounds.y : bounds.x;
  const viewportLength = vertical ? bounds.height : bounds.width;
  let offset;
  let progress = null;
  if (cells.model === 'center') {
    const cellOrigin = vertical ? frame.y : frame.x;
    const cellLength = vertical ? frame.height : frame.width;
    // d · k with k = M / (H/2 + h/2): exactly ±M when the cell touches an edge of the bounds (§2.1).
    const distance = (viewportOrigin + viewportLength / 2) - (cellOrigin + cellLength / 2);
    offset = distance * (m / (viewportLength / 2 + cellLength / 2));
    if (cells.clamp) offset = Math.min(Math.max(offset, -m), m);
  } else {
    const [lead, trail] = vertical ? [cells.insets.top, cells.insets.bottom] : [cells.insets.left, cells.insets.right];
    const target = cells.targetInset;
    const [targetLead, targetTrail] = vertical ? [target.top, target.bottom] : [target.left, target.right];
    const targetStart = (vertical ? frame.y : frame.x) + targetLead;
    const targetLength = (vertical ? frame.height : frame.width) - targetLead - targetTrail;
    const onScreen = targetStart - viewportOrigin;
    // CSS view() cover progress through the inset viewport (§2.2).
    let c = ((viewportLength - trail) - onScreen) / ((viewportLength - lead - trail) + targetLength);
    if (cells.clamp) c = Math.min(Math.max(c, 0), 1);
    progress = c;
    offset = m * (2 * c - 1);
  }
  return { offset: cells.reverse ? -offset : offset, progress };
}

/** Michael Teeuw's stretchy header (§3.1): scrolls away at 1/factor, grows when pulled past rest. */
export function stretchHeaderFrame(header, bounds, vertical) {
  const origin = vertical ? bounds.y : bounds.x;
  const s = origin + header.height;
  const start = s >= 0 ? -header.height + s / header.factor : origin;
  const length = s >= 0 ? header.height : header.height - s;
  return vertical
    ? { x: bounds.x, y: start, width: bounds.width, height: length }
    : { x: start, y: bounds.y, width: length, height: bounds.height };
}

/** Path's overscroll background layer (§3.2): follows the content at `rate`, at `overscrollRate` when
 * pulled past the start. */
export function backgroundFrame(layer, bounds, vertical) {
  const origin = vertical ? bounds.y : bounds.x;
  const screen = layer.position - origin * (origin < 0 ? layer.overscrollRate : layer.rate);
  const start = screen + origin;
  return vertical
    ? { x: bounds.x, y: start, width: bounds.width, height: layer.length }
    : { x: start, y: bounds.y, width: layer.length, height: bounds.height };
}
