// Sum to zero, drawn by our own code: pure functions from a number-line view (and overlays) to a
// canvas.
//
// A view is what the wasm session's view() returns for Sum to zero:
//   { sum, turn (10 down to 1; null once over), moves: [amount, ...], text, remaining:
//     [{ turn, amounts: [+2t, -2t, +3t, -3t] }, ...] (next turn first), reach, maxAbsSum (165),
//     reward (null until the end), alive }
// The picture is a number line from -165 to 165 across the top, and one row below it per move
// (row 0 the start, row 10 the end): the path of the sum down the rows, the next move's four
// landing points numbered by their keys, the funnel of sums the remaining moves can still reach,
// and the target 0 as a dashed line.

import { ACTIONS } from './params.js';

/** CSS custom properties the renderer reads, so the picture follows the page's theme. */
export const COLOR_NAMES = ['panel', 'text', 'muted', 'border', 'accent', 'accent-text', 'focus', 'ok',
  'sumzero-reach', 'sumzero-far'];

/** Moves in a game (turns 10 down to 1). */
export const TURNS = 10;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The amount `amount` as written in the game's text form: +20, -18 (with a true minus sign). */
export function signed(amount) {
  return `${amount < 0 ? '−' : '+'}${Math.abs(amount)}`;
}

/**
 * Where everything sits in a canvas of css size w×h: the line's ends (x0, x1) and its scale,
 * the rows' tops, the gutter's width for the turn labels, and the next move's landing points
 * (`chips`: { action, amount, to (the sum it lands on), tx (its true x), x, y, r }).
 */
export function layoutFor(view, w, h) {
  const narrow = w < 520;
  const gutter = narrow ? 30 : 92;
  const x0 = gutter + 14;
  const x1 = Math.max(x0 + 40, w - 18);
  const max = view.maxAbsSum;
  const xOf = (sum) => x0 + ((sum + max) / (2 * max)) * (x1 - x0);
  const axis = 30;
  const rowH = Math.max(16, (h - axis - 10) / (TURNS + 1));
  const yOf = (row) => axis + rowH * (row + 0.5);
  const r = Math.max(8, Math.min(15, rowH * 0.36, (x1 - x0) / 22));
  const gap = Math.max(r * 2.3, narrow ? 27 : 30);
  const played = view.moves.length;
  const chips = [];
  if (view.remaining.length) {
    const amounts = view.remaining[0].amounts;
    for (const action of ACTIONS) {
      const to = view.sum + amounts[action.index];
      chips.push({ action: action.index, amount: amounts[action.index], to, tx: xOf(to), y: yOf(played + 1), r });
    }
    spread(chips, gap, x0 - gutter + r + 2, w - r - 2);
  }
  return { w, h, narrow, gutter, x0, x1, max, axis, rowH, r, chips, xOf, yOf };
}

/** Places the chips (sorted by their true x) at least `gap` apart, as near their true x as that
 * allows, between `lo` and `hi`. */
function spread(chips, gap, lo, hi) {
  const sorted = [...chips].sort((a, b) => a.tx - b.tx || a.amount - b.amount);
  let x = -Infinity;
  for (const chip of sorted) {
    chip.x = Math.max(chip.tx, x + gap);
    x = chip.x;
  }
  // Centre the group on its true places, then keep it inside the canvas.
  let offset = sorted.reduce((s, c) => s + c.tx - c.x, 0) / sorted.length;
  offset = Math.max(offset, lo - sorted[0].x);
  offset = Math.min(offset, hi - sorted[sorted.length - 1].x);
  for (const chip of sorted) chip.x += offset;
}

/** The next move under css pixel (px, py): `{ action }`, or null. */
export function cellAt(layout, px, py) {
  let best = null;
  for (const chip of layout.chips) {
    const d = Math.hypot(px - chip.x, py - chip.y);
    if (d <= chip.r * 1.5 && (!best || d < best.d)) best = { action: chip.action, d };
  }
  return best && { action: best.action };
}

/** The actions in the order their landing points lie on the line, left to right (the arrow
 * keys' order). */
export function leftToRight(view) {
  if (!view.remaining.length) return [];
  const amounts = view.remaining[0].amounts;
  return ACTIONS.map((a) => a.index).sort((a, b) => amounts[a] - amounts[b]);
}

/**
 * Draws the picture. `overlay` may hold:
 *   cursor: the action the keyboard points at (ringed),
 *   thinking: what a search thinks of the next move (SearchJob.thinking(): `choice`, and
 *     `actions` with each action's `regret` and `visits`): its choice is filled, the optimal
 *     moves get a ring in the target's colour and each landing point a bar of its visits.
 */
