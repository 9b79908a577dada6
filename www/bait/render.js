// Bait, drawn by our own code: pure functions from a board view (and overlays) to a canvas.
//
// A board view is what the wasm session's view() returns:
//   { width, height, cells: Uint8Array(width*height, row-major), avatarX, avatarY, hasKey, alive }
// where each cell holds bit flags (game.js); avatarX is -1 when the level has no avatar (editor).

import { centred } from '../board.js';
import { chosenRootAction } from '../stats.js';
import { WALL, BOX, HOLE, MUSHROOM, KEY, GOAL, ACTIONS, TILES } from './game.js';

/** CSS custom properties the renderer reads, so the board follows the page's theme. */
export const COLOR_NAMES = [
  'floor', 'floor-line', 'wall', 'wall-line', 'hole', 'hole-rim', 'box', 'box-line', 'key', 'door',
  'door-line', 'mushroom-cap', 'mushroom-stem', 'avatar', 'avatar-skin', 'heat', 'frontier', 'path',
  'invalid', 'text', 'panel',
];

/**
 * A board view drawn from level rows as typed (for the editor, which must draw levels the parser
 * refuses). Unknown characters draw as floor and are reported by the parser.
 */
export function viewFromRows(rows) {
  const height = rows.length;
  const width = Math.max(0, ...rows.map((row) => row.length));
  const cells = new Uint8Array(width * height);
  const avatars = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x += 1) {
      const ch = x < row.length ? row[x] : ' ';
      const tile = TILES.find((t) => t.char === ch);
      if (!tile) continue;
      cells[y * width + x] = tile.flags;
      if (tile.avatar) avatars.push({ x, y });
    }
  });
  const [first = { x: -1, y: -1 }, ...extraAvatars] = avatars;
  // extraAvatars: more than one 'A' is an error the parser reports; the editor still draws them.
  return { width, height, cells, avatarX: first.x, avatarY: first.y, hasKey: false, alive: true, extraAvatars };
}

/** Where the board sits in a canvas of css size w×h: square cells, centred. */
export function layoutFor(view, w, h) {
  const cell = Math.max(4, Math.floor(Math.min(w / Math.max(1, view.width), h / Math.max(1, view.height))));
  return {
    cell,
    ...centred(w, h, cell * view.width, cell * view.height),
    width: view.width,
    height: view.height,
  };
}

/** The cell under css pixel (px, py), or null outside the board. */
export function cellAt(layout, px, py) {
  const x = Math.floor((px - layout.ox) / layout.cell);
  const y = Math.floor((py - layout.oy) / layout.cell);
  if (x < 0 || y < 0 || x >= layout.width || y >= layout.height) return null;
  return { x, y };
}

/**
 * Draws the board and its overlays. `overlay` may hold:
 *   heat: Uint32Array per cell (expansions whose avatar stood there),
 *   frontier: Uint32Array per cell (states waiting there),
 *   path: array of cell indices the plan's avatar walks through,
 *   rootActions: [{ action, visits, value }] for MCTS and RHEA,
 *   planPreview: the search's plan, whose first move is the one marked chosen,
 *   invalid: { x, y } cell to mark (editor errors),
 *   cursor: { x, y } the editor's keyboard cursor.
 */
