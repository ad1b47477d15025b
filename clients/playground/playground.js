// The playground: a request editor, and the layout drawn as a scrolling view of real elements whose
// images move by their parallax offsets, every frame computed on the page from bands (clients/js).

import { LayoutdClient, ProblemError } from './layoutd.js';
import { Carousels } from './carousels.js';
import { formatJSON, lineOfPointer } from './json-lines.js';
import { presets } from './presets.js';

const $ = (selector) => document.querySelector(selector);
const VIEW_OPTIONS = ['parallax', 'scale', 'layoutDirection'];
// How far a drag may pull the content past either end, and how much of the pull it follows.
const OVERSCROLL = 320;
const RESISTANCE = 0.5;

// How far a pointer moves before a drag is taken as sideways (a carousel) or along the list.
const DRAG_SLOP = 4;

const client = new LayoutdClient();
const page = {
  preset: null, request: null, lineOf: new Map(), problemLine: 0, layout: null, scroller: null,
  offset: { x: 0, y: 0 }, view: [], nodes: new Map(), frameTimes: [], frames: 0, pending: null,
};
const carousels = new Carousels({ scroller: () => page.scroller, bounds: () => bounds(), draw: () => draw() });

// ---- The request: editor, registration, problems ----

function showProblem(problem, pointer) {
  const box = $('#problem');
  if (!problem) {
    box.hidden = true;
    box.removeAttribute('data-pointer');
    box.removeAttribute('data-line');
    $('#editor-marker').hidden = true;
    return;
  }
  const line = pointer == null ? problem.line ?? 0 : lineOfPointer(page.lineOf, pointer);
  box.hidden = false;
  box.dataset.pointer = pointer ?? '';
  box.dataset.line = String(line);
  box.textContent = `${pointer ? `${pointer}: ` : ''}${problem.detail ?? problem.message}`;
  // The field's line scrolled to the editor's middle, and marked.
  const editor = $('#editor');
  editor.scrollTop = Math.max(0, line * parseFloat(getComputedStyle(editor).lineHeight) - editor.clientHeight / 2);
  page.problemLine = line;
  $('#editor-marker').hidden = false;
  placeMarker();
}

/** The marker over the problem's line, wherever the editor is scrolled. */
function placeMarker() {
  const editor = $('#editor');
  const style = getComputedStyle(editor);
  $('#editor-marker').style.top = `${page.problemLine * parseFloat(style.lineHeight) + parseFloat(style.paddingTop) - editor.scrollTop}px`;
}

function setEditor(request) {
  const { text, lineOf } = formatJSON(request);
  $('#editor').value = text;
  page.lineOf = lineOf;
}

/** The request split as the service takes it: the description to register, and the view's options. */
function split(request) {
  const description = {};
  const options = {};
  for (const [key, value] of Object.entries(request)) (VIEW_OPTIONS.includes(key) ? options : description)[key] = value;
  return { description, options };
}

async function apply() {
  let request;
  try {
    request = JSON.parse($('#editor').value);
  } catch (error) {
    const at = Number(/position (\d+)/.exec(error.message)?.[1] ?? 0);
    showProblem({ message: error.message, line: $('#editor').value.slice(0, at).split('\n').length - 1 }, null);
    return false;
  }
  setEditor(request);
  const { description, options } = split(request);
  const size = { width: request.viewport?.width ?? 0, height: request.viewport?.height ?? 0 };
  try {
    const layout = await client.register(description);
    // One view with the options, for the service to check them (a 400 names the field).
    await layout.attributes({ x: 0, y: 0, ...size }, options);
    page.layout = layout;
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    // A view's bounds are the editor's viewport.
    const pointer = error.pointer?.startsWith('/bounds') ? '/viewport' : error.pointer;
    showProblem(error.problem, pointer);
    return false;
  }
  showProblem(null);
  page.request = request;
  page.size = size;
  page.scroller = page.layout.scroller({
    scale: options.scale ?? null, layoutDirection: options.layoutDirection ?? 'leftToRight', parallax: options.parallax ?? null,
    onBand: () => draw(), onError: (error) => console.error(error),
  });
  setUpViewport();
  const range = scrollRange();
  page.offset = { x: vertical() ? 0 : range.min, y: vertical() ? range.min : 0 };
  clearNodes();
  await page.scroller.viewWhenReady(bounds());
  draw();
  return true;
}

