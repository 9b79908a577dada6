// 2048, drawn by our own code: pure functions from a board view (and overlays) to a canvas.
//
// A board view is what the wasm session's view() returns for 2048:
//   { width: 4, height: 4, cells: Uint8Array(16, row-major), alive }
// where each cell holds a tile's exponent (0 empty, e for the tile 2^e); alive is false once no
// move changes the board.

import { centred } from '../board.js';

/** Moves in the engine's dense order (the original game's): up, right, down, left. */
export const ACTIONS = [
  { index: 0, name: 'Up', arrow: '↑', dx: 0, dy: -1 },
  { index: 1, name: 'Right', arrow: '→', dx: 1, dy: 0 },
  { index: 2, name: 'Down', arrow: '↓', dx: 0, dy: 1 },
  { index: 3, name: 'Left', arrow: '←', dx: -1, dy: 0 },
];

/** Keyboard keys for a person playing, mapped to move indices (arrows and WASD). */
export const KEYS = {
  ArrowUp: 0, w: 0, W: 0,
  ArrowRight: 1, d: 1, D: 1,
  ArrowDown: 2, s: 2, S: 2,
  ArrowLeft: 3, a: 3, A: 3,
};

/** CSS custom properties the renderer reads, so the board follows the page's theme. */
export const COLOR_NAMES = ['g2048-board', 'g2048-cell', 'g2048-tiles', 'g2048-ink-dark', 'g2048-ink-light',
  'g2048-veil', 'accent', 'accent-text', 'text', 'panel', 'border'];

/** Share of an animation spent sliding; the rest pops merged tiles and grows the spawn. */
const SLIDE_SHARE = 0.6;

/** Where the board sits in a canvas of css size w×h: a centred square with room for hint pills. */
export function layoutFor(view, w, h) {
  const margin = Math.max(18, Math.min(w, h) * 0.08);
  const size = Math.max(40, Math.floor(Math.min(w, h) - 2 * margin));
  const gap = Math.max(3, Math.round(size * 0.025));
  const cell = (size - gap * (view.width + 1)) / view.width;
  return {
    ...centred(w, h, size),
    size,
    gap,
    cell,
    margin,
    canvasWidth: w,
    canvasHeight: h,
    width: view.width,
    height: view.height,
  };
}

/** The cell under css pixel (px, py), or null outside the board. */
export function cellAt(layout, px, py) {
  const x = Math.floor(((px - layout.ox) / layout.size) * layout.width);
  const y = Math.floor(((py - layout.oy) / layout.size) * layout.height);
  if (x < 0 || y < 0 || x >= layout.width || y >= layout.height) return null;
  return { x, y };
}

/**
 * Draws the board and its overlays. `overlay` may hold:
 *   motion: the last move's trace ({ slides: [{ from, to, exponent, merged }], spawn }),
 *   t: how far its animation has gone, 0 to 1 (1 or absent: the board as it is),
 *   hint: { values: [value or null per move index], best: move index or null, label(value) },
 *   over: true to veil the board with "Game over".
 */
export function drawBoard(ctx, view, overlay, layout, colors) {
  const { ox, oy, size, gap, cell } = layout;
  const tiles = colors['g2048-tiles'].split(/\s+/).filter(Boolean);
  ctx.save();
  ctx.translate(ox, oy);
  ctx.fillStyle = colors['g2048-board'];
  roundRect(ctx, 0, 0, size, size, gap * 2);
  ctx.fill();
  const corner = (i) => [gap + (i % view.width) * (cell + gap), gap + Math.floor(i / view.width) * (cell + gap)];
  for (let i = 0; i < view.cells.length; i += 1) {
    const [x, y] = corner(i);
    ctx.fillStyle = colors['g2048-cell'];
    roundRect(ctx, x, y, cell, cell, cell * 0.08);
    ctx.fill();
  }
  const t = overlay.motion && overlay.t !== undefined ? overlay.t : 1;
  if (t < SLIDE_SHARE) {
    // Sliding: every tile on its way, with the value it had before the move.
    const k = ease(t / SLIDE_SHARE);
    for (const s of overlay.motion.slides) {
      const [x0, y0] = corner(s.from);
      const [x1, y1] = corner(s.to);
      drawTile(ctx, s.exponent, x0 + (x1 - x0) * k, y0 + (y1 - y0) * k, cell, 1, tiles, colors);
    }
  } else {
    // Settled: merged tiles pop, the spawn grows in.
    const k = overlay.motion ? (t - SLIDE_SHARE) / (1 - SLIDE_SHARE) : 1;
    const merged = new Set(overlay.motion ? overlay.motion.slides.filter((s) => s.merged).map((s) => s.to) : []);
    const spawn = overlay.motion?.spawn?.cell ?? -1;
    for (let i = 0; i < view.cells.length; i += 1) {
      const e = view.cells[i];
      if (e === 0) continue;
      let scale = 1;
      if (k < 1 && i === spawn) scale = 0.2 + 0.8 * ease(k);
      else if (k < 1 && merged.has(i)) scale = 1 + 0.14 * Math.sin(Math.PI * k);
      const [x, y] = corner(i);
      drawTile(ctx, e, x, y, cell, scale, tiles, colors);
    }
  }
  if (overlay.over) drawVeil(ctx, size, gap, 'Game over', colors);
  ctx.restore();
  if (overlay.hint) drawHint(ctx, layout, overlay.hint, colors);
}

