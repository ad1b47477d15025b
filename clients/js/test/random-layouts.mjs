// Random layout descriptions, parallax members and views for the client's tests, from a seed.

/** SplitMix64 on BigInt, as Sources/SeededRandom: the same seed gives the same cases everywhere. */
export function random(seed) {
  let state = BigInt.asUintN(64, BigInt(seed));
  const next = () => {
    state = BigInt.asUintN(64, state + 0x9E3779B97F4A7C15n);
    let z = state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94D049BB133111EBn);
    return z ^ (z >> 31n);
  };
  const unit = () => Number(next() >> 11n) / 2 ** 53;
  const r = {
    unit,
    int: (low, high) => low + Math.floor(unit() * (high - low + 1)),
    chance: (p) => unit() < p,
    pick: (list) => list[Math.floor(unit() * list.length)],
    /** A length on a quarter-point grid (exact in binary) or, sometimes, any double. */
    length: (low, high) => (unit() < 0.8 ? Math.round((low + unit() * (high - low)) * 4) / 4 : low + unit() * (high - low)),
  };
  return r;
}

const insets = (r, high) => ({ top: r.length(0, high), left: r.length(0, high), bottom: r.length(0, high), right: r.length(0, high) });

/** A registration body: one to four sections of listed or counted items, spacing, insets, headers and
 * footers (pinned or not), alignments or the CSS mode, per-item depths, estimates. */
export function randomDescription(r) {
  const vertical = r.chance(0.7);
  const across = r.length(200, 600);
  const css = r.chance(0.12);
  const layout = css ? { flexDirection: vertical ? 'row' : 'column' } : { scrollDirection: vertical ? 'vertical' : 'horizontal' };
  const itemSize = { width: r.length(20, 160), height: r.length(20, 160) };
  if (r.chance(0.5)) layout.itemSize = itemSize;
  if (css) {
    layout.mode = 'css';
    layout.justifyContent = r.pick(['flex-start', 'center', 'flex-end', 'space-between', 'space-around', 'space-evenly']);
    layout.alignItems = r.pick(['flex-start', 'center', 'flex-end', 'stretch']);
    layout.rowGap = r.length(0, 12);
    layout.columnGap = r.length(0, 12);
  } else {
    if (r.chance(0.6)) layout.minimumLineSpacing = r.length(0, 20);
    if (r.chance(0.6)) layout.minimumInteritemSpacing = r.length(0, 20);
    if (r.chance(0.5)) layout.sectionInset = insets(r, 24);
    if (r.chance(0.4)) layout.headerReferenceSize = { width: r.length(10, 60), height: r.length(10, 60) };
    if (r.chance(0.3)) layout.footerReferenceSize = { width: r.length(10, 60), height: r.length(10, 60) };
    if (r.chance(0.4)) layout.sectionHeadersPinToVisibleBounds = true;
    if (r.chance(0.3)) layout.sectionFootersPinToVisibleBounds = true;
    if (r.chance(0.3)) layout.lineAlignment = r.pick(['leading', 'center', 'trailing', 'justified']);
    if (r.chance(0.3)) layout.crossAlignment = r.pick(['start', 'center', 'end']);
    if (r.chance(0.1)) layout.estimatedItemSize = { width: r.length(40, 120), height: r.length(40, 120) };
    if (r.chance(0.2)) layout.masonry = randomMasonry(r);
  }
  const sections = [];
  const sectionCount = r.int(1, 4);
  for (let s = 0; s < sectionCount; s++) {
    if (r.chance(0.3)) {
      sections.push({ itemCount: r.int(0, 400) });
    } else {
      const items = [];
      const count = r.int(0, 120);
      const sizes = [itemSize, { width: r.length(10, 200), height: r.length(10, 200) }];
      for (let i = 0; i < count; i++) {
        const size = r.chance(0.4) ? r.pick(sizes) : { width: r.length(10, 200), height: r.length(10, 200) };
        const item = { ...size };
        if (r.chance(0.05)) item.maxOffset = r.length(0, 40);
        if (layout.masonry && r.chance(0.05)) item.fullSpan = true;
        else if (layout.masonry && r.chance(0.05)) item.column = r.int(0, 4);
        items.push(layout.estimatedItemSize && r.chance(0.3) ? {} : item);
      }
      sections.push({ items });
    }
    if (!css && r.chance(0.1)) sections[sections.length - 1].masonry = randomMasonry(r);
    if (!css && r.chance(0.2)) {
      const section = sections[sections.length - 1];
      delete section.masonry;
      section.compositional = randomCompositional(r, vertical);
      if (section.items) section.items = section.items.map((item) => (r.chance(0.3) ? {} : { width: item.width ?? 50, height: item.height ?? 50 }));
    }
  }
  const compositional = sections.some((section) => section.compositional);
  const along = r.length(300, 900);
  const description = {
    viewport: vertical ? { width: across, ...(compositional ? { height: along } : {}) } : { height: across, ...(compositional ? { width: along } : {}) },
    layout, sections,
  };
  if (compositional && r.chance(0.3)) layout.interSectionSpacing = r.length(0, 20);
  if (r.chance(0.5)) description.contentInset = { top: r.length(0, 100), left: r.length(0, 40), bottom: r.length(0, 80), right: r.length(0, 40) };
  return description;
}