async function load(name) {
  page.preset = name;
  $('#preset').value = name;
  $('#note').textContent = presets[name].note;
  $('#measure').hidden = !presets[name].measures;
  setEditor(presets[name].request);
  const applied = await apply();
  await nextFrame();
  return applied;
}

/**
 * "Measures" three cells of the view at new sizes (as a device measuring images that arrive late
 * would), with `keepColumns` (docs/flow-layout.md §22.5), and shows the view of the result: the
 * measured cells change height and what is below them slides, but no cell changes column.
 * Resolves with the cells measured and the columns of the view's cells before and after.
 */
async function measure() {
  const cells = page.view.filter((element) => element.kind === 'cell' && element.column !== undefined);
  if (cells.length === 0) return null;
  const columns = (view) => Object.fromEntries(view.filter((element) => element.kind === 'cell')
    .map((element) => [`${element.section}.${element.item}`, element.column ?? null]));
  const before = columns(page.view);
  page.measured = (page.measured ?? 0) + 1;
  const picked = [0, 1, 2].map((n) => cells[(page.measured * 7 + n * 5) % cells.length]);
  const updates = picked.map((cell, n) => ({
    op: 'resizeItems', section: cell.section, at: cell.item,
    sizes: [{ width: 100, height: 60 + ((page.measured * 37 + n * 53) % 140) }],
  }));
  const { layout } = await page.layout.update(updates, { keepColumns: true });
  page.layout = layout;
  page.scroller.setLayout(layout);
  await page.scroller.viewWhenReady(bounds());
  draw();
  const after = columns(page.view);
  const kept = Object.keys(after).every((key) => !(key in before) || before[key] === after[key]);
  $('#note').textContent = `Measured ${picked.map((cell) => `${cell.section}.${cell.item}`).join(', ')} with keepColumns: `
    + (kept ? 'every cell in view kept its column.' : 'a cell changed column!');
  return { measured: picked.map((cell) => [cell.section, cell.item]), before, after };
}

// ---- The scroll view ----

const vertical = () => page.layout.scrollDirection === 'vertical';
const inset = () => ({ top: 0, left: 0, bottom: 0, right: 0, ...page.request.contentInset });

/** UIKit's scrollable range along the scroll axis: from −inset.lead to content + inset.trail − view. */
function scrollRange() {
  const i = inset();
  const [lead, trail, content, view] = vertical()
    ? [i.top, i.bottom, page.layout.contentSize.height, page.size.height]
    : [i.left, i.right, page.layout.contentSize.width, page.size.width];
  return { min: -lead, max: Math.max(-lead, content + trail - view) };
}

function bounds() {
  return { x: page.offset.x, y: page.offset.y, width: page.size.width, height: page.size.height };
}

function setUpViewport() {
  const viewport = $('#viewport');
  viewport.style.width = `${page.size.width}px`;
  viewport.style.height = `${page.size.height}px`;
  const i = inset();
  const bars = presets[page.preset]?.bars && page.request.contentInset;
  $('#bar-top').hidden = !bars;
  $('#bar-bottom').hidden = !bars;
  if (bars) {
    $('#bar-top').style.height = `${i.top}px`;
    $('#bar-bottom').style.height = `${i.bottom}px`;
  }
}

function scrollBy(dx, dy, { overscroll = false } = {}) {
  const range = scrollRange();
  const along = vertical() ? 'y' : 'x';
  const delta = vertical() ? dy : dx;
  const low = range.min - (overscroll ? OVERSCROLL : 0);
  const high = range.max + (overscroll ? OVERSCROLL : 0);
  page.offset[along] = Math.min(high, Math.max(low, page.offset[along] + delta));
  requestDraw();
}