function ease(x) {
  return 1 - (1 - x) * (1 - x);
}

/** The colour of the tile 2^e: the theme's ramp, its last colour for anything larger. */
function tileColor(e, tiles) {
  return tiles[Math.min(e, tiles.length) - 1] ?? '#888';
}

function drawTile(ctx, e, x, y, cell, scale, tiles, colors) {
  const fill = tileColor(e, tiles);
  const s = cell * scale;
  const cx = x + cell / 2;
  const cy = y + cell / 2;
  ctx.fillStyle = fill;
  roundRect(ctx, cx - s / 2, cy - s / 2, s, s, s * 0.08);
  ctx.fill();
  const text = tileText(e);
  const digits = text.length;
  const fontSize = s * (digits <= 2 ? 0.48 : digits === 3 ? 0.4 : digits === 4 ? 0.32 : 0.25);
  ctx.fillStyle = isLight(fill) ? colors['g2048-ink-dark'] : colors['g2048-ink-light'];
  ctx.font = `700 ${fontSize.toFixed(1)}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy + fontSize * 0.04);
}

/** A tile's number; past 2^20 as a power of two, so it fits. */
export function tileText(e) {
  return e <= 20 ? String(2 ** e) : `2^${e}`;
}

/** Whether a CSS colour (#rgb or #rrggbb) is light enough for dark ink. */
function isLight(color) {
  const hex = color.trim().replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const n = Number.parseInt(full, 16);
  if (!Number.isFinite(n) || full.length !== 6) return true;
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6;
}

function drawVeil(ctx, size, gap, text, colors) {
  ctx.fillStyle = colors['g2048-veil'];
  roundRect(ctx, 0, 0, size, size, gap * 2);
  ctx.fill();
  ctx.fillStyle = colors.text;
  ctx.font = `700 ${(size * 0.1).toFixed(1)}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, size / 2, size / 2);
}

/** A pill beside each edge of the board: the move's arrow and the agent's value for it. */
function drawHint(ctx, layout, hint, colors) {
  const { ox, oy, size, margin, canvasWidth, canvasHeight } = layout;
  const fontSize = Math.max(10, Math.min(16, margin * 0.55));
  ctx.save();
  ctx.font = `600 ${fontSize}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const action of ACTIONS) {
    const value = hint.values[action.index];
    const text = `${action.arrow} ${value === null || value === undefined ? '—' : hint.label(value)}`;
    const w = ctx.measureText(text).width + fontSize * 1.2;
    const h = fontSize * 1.7;
    // Beside the board's edge where there is room, else as near it as the canvas allows.
    const pad = 6;
    let cx = ox + size / 2;
    let cy = oy + size / 2;
    if (action.dx < 0) cx = Math.max(w / 2 + 2, ox - pad - w / 2);
    if (action.dx > 0) cx = Math.min(canvasWidth - w / 2 - 2, ox + size + pad + w / 2);
    if (action.dy < 0) cy = Math.max(h / 2 + 2, oy - pad - h / 2);
    if (action.dy > 0) cy = Math.min(canvasHeight - h / 2 - 2, oy + size + pad + h / 2);
    const best = hint.best === action.index;
    ctx.globalAlpha = value === null || value === undefined ? 0.55 : 1;
    ctx.fillStyle = best ? colors.accent : colors.panel;
    ctx.strokeStyle = best ? colors.accent : colors.border;
    ctx.lineWidth = 1;
    roundRect(ctx, cx - w / 2, cy - h / 2, w, h, h / 2);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = best ? colors['accent-text'] : colors.text;
    ctx.fillText(text, cx, cy);
  }
  ctx.restore();
}

function roundRect(ctx, x, y, w, h, r) {
  const radius = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}
