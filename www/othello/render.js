// Othello, drawn by our own code: pure functions from a board view (and overlays) to a canvas.
//
// A board view is what the wasm session's view() returns for Othello:
//   { width: 8, height: 8, cells: Uint8Array(64), alive }
// with cell i = square i (a1 = 0, b1 = 1, ..., h8 = 63; rank 1 is the top row, as in Othello
// diagrams): 0 empty, 1 Black, 2 White. The grid is snapped to device pixels, so its lines stay
// crisp at any zoom.

import { centred } from '../board.js';

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
export const PASS = 64;

/** The name of square `index` (a1..h8), or "pass". */
export function squareName(index) {
  if (index === PASS) return 'pass';
  return `${'abcdefgh'[index % 8]}${Math.floor(index / 8) + 1}`;
}

/** CSS custom properties the renderer reads, so the board follows the page's theme. */
export const COLOR_NAMES = ['othello-board', 'othello-line', 'othello-black', 'othello-black-edge',
  'othello-white', 'othello-white-edge', 'othello-last', 'othello-legal-ring', 'othello-veil', 'othello-value-bg', 'othello-value-text', 'focus', 'muted', 'text'];

/** Where the board sits in a canvas of css size w×h: a centred square with room for the
 * coordinates on its left and top. */
export function layoutFor(view, w, h) {
  const label = Math.max(14, Math.min(24, Math.min(w, h) * 0.05));
  const size = Math.max(80, Math.floor(Math.min(w - 2 * label, h - 2 * label)));
  const cell = size / 8;
  return {
    ...centred(w, h, size),
    size,
    cell,
    label,
    width: 8,
    height: 8,
  };
}

/** The cell under css pixel (px, py), or null outside the board. */
export function cellAt(layout, px, py) {
  const x = Math.floor((px - layout.ox) / layout.cell);
  const y = Math.floor((py - layout.oy) / layout.cell);
  if (x < 0 || y < 0 || x >= 8 || y >= 8) return null;
  return { x, y };
}

/**
 * Draws the board and its overlays. `overlay` may hold:
 *   legal: squares where the side to move may play (small dots of its colour in a light ring),
 *   mover: 1 (Black) or 2 (White), the side to move, for the dots' colour,
 *   last: the last move's square (marked on its disc) and flipped: the discs it turned,
 *   cursor: the keyboard's square,
 *   pv: [{ square, colour }] the line the agent expects, numbered from 1,
 *   hint: the square the agent advises the person to play (a thick ring in the focus colour),
 *   values: [{ square, text }] the adviser's value of each legal move, a short text on a pill
 *     drawn over the square's dot (the hint's ring then goes round the pill),
 *   result: words shown over a veil once the game is over.
 */