export function drawBoard(ctx, view, overlay, layout, colors) {
  const { w, h, x0, x1, yOf, xOf, rowH } = layout;
  ctx.fillStyle = colors.panel;
  ctx.fillRect(0, 0, w, h);
  const played = view.moves.length;
  drawReach(ctx, view, layout, colors);
  // Row guides and the turn labels in the gutter.
  for (let row = 0; row <= TURNS; row += 1) {
    ctx.strokeStyle = colors.border;
    ctx.lineWidth = 1;
    ctx.globalAlpha = 0.6;
    ctx.beginPath();
    ctx.moveTo(x0, Math.round(yOf(row)) + 0.5);
    ctx.lineTo(x1, Math.round(yOf(row)) + 0.5);
    ctx.stroke();
    ctx.globalAlpha = 1;
    drawRowLabel(ctx, view, row, layout, colors);
  }
  drawAxis(ctx, layout, colors);
  // The target: 0, dashed down every row.
  ctx.save();
  ctx.strokeStyle = colors.ok;
  ctx.lineWidth = 2;
  ctx.setLineDash([5, 4]);
  ctx.beginPath();
  ctx.moveTo(xOf(0), layout.axis - 4);
  ctx.lineTo(xOf(0), yOf(TURNS) + rowH * 0.4);
  ctx.stroke();
  ctx.restore();
  drawPath(ctx, view, layout, colors);
  if (layout.chips.length) drawChips(ctx, view, overlay, layout, colors);
  // The sum now.
  const x = xOf(view.sum);
  const y = yOf(played);
  ctx.fillStyle = colors.accent;
  ctx.beginPath();
  ctx.arc(x, y, layout.r * 0.75, 0, Math.PI * 2);
  ctx.fill();
  const sum = view.sum === 0 ? '0' : signed(view.sum).replace('+', '');
  const label = view.alive ? `sum ${sum}` : `sum ${sum} · reward ${view.reward.toFixed(3)}`;
  drawTag(ctx, label, x, y, layout, colors);
  if (!view.alive && view.sum !== 0) drawDistance(ctx, view, layout, colors);
}

/** The sums the remaining moves can still reach: a funnel from the sum now, row by row. */
function drawReach(ctx, view, layout, colors) {
  const { xOf, yOf, max } = layout;
  const played = view.moves.length;
  const reach = [0];
  for (const turn of view.remaining) reach.push(reach[reach.length - 1] + 3 * turn.turn);
  if (reach.length < 2) return;
  const clamp = (s) => Math.max(-max, Math.min(max, s));
  ctx.fillStyle = colors['sumzero-reach'];
  ctx.beginPath();
  reach.forEach((r, i) => {
    const at = [xOf(clamp(view.sum - r)), yOf(played + i)];
    if (i === 0) ctx.moveTo(...at);
    else ctx.lineTo(...at);
  });
  for (let i = reach.length - 1; i >= 0; i -= 1) ctx.lineTo(xOf(clamp(view.sum + reach[i])), yOf(played + i));
  ctx.closePath();
  ctx.fill();
}

/** Row `row`'s label: "start", or the turn of the move that ends on it and what it may add. */
function drawRowLabel(ctx, view, row, layout, colors) {
  const played = view.moves.length;
  const turn = TURNS + 1 - row;
  let text = row === 0 ? 'start' : `t=${turn}`;
  if (layout.narrow) text = row === 0 ? '0' : String(turn);
  else if (row > 0) text += `  ±${2 * turn} ±${3 * turn}`;
  ctx.fillStyle = row <= played ? colors.text : colors.muted;
  ctx.font = `${row === played + 1 ? 700 : 400} ${layout.narrow ? 11 : 12}px ${FONT}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 6, layout.yOf(row));
}

/** The number line's ticks (every 15) and labels (every 30, or 60 when narrow). */
function drawAxis(ctx, layout, colors) {
  const { xOf, max, x0, x1 } = layout;
  const y = layout.axis - 6;
  ctx.strokeStyle = colors.text;
  ctx.fillStyle = colors.text;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(x0, y + 0.5);
  ctx.lineTo(x1, y + 0.5);
  ctx.stroke();
  const every = x1 - x0 < 480 ? 60 : 30;
  ctx.font = `400 11px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  for (let s = -max + (max % 15); s <= max; s += 15) {
    const x = Math.round(xOf(s)) + 0.5;
    const labelled = s % every === 0;
    ctx.beginPath();
    ctx.moveTo(x, y - (labelled ? 5 : 3));
    ctx.lineTo(x, y + (labelled ? 5 : 3));
    ctx.stroke();
    if (labelled) ctx.fillText(s === 0 ? '0' : signed(s), x, y - 6);
  }
}

/** The moves so far: the sum's path down the rows, each step labelled with its amount. */
function drawPath(ctx, view, layout, colors) {
  const { xOf, yOf, r } = layout;
  let sum = view.sum - view.moves.reduce((a, b) => a + b, 0);
  const points = [[xOf(sum), yOf(0)]];
  for (const amount of view.moves) {
    sum += amount;
    points.push([xOf(sum), yOf(points.length)]);
  }
  ctx.strokeStyle = colors.accent;
  ctx.fillStyle = colors.accent;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  ctx.stroke();
  points.forEach(([x, y]) => {
    ctx.beginPath();
    ctx.arc(x, y, r * 0.35, 0, Math.PI * 2);
    ctx.fill();
  });
  ctx.font = `600 ${layout.narrow ? 10 : 12}px ${FONT}`;
  ctx.fillStyle = colors.text;
  ctx.textBaseline = 'middle';
  view.moves.forEach((amount, i) => {
    const [xa, ya] = points[i];
    const [xb, yb] = points[i + 1];
    // Beside the step, on the side it moves away from, so the label does not cross the path.
    ctx.textAlign = amount < 0 ? 'left' : 'right';
    ctx.fillText(signed(amount), (xa + xb) / 2 + (amount < 0 ? 8 : -8), (ya + yb) / 2);
  });
}

