// A bar chart, drawn by our own code; it plugs into board.js like a game renderer, so it is
// crisp at any device pixel ratio and follows the theme.
//
// A chart view is { bars: [{ label, count }], empty: text shown while there are no bars }.

/** CSS custom properties the chart reads. */
export const COLOR_NAMES = ['accent', 'text', 'muted', 'border'];

/**
 * Bins `values` into at most `most` bars of equal, round width; returns [{ label, count }], each
 * labelled with the lower end of its bin.
 */
export function binValues(values, most = 10) {
  if (values.length === 0) return [];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const width = roundWidth(Math.max(1, (high - low) / most));
  const start = Math.floor(low / width) * width;
  const count = Math.max(1, Math.floor((high - start) / width) + 1);
  const bars = Array.from({ length: count }, (_, i) => ({
    label: shortNumber(start + i * width),
    count: 0,
  }));
  for (const v of values) bars[Math.min(count - 1, Math.floor((v - start) / width))].count += 1;
  return bars;
}

/** The smallest of 1, 2, 5 × 10^k that is at least `x`. */
function roundWidth(x) {
  const power = 10 ** Math.floor(Math.log10(x));
  for (const step of [1, 2, 5, 10]) if (step * power >= x) return step * power;
  return 10 * power;
}

/** 12000 → "12k", 1500000 → "1.5M". */
export function shortNumber(n) {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return String(n);
}

/** The smallest text the chart draws, in CSS pixels. */
const MIN_TEXT_PX = 12;

export function layoutFor(view, w, h) {
  return { w, h };
}

export function cellAt() {
  return null;
}

/**
 * Draws the chart. Its text takes the canvas element's CSS font size (12 px in the normal layout,
 * 20 px in class mode), never less than 12 px; axis labels that would overlap are thinned to every
 * second, fifth, ... bar. The size drawn is left in the canvas's `data-label-px` for tests.
 */
export function drawBoard(ctx, view, _overlay, layout, colors) {
  const { w, h } = layout;
  const size = Math.max(MIN_TEXT_PX, parseFloat(getComputedStyle(ctx.canvas).fontSize) || 0);
  ctx.canvas.dataset.labelPx = String(size);
  const font = (weight = 400) => `${weight} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (view.bars.length === 0) {
    ctx.fillStyle = colors.muted;
    ctx.font = font();
    ctx.fillText(view.empty, w / 2, h / 2);
    return;
  }
  const top = size * 1.5;
  const bottom = size * 1.8;
  const left = 6;
  const plotH = h - top - bottom;
  const most = Math.max(...view.bars.map((b) => b.count));
  const slot = (w - 2 * left) / view.bars.length;
  const barW = Math.max(2, slot * 0.72);
  ctx.strokeStyle = colors.border;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(left, top + plotH + 0.5);
  ctx.lineTo(w - left, top + plotH + 0.5);
  ctx.stroke();
  ctx.font = font();
  const widest = Math.max(...view.bars.map((bar) => ctx.measureText(bar.label).width)) + size / 2;
  const labelEvery = [1, 2, 5, 10, 20].find((n) => n * slot >= widest) ?? view.bars.length;
  view.bars.forEach((bar, i) => {
    const x = left + i * slot + (slot - barW) / 2;
    const barH = most > 0 ? (bar.count / most) * plotH : 0;
    ctx.fillStyle = colors.accent;
    ctx.fillRect(x, top + plotH - barH, barW, barH);
    ctx.fillStyle = colors.text;
    ctx.font = font(600);
    if (bar.count > 0) ctx.fillText(String(bar.count), x + barW / 2, top + plotH - barH - size * 0.7, slot);
    if (i % labelEvery !== 0) return;
    ctx.fillStyle = colors.muted;
    ctx.font = font();
    ctx.fillText(bar.label, x + barW / 2, h - bottom / 2);
  });
}