/** A `compositional` member (docs/flow-layout.md §23): a group of items or of a nested group, with
 * fractional, absolute or estimated dimensions, spacings, insets; headers, footers, a background and
 * orthogonal scrolling where the layout allows them. */
export function randomCompositional(r, vertical) {
  const dimension = (low, high) => r.pick([
    { absolute: r.length(low, high) }, { fractionalWidth: r.pick([0.25, 0.5, 1 / 3, 0.8, 1]) },
    { fractionalHeight: r.pick([0.1, 0.25, 0.5]) }, { estimated: r.length(low, high) },
  ]);
  const spacing = () => (r.chance(0.5) ? { fixed: r.length(0, 12) } : { flexible: r.length(0, 12) });
  const item = () => {
    const it = { width: dimension(20, 200), height: dimension(20, 200) };
    if (r.chance(0.3)) it.contentInsets = { top: r.length(0, 6), leading: r.length(0, 6), bottom: r.length(0, 6), trailing: r.length(0, 6) };
    if (r.chance(0.2)) it.edgeSpacing = { top: spacing(), leading: spacing() };
    return it;
  };
  const group = (depth) => {
    const g = { direction: r.pick(['horizontal', 'vertical']), width: dimension(60, 400), height: dimension(40, 300), subitems: [] };
    if (r.chance(0.25)) {
      g.count = r.int(1, 4);
      g.subitems.push(item());
    } else {
      const n = r.int(1, 3);
      for (let i = 0; i < n; i++) g.subitems.push(depth < 2 && r.chance(0.25) ? { group: group(depth + 1) } : item());
    }
    if (r.chance(0.5)) g.interItemSpacing = spacing();
    if (r.chance(0.3)) g.contentInsets = { top: r.length(0, 8), leading: r.length(0, 8), bottom: r.length(0, 8), trailing: r.length(0, 8) };
    return g;
  };
  const section = { group: group(0) };
  if (r.chance(0.5)) section.interGroupSpacing = r.length(0, 16);
  if (r.chance(0.5)) section.contentInsets = { top: r.length(0, 16), leading: r.length(0, 16), bottom: r.length(0, 16), trailing: r.length(0, 16) };
  if (r.chance(0.3)) section.background = r.chance(0.5) ? {} : { contentInsets: { top: r.length(0, 8), leading: r.length(0, 8) } };
  if (vertical) {
    if (r.chance(0.4)) section.header = { width: { fractionalWidth: 1 }, height: { absolute: r.length(20, 60) }, pinToVisibleBounds: r.chance(0.5) };
    if (r.chance(0.3)) section.footer = { width: { fractionalWidth: r.pick([0.5, 1]) }, height: { absolute: r.length(10, 40) }, pinToVisibleBounds: r.chance(0.5) };
    if (r.chance(0.2)) section.orthogonalScrolling = r.pick(ROW_BEHAVIOURS);
  }
  return section;
}