export function drawBoard(ctx, view, overlay, layout, colors) {
  const { ox, oy, size, cell } = layout;
  const ratio = ctx.getTransform().a || 1;
  // Grid line positions snapped to device pixels.
  const snap = (v) => Math.round(v * ratio) / ratio;
  const lines = Array.from({ length: 9 }, (_, i) => i * cell);
  const line = Math.max(1, Math.round(ratio)) / ratio;
  ctx.save();
  ctx.translate(ox, oy);
  ctx.fillStyle = colors['othello-board'];
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = colors['othello-line'];
  for (const at of lines) {
    // Snapped in canvas coordinates (the board's corner need not sit on a device pixel).
    const x = Math.min(snap(ox + at) - ox, size - line);
    const y = Math.min(snap(oy + at) - oy, size - line);
    ctx.fillRect(x, 0, line, size);
    ctx.fillRect(0, y, size, line);
  }
  // The four marks around the centre.
  const dot = Math.max(2, cell * 0.07);
  for (const [x, y] of [[2, 2], [6, 2], [2, 6], [6, 6]]) {
    ctx.beginPath();
    ctx.arc(snap(ox + x * cell) - ox + line / 2, snap(oy + y * cell) - oy + line / 2, dot, 0, Math.PI * 2);
    ctx.fill();
  }
  const centre = (square) => [(square % 8 + 0.5) * cell, (Math.floor(square / 8) + 0.5) * cell];
  const radius = cell * 0.41;
  const discColours = {
    [BLACK]: [colors['othello-black'], colors['othello-black-edge']],
    [WHITE]: [colors['othello-white'], colors['othello-white-edge']],
  };
  for (let square = 0; square < 64; square += 1) {
    const owner = view.cells[square];
    if (owner === EMPTY) continue;
    const [x, y] = centre(square);
    drawDisc(ctx, x, y, radius, discColours[owner], 1);
  }
  const mark = (square, fraction, alpha) => {
    const [x, y] = centre(square);
    ctx.globalAlpha = alpha;
    ctx.fillStyle = colors['othello-last'];
    ctx.beginPath();
    ctx.arc(x, y, cell * fraction, 0, Math.PI * 2);
    ctx.fill();
    ctx.globalAlpha = 1;
  };
  for (const square of overlay.flipped ?? []) mark(square, 0.06, 0.55);
  if (overlay.last !== undefined && overlay.last !== null && overlay.last !== PASS) mark(overlay.last, 0.11, 1);
  if (overlay.legal && overlay.mover) {
    for (const square of overlay.legal) {
      if (square === PASS) continue;
      const [x, y] = centre(square);
      // A light ring, so the dot stands out on the board in either theme (a black dot alone
      // vanishes on the dark theme's green).
      ctx.beginPath();
      ctx.arc(x, y, cell * 0.16, 0, Math.PI * 2);
      ctx.fillStyle = colors['othello-legal-ring'];
      ctx.fill();
      drawDisc(ctx, x, y, cell * 0.11, discColours[overlay.mover], 1);
    }
  }
  (overlay.pv ?? []).forEach((step, i) => {
    if (step.square === PASS || view.cells[step.square] !== EMPTY) return;
    const [x, y] = centre(step.square);
    ctx.globalAlpha = 0.5;
    drawDisc(ctx, x, y, radius * 0.8, discColours[step.colour], 1);
    ctx.globalAlpha = 1;
    ctx.fillStyle = step.colour === BLACK ? colors['othello-white'] : colors['othello-black'];
    ctx.font = `700 ${(cell * 0.3).toFixed(1)}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(i + 1), x, y + cell * 0.01);
  });
  const values = overlay.values ?? [];
  for (const { square, text } of values) {
    if (square === PASS) continue;
    const [x, y] = centre(square);
    drawValuePill(ctx, x, y, cell, text, colors);
  }
  if (overlay.hint !== undefined && overlay.hint !== null && overlay.hint !== PASS) {
    // A ring, not a colour alone: it reads in both themes and under colour-blindness. Around
    // the values' pill when they show, so the pill's text stays clear.
    const [x, y] = centre(overlay.hint);
    ctx.strokeStyle = colors.focus;
    ctx.lineWidth = Math.max(2, cell * 0.08);
    ctx.beginPath();
    ctx.arc(x, y, cell * (values.length ? 0.44 : 0.34), 0, Math.PI * 2);
    ctx.stroke();
  }
  if (overlay.cursor !== undefined && overlay.cursor !== null) {
    const x = (overlay.cursor % 8) * cell;
    const y = Math.floor(overlay.cursor / 8) * cell;
    const width = Math.max(2, cell * 0.06);
    ctx.strokeStyle = colors.focus;
    ctx.lineWidth = width;
    ctx.strokeRect(x + width, y + width, cell - 2 * width, cell - 2 * width);
  }
  if (overlay.result) {
    ctx.fillStyle = colors['othello-veil'];
    ctx.fillRect(0, size * 0.4, size, size * 0.2);
    ctx.fillStyle = colors.text;
    ctx.font = `700 ${(size * 0.065).toFixed(1)}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(overlay.result, size / 2, size / 2);
  }
  ctx.restore();
  drawCoordinates(ctx, layout, colors);
}

/** A move's value: `text` in bold on a rounded pill of the value colours, centred at (x, y). */
function drawValuePill(ctx, x, y, cell, text, colors) {
  ctx.font = `700 ${(cell * 0.27).toFixed(1)}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  const width = Math.min(cell * 0.8, ctx.measureText(text).width + cell * 0.14);
  const height = cell * 0.38;
  ctx.fillStyle = colors['othello-value-bg'];
  ctx.beginPath();
  ctx.roundRect(x - width / 2, y - height / 2, width, height, height / 2);
  ctx.fill();
  ctx.fillStyle = colors['othello-value-text'];
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + cell * 0.01, cell * 0.74);
}

function drawDisc(ctx, x, y, r, [fill, edge], alpha) {
  ctx.globalAlpha = alpha;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.08);
  ctx.strokeStyle = edge;
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/** Files a..h above the board, ranks 1..8 on its left. */
function drawCoordinates(ctx, layout, colors) {
  const { ox, oy, cell, label } = layout;
  ctx.save();
  ctx.fillStyle = colors.muted;
  ctx.font = `500 ${(label * 0.62).toFixed(1)}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let i = 0; i < 8; i += 1) {
    ctx.fillText('abcdefgh'[i], ox + (i + 0.5) * cell, oy - label / 2);
    ctx.fillText(String(i + 1), ox - label / 2, oy + (i + 0.5) * cell);
  }
  ctx.restore();
}