function requestDraw() {
  page.pending ??= requestAnimationFrame(() => {
    page.pending = null;
    draw();
  });
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

/** Draws the view, waiting for the bands it needs (the list's, its carousels') when none holds it. */
async function drawn() {
  while (!draw() && page.scroller.pending.size) await Promise.all(page.scroller.pending.values());
  await nextFrame();
}

// ---- Drawing ----

function clearNodes() {
  for (const node of page.nodes.values()) node.remove();
  page.nodes.clear();
}

const keyOf = (element) => `${element.kind}:${element.section ?? 0}:${element.item ?? element.layer ?? 0}`;

function hue(element) {
  const n = element.kind === 'cell' ? element.section * 7919 + element.item : (element.layer ?? 0) * 97 + 13;
  return (n * 47) % 360;
}

function makeNode(element) {
  const node = document.createElement('div');
  node.className = `element ${element.kind}`;
  node.dataset.kind = element.kind;
  if (element.section !== undefined) node.dataset.section = element.section;
  if (element.item !== undefined) node.dataset.item = element.item;
  if (element.layer !== undefined) node.dataset.layer = element.layer;
  const h = hue(element);
  if (element.kind === 'cell') {
    const target = document.createElement('div');
    target.className = 'target';
    const image = document.createElement('div');
    image.className = 'image';
    image.style.backgroundImage = `repeating-linear-gradient(45deg, hsla(0,0%,100%,.16) 0 10px, transparent 10px 20px), linear-gradient(160deg, hsl(${h} 75% 62%), hsl(${(h + 50) % 360} 70% 35%))`;
    target.append(image);
    node.append(target);
  } else if (element.kind === 'stretchHeader') {
    node.style.backgroundImage = 'radial-gradient(circle at 30% 110%, #ffd27a, #e8663d 45%, #3a1c4a)';
  } else if (element.kind === 'background') {
    node.style.backgroundImage = `repeating-radial-gradient(circle at 50% 0, hsla(${h},70%,60%,.5) 0 14px, hsla(${h},70%,40%,.25) 14px 28px)`;
  }
  const label = document.createElement('span');
  label.className = 'label';
  label.textContent = element.kind === 'cell' ? `${element.section}.${element.item}`
    : element.kind === 'background' ? `background ${element.layer}` : element.kind === 'stretchHeader' ? 'stretchHeader' : `${element.kind} ${element.section}`;
  node.append(label);
  $('#content').append(node);
  return node;
}

/** The room an image has on each side along the scroll axis: the cell's largest offset. */
function room(element) {
  const parallax = page.scroller.parallax?.cells;
  if (!parallax) return 0;
  const band = page.scroller.bands.get(page.layout.id);
  const depth = band?.depths.get(`${element.section},${element.item}`);
  return Math.abs(depth ?? parallax.maxOffset);
}

function place(node, element) {
  const { x, y, width, height } = element.frame;
  node.style.transform = `translate(${x}px, ${y}px)`;
  node.style.width = `${width}px`;
  node.style.height = `${height}px`;
  node.style.zIndex = String(element.zIndex);
  if (element.kind !== 'cell') return;
  // The target is the part of the cell that moves (the cell minus the model's targetInset); the
  // image's centre sits at the cell's centre moved by the parallax offset.
  const target = node.firstChild;
  const image = target.firstChild;
  const t = page.scroller.parallax?.cells?.targetInset ?? { top: 0, left: 0, bottom: 0, right: 0 };
  const [tl, tt] = vertical() ? [0, t.top] : [t.left, 0];
  const [tw, th] = vertical() ? [width, height - t.top - t.bottom] : [width - t.left - t.right, height];
  Object.assign(target.style, { left: `${tl}px`, top: `${tt}px`, width: `${tw}px`, height: `${th}px` });
  const r = room(element);
  const offset = element.parallaxOffset ?? { x: 0, y: 0 };
  // A carousel's images move along its row (docs/parallax.md §2.6); its cards shrink and fade.
  const sideways = !vertical() || page.scroller.bands.get(page.layout.id)?.carousels.has(element.section);
  const [iw, ih] = sideways ? [width + 2 * r, height] : [width, height + 2 * r];
  target.style.transform = element.scale === undefined ? '' : `scale(${element.scale})`;
  node.style.opacity = element.alpha === undefined ? '' : String(element.alpha);
  image.style.width = `${iw}px`;
  image.style.height = `${ih}px`;
  // Centre of the image = centre of the cell + offset, in the target's coordinates.
  const ix = width / 2 + offset.x - iw / 2 - tl;
  const iy = height / 2 + offset.y - ih / 2 - tt;
  image.style.transform = `translate(${ix}px, ${iy}px)`;
}

/** Draws the view at the offsets; false when a band it needs has not come yet. */
function draw() {
  if (!page.scroller) return false;
  const started = performance.now();
  const view = page.scroller.view(bounds());
  $('#content').style.transform = `translate(${-page.offset.x}px, ${-page.offset.y}px)`;
  if (view) {
    const keep = new Set();
    for (const element of view) {
      const key = keyOf(element);
      keep.add(key);
      let node = page.nodes.get(key);
      if (!node) {
        node = makeNode(element);
        page.nodes.set(key, node);
      }
      place(node, element);
    }
    for (const [key, node] of page.nodes) {
      if (!keep.has(key)) {
        node.remove();
        page.nodes.delete(key);
      }
    }
    page.view = view;
    page.viewBounds = bounds();
  }
  page.frames += 1;
  page.frameTimes.push(performance.now() - started);
  if (page.frameTimes.length > 120) page.frameTimes.shift();
  showStats();
  return view !== null;
}

function stats() {
  const s = page.scroller?.stats ?? { refills: 0, misses: 0, frames: 0 };
  const times = page.frameTimes;
  return {
    requests: client.stats.requests, bands: client.stats.bands, refills: s.refills, misses: s.misses, frames: page.frames,
    msPerFrame: times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0,
  };
}

function showStats() {
  const s = stats();
  $('#stats').textContent = `requests ${s.requests} · bands ${s.bands} (refills ${s.refills}) · frames ${s.frames} · `
    + `${s.msPerFrame.toFixed(3)} ms per frame · frames without a band ${s.misses}`;
  $('#position').textContent = `offset (${page.offset.x.toFixed(1)}, ${page.offset.y.toFixed(1)}) · `
    + `${page.view.length} elements · layout ${page.layout?.id ?? '–'}`;
}

// ---- Input ----

function listen() {
  const viewport = $('#viewport');
  /** The carousel under a pointer at `clientY`, in a vertical layout. */
  const rowUnder = (clientY) => (vertical() ? carousels.rowAt(page.offset.y + clientY - viewport.getBoundingClientRect().top) : null);
  viewport.addEventListener('wheel', (event) => {
    event.preventDefault();
    // Sideways over a carousel moves the carousel; anything else the list.
    const row = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? rowUnder(event.clientY) : null;
    if (row !== null) carousels.scrollBy(row, event.deltaX);
    else scrollBy(event.deltaX || (vertical() ? 0 : event.deltaY), event.deltaY);
  }, { passive: false });
  // Dragging pulls the content, past its ends too (overscroll); letting go springs back. A drag that
  // starts sideways over a carousel moves the carousel, and letting go flings it.
  let drag = null;
  viewport.addEventListener('pointerdown', (event) => {
    drag = { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY, row: rowUnder(event.clientY), axis: null, moves: [] };
    viewport.setPointerCapture(event.pointerId);
  });
  viewport.addEventListener('pointermove', (event) => {
    if (!drag) return;
    if (drag.axis === null) {
      const [dx, dy] = [event.clientX - drag.startX, event.clientY - drag.startY];
      if (Math.max(Math.abs(dx), Math.abs(dy)) < DRAG_SLOP) return;
      drag.axis = Math.abs(dx) > Math.abs(dy) && drag.row !== null ? 'row' : 'list';
    }
    if (drag.axis === 'row') {
      carousels.scrollBy(drag.row, drag.x - event.clientX);
      drag.moves.push({ x: event.clientX, t: event.timeStamp });
      if (drag.moves.length > 4) drag.moves.shift();
    } else {
      const range = scrollRange();
      const along = vertical() ? 'y' : 'x';
      const outside = page.offset[along] < range.min || page.offset[along] > range.max;
      const factor = outside ? RESISTANCE : 1;
      scrollBy((drag.x - event.clientX) * factor, (drag.y - event.clientY) * factor, { overscroll: true });
    }
    drag.x = event.clientX;
    drag.y = event.clientY;
  });
  const release = () => {
    if (!drag) return;
    const ended = drag;
    drag = null;
    if (ended.axis !== 'row') {
      springBack();
      return;
    }
    // The offset's velocity over the last moves: the content follows the pointer, so it is opposite.
    const [first, last] = [ended.moves[0], ended.moves[ended.moves.length - 1]];
    const seconds = first && last.t > first.t ? (last.t - first.t) / 1000 : 0;
    carousels.fling(ended.row, seconds > 0 ? -(last.x - first.x) / seconds : 0);
  };
  viewport.addEventListener('pointerup', release);
  viewport.addEventListener('pointercancel', release);
  $('#preset').addEventListener('change', (event) => load(event.target.value));
  $('#apply').addEventListener('click', () => apply());
  $('#measure').addEventListener('click', () => measure());
  $('#editor').addEventListener('scroll', () => { if (!$('#editor-marker').hidden) placeMarker(); });
  $('#outline').addEventListener('change', (event) => $('#content').classList.toggle('outlined', event.target.checked));
}

function springBack() {
  const range = scrollRange();
  const along = vertical() ? 'y' : 'x';
  const target = Math.min(range.max, Math.max(range.min, page.offset[along]));
  if (target === page.offset[along]) return;
  const step = () => {
    const distance = target - page.offset[along];
    page.offset[along] = Math.abs(distance) < 0.5 ? target : page.offset[along] + distance * 0.2;
    draw();
    if (page.offset[along] !== target) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

// ---- Start ----

const select = $('#preset');
for (const [name, preset] of Object.entries(presets)) select.append(new Option(preset.title, name));
listen();

window.playground = {
  presets: Object.keys(presets),
  ready: load(new URLSearchParams(location.search).get('preset') ?? 'center-grid'),
  load,
  apply,
  measure,
  /** Sets the scroll offset (negative: pulled past the top) and resolves once that frame is drawn. */
  async scrollTo(x, y) {
    page.offset = { x, y };
    await drawn();
  },
  /** Scrolls carousel `section` sideways to `offset` (kept in its range); resolves once drawn. */
  async scrollCarouselTo(section, offset) {
    carousels.scrollTo(section, offset);
    await drawn();
  },
  /** Flings carousel `section` at `velocity` (points per second of its offset); resolves at rest. */
  async flingCarousel(section, velocity) {
    await carousels.fling(section, velocity);
    await drawn();
  },
  /** Resolves when no carousel fling is under way and the view is drawn. */
  async idle() {
    while (carousels.flinging) await carousels.flinging;
    await drawn();
  },
  state: () => ({
    layoutId: page.layout?.id ?? null, bounds: page.viewBounds ?? bounds(), request: page.request, view: page.view, stats: stats(),
    carouselOffsets: [...(page.scroller?.carouselOffsets ?? [])].map(([section, offset]) => ({ section, offset })),
    lastFling: carousels.lastFling,
  }),
};