export function drawBoard(ctx, view, overlay, layout, colors) {
  const { cell, ox, oy } = layout;
  ctx.save();
  ctx.translate(ox, oy);
  for (let y = 0; y < view.height; y += 1) {
    for (let x = 0; x < view.width; x += 1) {
      drawCell(ctx, view.cells[y * view.width + x], x * cell, y * cell, cell, colors);
    }
  }
  if (overlay.heat) drawHeat(ctx, view, overlay.heat, cell, colors);
  if (overlay.frontier) drawFrontier(ctx, view, overlay.frontier, cell, colors);
  if (overlay.path && overlay.path.length > 1) drawPath(ctx, view, overlay.path, cell, colors);
  if (view.avatarX >= 0) {
    drawAvatar(ctx, view.avatarX * cell, view.avatarY * cell, cell, view.hasKey, view.alive, colors);
  }
  for (const extra of view.extraAvatars ?? []) drawAvatar(ctx, extra.x * cell, extra.y * cell, cell, false, true, colors);
  if (overlay.rootActions && view.avatarX >= 0) drawRootActions(ctx, view, overlay.rootActions, overlay.planPreview, cell, colors);
  if (overlay.cursor) {
    ctx.strokeStyle = colors.frontier;
    ctx.lineWidth = Math.max(2, cell * 0.06);
    ctx.strokeRect(overlay.cursor.x * cell + 1, overlay.cursor.y * cell + 1, cell - 2, cell - 2);
  }
  if (overlay.invalid) {
    ctx.strokeStyle = colors.invalid;
    ctx.lineWidth = Math.max(2, cell * 0.08);
    ctx.setLineDash([cell * 0.15, cell * 0.1]);
    ctx.strokeRect(overlay.invalid.x * cell + 2, overlay.invalid.y * cell + 2, cell - 4, cell - 4);
    ctx.setLineDash([]);
  }
  ctx.restore();
}

/** One tile as an icon (the editor's palette, the rules panel): `tile` is { flags, avatar?,
 * hasKey? } (an avatar carrying the key when `hasKey`). */
export function drawTile(ctx, tile, size, colors) {
  drawCell(ctx, tile.flags, 0, 0, size, colors);
  if (tile.avatar) drawAvatar(ctx, 0, 0, size, Boolean(tile.hasKey), true, colors);
}

function drawCell(ctx, flags, px, py, s, c) {
  if (flags & WALL) {
    drawWall(ctx, px, py, s, c);
    return;
  }
  ctx.fillStyle = c.floor;
  ctx.fillRect(px, py, s, s);
  ctx.strokeStyle = c['floor-line'];
  ctx.lineWidth = 1;
  ctx.strokeRect(px + 0.5, py + 0.5, s - 1, s - 1);
  if (flags & HOLE) drawHole(ctx, px, py, s, c);
  if (flags & MUSHROOM) drawMushroom(ctx, px, py, s, c);
  if (flags & GOAL) drawDoor(ctx, px, py, s, c);
  if (flags & KEY) drawKey(ctx, px + s * 0.5, py + s * 0.5, s * 0.8, c.key);
  if (flags & BOX) {
    const under = flags & (KEY | GOAL);
    drawBox(ctx, px, py, s, c, under ? 0.82 : 1);
    // A box standing on the key or the door: a badge in the corner says what is underneath.
    if (flags & KEY) drawBadge(ctx, px, py, s, c, (x, y, r) => drawKey(ctx, x, y, r * 1.6, c.key));
    if (flags & GOAL) drawBadge(ctx, px, py, s, c, (x, y, r) => drawDoorIcon(ctx, x, y, r, c));
  }
}

function drawWall(ctx, px, py, s, c) {
  ctx.fillStyle = c.wall;
  ctx.fillRect(px, py, s, s);
  ctx.strokeStyle = c['wall-line'];
  ctx.lineWidth = Math.max(1, s * 0.04);
  const rows = 3;
  const h = s / rows;
  ctx.beginPath();
  for (let r = 0; r < rows; r += 1) {
    const y = py + r * h;
    ctx.moveTo(px, y);
    ctx.lineTo(px + s, y);
    const offset = r % 2 === 0 ? s * 0.5 : s * 0.25;
    for (let x = px + offset; x < px + s; x += s * 0.5) {
      ctx.moveTo(x, y);
      ctx.lineTo(x, y + h);
    }
  }
  ctx.stroke();
}

function drawHole(ctx, px, py, s, c) {
  ctx.fillStyle = c['hole-rim'];
  ellipse(ctx, px + s / 2, py + s / 2, s * 0.42, s * 0.34);
  ctx.fill();
  ctx.fillStyle = c.hole;
  ellipse(ctx, px + s / 2, py + s * 0.53, s * 0.36, s * 0.28);
  ctx.fill();
}

