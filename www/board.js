// The board canvas: keeps its backing store at the device pixel ratio (crisp at any zoom),
// redraws when its box or the theme changes, and hands drawing to the game's renderer, then draws
// what is the same on every grid board: KB Fast-Evo's knowledge (kbfe-board.js), when the
// overlay holds one.

/** kbfe-board.js, once a board has had KB Fast-Evo's knowledge to draw: a page that never shows
 * it does not fetch it before its first board (BENCHMARKS.md, "Lesson step to ready"). The
 * knowledge comes from kbfe-view.js, which imports kbfe-board.js, so the module is in by then and
 * the layer is drawn in the same task's microtasks. */
let kbfeBoard = null;

export class Board {
  /** `renderer` is a game's render module (render/<game>.js). */
  constructor(canvas, renderer) {
    this.canvas = canvas;
    this.renderer = renderer;
    this.view = null;
    this.overlay = {};
    this.layout = null;
    this.colors = readColors(renderer.COLOR_NAMES);
    new ResizeObserver(() => this.draw()).observe(canvas);
    const themeQuery = matchMedia('(prefers-color-scheme: dark)');
    themeQuery.addEventListener('change', () => this.themeChanged());
    this.watchPixelRatio();
  }

  /** Re-reads the theme's colours (call after the theme changes) and redraws. */
  themeChanged() {
    this.colors = readColors(this.renderer.COLOR_NAMES);
    this.draw();
  }

  watchPixelRatio() {
    const query = matchMedia(`(resolution: ${devicePixelRatio}dppx)`);
    query.addEventListener('change', () => {
      this.watchPixelRatio();
      this.draw();
    }, { once: true });
  }

  show(view, overlay = {}) {
    this.view = view;
    this.overlay = overlay;
    this.draw();
  }

  draw() {
    const cleared = crispContext(this.canvas);
    if (!cleared || !this.view) return;
    const { ctx, width: cssWidth, height: cssHeight } = cleared;
    this.layout = this.renderer.layoutFor(this.view, cssWidth, cssHeight);
    this.renderer.drawBoard(ctx, this.view, this.overlay, this.layout, this.colors);
    if (kbfeBoard) {
      kbfeBoard.drawKbfeLayer(ctx, this.canvas, this.view, this.overlay.kbfe, this.layout, this.colors);
    } else if (this.overlay.kbfe?.root) {
      // Drawn once the module is in (should it fail to load, the board goes without the layer).
      import('./kbfe-board.js').then((module) => {
        kbfeBoard = module;
        this.draw();
      }, () => {});
    }
  }

  /** The board cell under a pointer event, or null. */
  cellAt(event) {
    if (!this.layout) return null;
    const rect = this.canvas.getBoundingClientRect();
    return this.renderer.cellAt(this.layout, event.clientX - rect.left, event.clientY - rect.top);
  }
}

/**
 * `canvas`'s 2D context, its backing store sized to its CSS box at the device pixel ratio (resized
 * only when that changed), cleared, and scaled so that drawing is in CSS pixels: { ctx, width,
 * height } in CSS pixels, or null while the canvas has no box.
 */
export function crispContext(canvas) {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (!width || !height) return null;
  const ratio = devicePixelRatio || 1;
  const pixelsWide = Math.round(width * ratio);
  const pixelsHigh = Math.round(height * ratio);
  if (canvas.width !== pixelsWide || canvas.height !== pixelsHigh) {
    canvas.width = pixelsWide;
    canvas.height = pixelsHigh;
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, pixelsWide, pixelsHigh);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { ctx, width, height };
}

/** The CSS custom properties `--name` as a { name: value } map. */
export function readColors(names) {
  const style = getComputedStyle(document.documentElement);
  return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(`--${name}`).trim()]));
}

/** Where a box of `width` × `height` css pixels starts when centred in a canvas of w × h (whole
 * pixels, so a renderer's grid stays crisp): { ox, oy }. */
export function centred(w, h, width, height = width) {
  return { ox: Math.floor((w - width) / 2), oy: Math.floor((h - height) / 2) };
}
