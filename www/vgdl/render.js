// Our own tile art for any VGDL game, drawn from each sprite type's class and name alone (no image
// of GVGAI's): the class picks the shape (a tile for Immovable, a crate for Passive, a gem for
// Resource, an arch for Door, a ring for Flicker, a face for the avatar), the name picks the colour
// (a colour word in it, "redPad", gives that hue; any other name a hue hashed from it) and, for
// tiles, a pattern. An Immovable that lies under other sprites in two or more LevelMapping
// entries is the ground, drawn as a faint tint. The board is as big as the level; the heat map
// and the plan's path are drawn over it. Pure functions of a VgdlBoardView (see the wasm API).

import { centred } from '../board.js';

export const COLOR_NAMES = ['floor', 'floor-line', 'text', 'panel', 'heat', 'path', 'frontier'];

/** Hues of the colour words a sprite name may hold. */
const COLOUR_WORDS = [
  ['red', 0], ['orange', 28], ['yellow', 50], ['gold', 45], ['green', 125], ['cyan', 185],
  ['blue', 220], ['purple', 275], ['violet', 270], ['pink', 325], ['brown', 25],
];

/** FNV-1a over the name's UTF-16 units: the same name always gets the same number. */
function hash(name) {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Whether the theme is dark (its panel colour is). */
function isDark(colors) {
  const hex = /^#([0-9a-f]{6})$/i.exec(colors.panel ?? '');
  if (!hex) return false;
  const n = parseInt(hex[1], 16);
  return ((n >> 16) & 255) * 0.3 + ((n >> 8) & 255) * 0.59 + (n & 255) * 0.11 < 128;
}

/** The look of a sprite type: { shape, hue, pattern, ground }. `ground` marks an Immovable that
 * lies under other sprites in two or more LevelMapping entries. */
export function lookOf(type, types) {
  const lower = type.name.toLowerCase();
  const word = COLOUR_WORDS.find(([w]) => lower.includes(w));
  const h = hash(type.name);
  const shape = {
    Immovable: 'tile', Passive: 'crate', Resource: 'gem', Door: 'arch', Flicker: 'ring', MovingAvatar: 'face',
  }[type.class] ?? 'none';
  return {
    shape,
    hue: word ? word[1] : h % 360,
    pattern: (h >>> 9) % 4,
    ground: shape === 'tile' && (types?.groundNames?.has(type.name) ?? false),
  };
}

/** The names of the ground types of a game: Immovables listed first under another sprite in at
 * least two LevelMapping entries. `mapping` is vgdlGameInfo's. */
export function groundNames(mapping) {
  const count = new Map();
  for (const entry of mapping) {
    if (entry.types.length > 1) count.set(entry.types[0], (count.get(entry.types[0]) ?? 0) + 1);
  }
  return new Set([...count].filter(([, n]) => n >= 2).map(([name]) => name));
}

/** The fill and line colours of a hue in the theme. */
function paint(hue, colors) {
  return isDark(colors)
    ? { fill: `hsl(${hue} 55% 58%)`, line: `hsl(${hue} 60% 82%)`, mark: `hsl(${hue} 40% 20%)` }
    : { fill: `hsl(${hue} 60% 46%)`, line: `hsl(${hue} 65% 24%)`, mark: `hsl(${hue} 30% 94%)` };
}

/** Draws one sprite of `look` in the square at (x, y) of side `s` css pixels. */
export function drawSprite(ctx, look, x, y, s, colors) {
  if (look.shape === 'none') return;
  const { fill, line, mark } = paint(look.hue, colors);
  ctx.save();
  ctx.lineWidth = Math.max(1, s / 16);
  ctx.strokeStyle = line;
  ctx.fillStyle = fill;
  const cx = x + s / 2;
  const cy = y + s / 2;
  if (look.ground) {
    ctx.globalAlpha = 0.18;
    ctx.fillRect(x, y, s, s);
  } else if (look.shape === 'tile') {
    ctx.fillRect(x + 0.5, y + 0.5, s - 1, s - 1);
    ctx.strokeStyle = mark;
    ctx.beginPath();
    if (look.pattern === 1) {
      for (let i = 1; i < 4; i += 1) {
        ctx.moveTo(x + (i * s) / 4, y + 2);
        ctx.lineTo(x + (i * s) / 4, y + s - 2);
      }
    } else if (look.pattern === 2) {
      ctx.arc(cx, cy, s / 6, 0, 2 * Math.PI);
    } else if (look.pattern === 3) {
      ctx.moveTo(x + 3, y + 3);
      ctx.lineTo(x + s - 3, y + s - 3);
      ctx.moveTo(x + s - 3, y + 3);
      ctx.lineTo(x + 3, y + s - 3);
    } else {
      ctx.rect(x + s / 4, y + s / 4, s / 2, s / 2);
    }
    ctx.stroke();
  } else if (look.shape === 'crate') {
    const m = s * 0.14;
    ctx.fillRect(x + m, y + m, s - 2 * m, s - 2 * m);
    ctx.strokeRect(x + m, y + m, s - 2 * m, s - 2 * m);
    ctx.beginPath();
    ctx.moveTo(x + m, y + m);
    ctx.lineTo(x + s - m, y + s - m);
    ctx.moveTo(x + s - m, y + m);
    ctx.lineTo(x + m, y + s - m);
    ctx.stroke();
  } else if (look.shape === 'gem') {
    ctx.beginPath();
    ctx.moveTo(cx, y + s * 0.18);
    ctx.lineTo(x + s * 0.8, cy);
    ctx.lineTo(cx, y + s * 0.82);
    ctx.lineTo(x + s * 0.2, cy);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  } else if (look.shape === 'arch') {
    ctx.beginPath();
    ctx.moveTo(x + s * 0.2, y + s * 0.9);
    ctx.lineTo(x + s * 0.2, cy);
    ctx.arc(cx, cy, s * 0.3, Math.PI, 0);
    ctx.lineTo(x + s * 0.8, y + s * 0.9);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = mark;
    ctx.beginPath();
    ctx.arc(x + s * 0.66, y + s * 0.62, s / 18 + 0.5, 0, 2 * Math.PI);
    ctx.fill();
  } else if (look.shape === 'ring') {
    ctx.lineWidth = Math.max(1.5, s / 8);
    ctx.strokeStyle = fill;
    ctx.beginPath();
    ctx.arc(cx, cy, s * 0.28, 0, 2 * Math.PI);
    ctx.stroke();
  } else if (look.shape === 'face') {
    ctx.beginPath();
    ctx.arc(cx, cy, s * 0.36, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = mark;
    for (const dx of [-1, 1]) {
      ctx.beginPath();
      ctx.arc(cx + (dx * s) / 8, cy - s / 12, s / 16 + 0.5, 0, 2 * Math.PI);
      ctx.fill();
    }
    ctx.strokeStyle = mark;
    ctx.beginPath();
    ctx.arc(cx, cy + s / 24, s / 6, 0.15 * Math.PI, 0.85 * Math.PI);
    ctx.stroke();
  }
  ctx.restore();
}

/** The board's placement in a canvas of w × h css pixels. */
export function layoutFor(view, w, h) {
  const cell = Math.max(4, Math.floor(Math.min(w / Math.max(1, view.width), h / Math.max(1, view.height))));
  return { cell, ...centred(w, h, cell * view.width, cell * view.height), width: view.width, height: view.height };
}

/** The cell under css pixel (px, py), or null outside the board. */
export function cellAt(layout, px, py) {
  const x = Math.floor((px - layout.ox) / layout.cell);
  const y = Math.floor((py - layout.oy) / layout.cell);
  if (x < 0 || y < 0 || x >= layout.width || y >= layout.height) return null;
  return { x, y };
}

/**
 * Draws the board: the floor, every sprite bottom first, then the overlays: `heat` (per cell,
 * expansions whose avatar stood there) and `path` (cells the plan's avatar walks through).
 * `view.looks` holds each type's look (lookOf), by type id.
 */
export function drawBoard(ctx, view, overlay, layout, colors) {
  const { cell: s, ox, oy } = layout;
  ctx.fillStyle = colors.floor;
  ctx.fillRect(ox, oy, s * view.width, s * view.height);
  ctx.strokeStyle = colors['floor-line'];
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x <= view.width; x += 1) {
    ctx.moveTo(ox + x * s + 0.5, oy);
    ctx.lineTo(ox + x * s + 0.5, oy + s * view.height);
  }
  for (let y = 0; y <= view.height; y += 1) {
    ctx.moveTo(ox, oy + y * s + 0.5);
    ctx.lineTo(ox + s * view.width, oy + y * s + 0.5);
  }
  ctx.stroke();
  const sprites = view.sprites;
  for (let i = 0; i + 2 < sprites.length; i += 3) {
    const look = view.looks[sprites[i + 2]];
    if (look.shape === 'face' && !view.alive) ctx.globalAlpha = 0.35;
    drawSprite(ctx, look, ox + sprites[i] * s, oy + sprites[i + 1] * s, s, colors);
    ctx.globalAlpha = 1;
  }
  if (overlay.heat) {
    let max = 0;
    for (const n of overlay.heat) max = Math.max(max, n);
    if (max > 0) {
      for (let c = 0; c < overlay.heat.length; c += 1) {
        if (!overlay.heat[c]) continue;
        ctx.fillStyle = `rgba(${colors.heat}, ${0.12 + 0.5 * (overlay.heat[c] / max)})`;
        ctx.fillRect(ox + (c % view.width) * s, oy + Math.floor(c / view.width) * s, s, s);
      }
    }
  }
  if (overlay.path && overlay.path.length > 1) {
    ctx.strokeStyle = colors.path;
    ctx.fillStyle = colors.path;
    ctx.lineWidth = Math.max(2, s / 8);
    ctx.lineJoin = 'round';
    ctx.beginPath();
    overlay.path.forEach((c, i) => {
      const px = ox + ((c % view.width) + 0.5) * s;
      const py = oy + (Math.floor(c / view.width) + 0.5) * s;
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    });
    ctx.stroke();
    const end = overlay.path[overlay.path.length - 1];
    ctx.beginPath();
    ctx.arc(ox + ((end % view.width) + 0.5) * s, oy + (Math.floor(end / view.width) + 0.5) * s, Math.max(3, s / 6), 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** The board in words, for the canvas's accessible name. */
export function describe(view, title) {
  const avatar = view.types.find((t) => t.class === 'MovingAvatar');
  const where = `column ${view.avatarX + 1}, row ${view.avatarY + 1}`;
  const outcome = { playing: 'playing', won: 'won', lost: 'lost' }[view.outcome] ?? view.outcome;
  return `${title} board, ${view.width} by ${view.height} cells: the ${avatar ? avatar.name : 'avatar'} is at ${where}; score ${view.score}, ${outcome}. Arrow keys or WASD move.`;
}