function drawMushroom(ctx, px, py, s, c) {
  ctx.fillStyle = c['mushroom-stem'];
  roundRect(ctx, px + s * 0.42, py + s * 0.45, s * 0.16, s * 0.35, s * 0.05);
  ctx.fill();
  ctx.fillStyle = c['mushroom-cap'];
  ctx.beginPath();
  ctx.ellipse(px + s / 2, py + s * 0.5, s * 0.3, s * 0.26, 0, Math.PI, 0);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = c['mushroom-stem'];
  for (const [dx, dy, r] of [[-0.13, -0.1, 0.05], [0.1, -0.13, 0.04], [0.02, -0.02, 0.035]]) {
    ctx.beginPath();
    ctx.arc(px + s * (0.5 + dx), py + s * (0.5 + dy), s * r, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawDoor(ctx, px, py, s, c) {
  const x = px + s * 0.2;
  const y = py + s * 0.12;
  const w = s * 0.6;
  const h = s * 0.78;
  ctx.fillStyle = c.door;
  ctx.beginPath();
  ctx.moveTo(x, y + h);
  ctx.lineTo(x, y + w / 2);
  ctx.arc(x + w / 2, y + w / 2, w / 2, Math.PI, 0);
  ctx.lineTo(x + w, y + h);
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = c['door-line'];
  ctx.lineWidth = Math.max(1, s * 0.04);
  ctx.stroke();
  // keyhole
  ctx.fillStyle = c['door-line'];
  ctx.beginPath();
  ctx.arc(x + w / 2, y + h * 0.5, s * 0.06, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(x + w / 2 - s * 0.025, y + h * 0.5, s * 0.05, s * 0.14);
}

function drawDoorIcon(ctx, cx, cy, r, c) {
  ctx.fillStyle = c.door;
  roundRect(ctx, cx - r * 0.6, cy - r * 0.8, r * 1.2, r * 1.6, r * 0.4);
  ctx.fill();
}

function drawKey(ctx, cx, cy, size, color) {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = Math.max(1.5, size * 0.09);
  ctx.lineCap = 'round';
  const r = size * 0.16;
  const bx = cx - size * 0.2;
  ctx.beginPath();
  ctx.arc(bx, cy, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(bx + r, cy);
  ctx.lineTo(cx + size * 0.32, cy);
  ctx.moveTo(cx + size * 0.22, cy);
  ctx.lineTo(cx + size * 0.22, cy + size * 0.12);
  ctx.moveTo(cx + size * 0.1, cy);
  ctx.lineTo(cx + size * 0.1, cy + size * 0.1);
  ctx.stroke();
  ctx.restore();
}

function drawBox(ctx, px, py, s, c, scale) {
  const inset = s * (0.1 + (1 - scale) * 0.5);
  const w = s - 2 * inset;
  ctx.fillStyle = c.box;
  roundRect(ctx, px + inset, py + inset, w, w, s * 0.06);
  ctx.fill();
  ctx.strokeStyle = c['box-line'];
  ctx.lineWidth = Math.max(1, s * 0.05);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(px + inset, py + inset);
  ctx.lineTo(px + inset + w, py + inset + w);
  ctx.moveTo(px + inset + w, py + inset);
  ctx.lineTo(px + inset, py + inset + w);
  ctx.stroke();
}

function drawBadge(ctx, px, py, s, c, icon) {
  const r = s * 0.16;
  const cx = px + s - r - 1;
  const cy = py + r + 1;
  ctx.fillStyle = c.panel;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  icon(cx, cy, r * 0.75);
}

function drawAvatar(ctx, px, py, s, hasKey, alive, c) {
  ctx.save();
  const cx = px + s / 2;
  if (!alive) {
    // Fallen into a hole: smaller, faded, eyes crossed out.
    ctx.globalAlpha = 0.75;
    ctx.translate(cx, py + s * 0.55);
    ctx.scale(0.7, 0.7);
    ctx.translate(-cx, -(py + s * 0.55));
  }
  ctx.fillStyle = c.avatar;
  roundRect(ctx, px + s * 0.3, py + s * 0.45, s * 0.4, s * 0.42, s * 0.12);
  ctx.fill();
  ctx.fillStyle = c['avatar-skin'];
  ctx.beginPath();
  ctx.arc(cx, py + s * 0.33, s * 0.17, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = c.hole;
  ctx.fillStyle = c.hole;
  ctx.lineWidth = Math.max(1, s * 0.03);
  for (const ex of [-0.06, 0.06]) {
    const x = cx + s * ex;
    const y = py + s * 0.31;
    if (alive) {
      ctx.beginPath();
      ctx.arc(x, y, s * 0.022, 0, Math.PI * 2);
      ctx.fill();
    } else {
      const d = s * 0.03;
      ctx.beginPath();
      ctx.moveTo(x - d, y - d);
      ctx.lineTo(x + d, y + d);
      ctx.moveTo(x + d, y - d);
      ctx.lineTo(x - d, y + d);
      ctx.stroke();
    }
  }
  if (hasKey) drawKey(ctx, px + s * 0.74, py + s * 0.64, s * 0.42, c.key);
  ctx.restore();
}

function drawHeat(ctx, view, heat, s, c) {
  let max = 0;
  for (let i = 0; i < heat.length; i += 1) if (heat[i] > max) max = heat[i];
  if (max === 0) return;
  const scale = Math.log1p(max);
  for (let i = 0; i < heat.length; i += 1) {
    if (heat[i] === 0) continue;
    const alpha = 0.1 + 0.35 * (Math.log1p(heat[i]) / scale);
    ctx.fillStyle = `rgba(${c.heat}, ${alpha.toFixed(3)})`;
    ctx.fillRect((i % view.width) * s, Math.floor(i / view.width) * s, s, s);
  }
}

function drawFrontier(ctx, view, frontier, s, c) {
  ctx.strokeStyle = c.frontier;
  ctx.lineWidth = Math.max(1.5, s * 0.06);
  ctx.setLineDash([s * 0.12, s * 0.08]);
  for (let i = 0; i < frontier.length; i += 1) {
    if (frontier[i] === 0) continue;
    const inset = s * 0.12;
    ctx.strokeRect((i % view.width) * s + inset, Math.floor(i / view.width) * s + inset, s - 2 * inset, s - 2 * inset);
  }
  ctx.setLineDash([]);
}

function drawPath(ctx, view, path, s, c) {
  const centre = (i) => [(i % view.width) * s + s / 2, Math.floor(i / view.width) * s + s / 2];
  ctx.save();
  ctx.strokeStyle = c.path;
  ctx.globalAlpha = 0.85;
  ctx.lineWidth = Math.max(2, s * 0.1);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  const [x0, y0] = centre(path[0]);
  ctx.moveTo(x0, y0);
  for (let k = 1; k < path.length; k += 1) {
    const [x, y] = centre(path[k]);
    ctx.lineTo(x, y);
  }
  ctx.stroke();
  const [xe, ye] = centre(path[path.length - 1]);
  ctx.fillStyle = c.path;
  ctx.beginPath();
  ctx.arc(xe, ye, Math.max(3, s * 0.12), 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function drawRootActions(ctx, view, rootActions, plan, s, c) {
  const total = rootActions.reduce((sum, r) => sum + r.visits, 0) || 1;
  const best = chosenRootAction(rootActions, plan);
  const cx = view.avatarX * s + s / 2;
  const cy = view.avatarY * s + s / 2;
  ctx.save();
  ctx.strokeStyle = c.text;
  ctx.lineCap = 'round';
  for (const r of rootActions) {
    const a = ACTIONS[r.action];
    if (!a || (a.dx === 0 && a.dy === 0)) continue;
    const share = r.visits / total;
    ctx.globalAlpha = r === best ? 0.95 : 0.35 + 0.5 * share;
    ctx.lineWidth = Math.max(1.5, s * (0.04 + 0.14 * share));
    ctx.beginPath();
    ctx.moveTo(cx + a.dx * s * 0.3, cy + a.dy * s * 0.3);
    ctx.lineTo(cx + a.dx * s * 0.85, cy + a.dy * s * 0.85);
    ctx.stroke();
  }
  ctx.restore();
}

function ellipse(ctx, x, y, rx, ry) {
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, 0, 0, Math.PI * 2);
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}