/** The next move's four landing points, numbered by their keys, with the search's view of them. */
function drawChips(ctx, view, overlay, layout, colors) {
  const { r } = layout;
  const from = [layout.xOf(view.sum), layout.yOf(view.moves.length)];
  const thinking = overlay.thinking;
  const judged = new Map((thinking?.actions ?? []).map((a) => [a.action, a]));
  const visits = Math.max(1, ...[...judged.values()].map((a) => a.visits));
  for (const chip of layout.chips) {
    const judge = judged.get(chip.action);
    ctx.strokeStyle = colors.muted;
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(...from);
    ctx.lineTo(chip.tx, chip.y);
    ctx.stroke();
    ctx.setLineDash([]);
    // The true landing point on the row, where the chip's pointer ends.
    ctx.fillStyle = colors.muted;
    ctx.fillRect(Math.round(chip.tx) - 1, chip.y - r - 3, 2, r * 0.6);
    const chosen = thinking && thinking.choice === chip.action;
    ctx.fillStyle = chosen ? colors.accent : colors.panel;
    ctx.strokeStyle = judge && judge.regret === 0 ? colors.ok : colors.border;
    ctx.lineWidth = judge && judge.regret === 0 ? 3 : 1.5;
    ctx.beginPath();
    ctx.arc(chip.x, chip.y, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    if (overlay.cursor === chip.action) {
      ctx.strokeStyle = colors.focus;
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      ctx.arc(chip.x, chip.y, r + 4, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.fillStyle = chosen ? colors['accent-text'] : colors.text;
    ctx.font = `700 ${Math.round(r * 1.05)}px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(chip.action + 1), chip.x, chip.y + 0.5);
    ctx.fillStyle = colors.text;
    ctx.font = `500 ${layout.narrow ? 10 : 11}px ${FONT}`;
    ctx.textBaseline = 'top';
    ctx.fillText(signed(chip.amount), chip.x, chip.y + r + 2);
    if (judge && judge.visits > 0) {
      // A bar of the search's visits above the chip.
      const bar = (layout.rowH * 0.45 * judge.visits) / visits;
      ctx.fillStyle = colors.accent;
      ctx.globalAlpha = 0.55;
      ctx.fillRect(chip.x - r * 0.35, chip.y - r - 3 - bar, r * 0.7, bar);
      ctx.globalAlpha = 1;
    }
  }
}

/** At the end: how far the sum stayed from 0, as a bracket on the last row. */
function drawDistance(ctx, view, layout, colors) {
  const y = layout.yOf(TURNS) + layout.r * 0.9;
  const [a, b] = [layout.xOf(0), layout.xOf(view.sum)].sort((p, q) => p - q);
  ctx.strokeStyle = colors['sumzero-far'];
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(a, y - 4);
  ctx.lineTo(a, y);
  ctx.lineTo(b, y);
  ctx.lineTo(b, y - 4);
  ctx.stroke();
}

/** A small label with a background beside the point (x, y): on its right, or on its left when
 * the right has no room. */
function drawTag(ctx, text, x, y, layout, colors) {
  ctx.font = `700 ${layout.narrow ? 11 : 13}px ${FONT}`;
  const width = ctx.measureText(text).width + 8;
  const height = layout.narrow ? 15 : 18;
  const gap = layout.r;
  const left = x + gap + width <= layout.w - 2 ? x + gap : Math.max(2, x - gap - width);
  const top = y - height / 2;
  ctx.fillStyle = colors.panel;
  ctx.globalAlpha = 0.85;
  ctx.fillRect(left, top, width, height);
  ctx.globalAlpha = 1;
  ctx.fillStyle = colors.text;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + 4, top + height / 2);
}

/** The picture in words, for the canvas's accessible name: the sum, the moves, what comes next. */
export function describe(view) {
  const moves = view.moves.length ? `after ${view.moves.map(signed).join(' ')}` : 'at the start';
  if (!view.alive) {
    return `Sum to zero, over: the sum ended at ${view.sum} ${moves}; reward ${view.reward.toFixed(3)}.`;
  }
  const next = view.remaining[0];
  const options = ACTIONS.map((a) => `${a.key} adds ${signed(next.amounts[a.index])}`).join(', ');
  return `Sum to zero: the sum is ${view.sum} ${moves}. Turn ${next.turn}: ${options}. The remaining moves can carry the sum up to ${view.reach} either way.`;
}