/** How a carousel scrolls (docs/flow-layout.md §23.15). */
export const ROW_BEHAVIOURS = ['continuous', 'continuousGroupLeadingBoundary', 'paging', 'groupPaging', 'groupPagingCentered'];

/** A vertical layout of one to four compositional sections, most of them carousels of listed cells
 * (some at the estimate, measured widths varying the groups) or counted ones, maybe a content inset. */
export function randomCarousels(r) {
  const sections = Array.from({ length: r.int(1, 4) }, () => {
    const compositional = randomCompositional(r, true);
    if (r.chance(0.8)) compositional.orthogonalScrolling = r.pick(ROW_BEHAVIOURS);
    if (r.chance(0.3)) return { itemCount: r.int(0, 200), compositional };
    const items = Array.from({ length: r.int(0, 80) }, () => (r.chance(0.2) ? {} : { width: r.length(20, 240), height: r.length(20, 200) }));
    return { items, compositional };
  });
  const description = { viewport: { width: r.length(240, 600), height: r.length(300, 900) }, sections };
  if (r.chance(0.4)) description.contentInset = { top: r.length(0, 60), left: r.length(0, 30), bottom: r.length(0, 60), right: r.length(0, 30) };
  return description;
}

/** A `masonry` member (docs/flow-layout.md §22): a column count or a minimum width, the spacing,
 * the placement rule and the sizing. */
function randomMasonry(r) {
  const masonry = r.chance(0.7) ? { columns: r.int(1, 5) } : { minimumColumnWidth: r.length(60, 200) };
  if (r.chance(0.5)) masonry.columnSpacing = r.length(0, 16);
  if (r.chance(0.3)) masonry.placement = 'ordered';
  if (r.chance(0.3)) masonry.itemSizing = 'height';
  return masonry;
}

/** A `parallax` member: one of the four cell models with random parameters, and/or the layers. */
export function randomParallax(r) {
  const spec = {};
  const model = r.pick(['center', 'cover', 'whatsAppImage', 'tableCellImage', null]);
  const someInsets = () => (r.chance(0.3) ? 'contentInset' : { top: r.length(0, 100), bottom: r.length(0, 80), left: r.length(0, 60), right: r.length(0, 60) });
  switch (model) {
    case 'center':
    case 'cover':
      spec.model = model;
      spec.maxOffset = r.length(0, 60);
      if (r.chance(0.5)) spec.clamp = r.chance(0.5);
      if (r.chance(0.5)) spec.direction = r.pick(['natural', 'reverse']);
      if (model === 'cover' && r.chance(0.5)) spec.insets = someInsets();
      if (model === 'cover' && r.chance(0.4)) spec.targetInset = { top: r.length(0, 20), bottom: r.length(0, 40), left: r.length(0, 10), right: r.length(0, 10) };
      break;
    case 'whatsAppImage':
      spec.model = model;
      spec.imageOverflow = r.length(0, 60);
      if (r.chance(0.5)) spec.insets = someInsets();
      if (r.chance(0.5)) spec.targetInset = { bottom: r.length(0, 60) };
      break;
    case 'tableCellImage':
      spec.model = model;
      spec.factor = r.length(0, 80);
      if (r.chance(0.5)) spec.insets = someInsets();
      break;
  }
  if (!model || r.chance(0.3)) spec.stretchHeader = { height: r.length(50, 300), ...(r.chance(0.5) ? { factor: r.length(1, 4) } : {}) };
  if (r.chance(0.4)) spec.carousel = { minScale: r.pick([0, 0.5, r.unit()]), minAlpha: r.pick([1, 0.25, r.unit()]) };
  if (!model || r.chance(0.3)) {
    spec.backgrounds = Array.from({ length: r.int(1, 3) }, () => ({
      position: r.length(-200, 200), length: r.length(50, 600),
      ...(r.chance(0.5) ? { rate: r.length(0, 1.5) } : {}), ...(r.chance(0.5) ? { overscrollRate: r.length(0, 1) } : {}),
    }));
  }
  return spec;
}
