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

export function layoutFor(view, w, h) {
  return { w, h };
}

export function cellAt() {
  return null;
}

export function drawBoard(ctx, view, _overlay, layout, colors) {
  const { w, h } = layout;
  const font = (size, weight = 400) => `${weight} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (view.bars.length === 0) {
    ctx.fillStyle = colors.muted;
    ctx.font = font(13);
    ctx.fillText(view.empty, w / 2, h / 2);
    return;
  }
  const top = 18;
  const bottom = 22;
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
  const labelSize = Math.max(9, Math.min(12, slot / 4));
  view.bars.forEach((bar, i) => {
    const x = left + i * slot + (slot - barW) / 2;
    const barH = most > 0 ? (bar.count / most) * plotH : 0;
    ctx.fillStyle = colors.accent;
    ctx.fillRect(x, top + plotH - barH, barW, barH);
    ctx.fillStyle = colors.text;
    ctx.font = font(12, 600);
    if (bar.count > 0) ctx.fillText(String(bar.count), x + barW / 2, top + plotH - barH - 8);
    ctx.fillStyle = colors.muted;
    ctx.font = font(labelSize);
    ctx.fillText(bar.label, x + barW / 2, h - bottom / 2, slot);
  });
}
