// KB Fast-Evo's knowledge drawn on a grid board, for any game that observes as sprites (Bait,
// the VGDL games): the feature rays from the avatar to the nearest sprite of each feature type,
// labelled with f_j (eq. 2); the rollout policy as arrows at the avatar, each move's probability
// under the best W (eq. 3), with a ring at 25 %; and the rollout heat map, a dot per cell the
// rollouts visited (larger = more often). It reads a `KbKnowledge` (src/wasm/kb_memory.rs),
// whose `root` and `rolloutHeat` are in grid cells, and needs of the board only its grid (cell
// size, corner) and its avatar's cell: board.js draws it over every game's board whose overlay
// holds one (`overlay.kbfe`), after the game's own renderer, so Bait and every VGDL game share
// this one path.

/** Colours of eq. 6's branches and of the ES strip's marks (readable on light and dark). */
export const STRIP_COLORS = {
  score: '#16a34a',
  knowledge: '#9333ea',
  won: '#ca8a04',
  lost: '#dc2626',
  best: '#2563eb',
  accepted: '#16a34a',
};

const POLICY = '#ea580c';
const HEAT = '147, 51, 234';

/** Eq. 6's branch in words. */
export function branchWords(branch) {
  return {
    won: 'a win',
    lost: 'a loss',
    score: 'the score changed',
    knowledge: 'no score change: curiosity and experience',
  }[branch] ?? branch;
}

/** A move's direction from its name ('Left', 'ACTION_LEFT', …; a name with no direction, such
 * as 'Nil' or 'Use', has none). */
function direction(name) {
  const word = String(name).toLowerCase().match(/left|right|up|down/)?.[0];
  return { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[word] ?? null;
}

/** The colour of sprite type `kind` (a hue per type, so each ray keeps its colour). */
function typeColor(kind) {
  return `hsl(${(kind * 67 + 190) % 360}, 75%, 42%)`;
}

/**
 * The board's KB Fast-Evo layer: board.js calls it after every game's own renderer. Draws
 * `knowledge` (the overlay's `kbfe`; nothing when it is undefined or has no root) over the grid of
 * `layout` ({ cell, ox, oy } in css pixels), with the avatar of `view` (avatarX and avatarY, -1
 * without one), in `colors` (the renderer's, which must name `text` and `panel`). For tests and
 * tools it writes on `canvas` what it drew: the rays (data-kbfe-rays), each move's probability
 * under the best W (data-kbfe-policy), the rollout heat's total (data-rollout-heat), the labels'
 * plates in css pixels ("x,y,width,height;…", data-kbfe-labels), the grid ("ox,oy,cell",
 * data-kbfe-grid), the root's and the avatar's cells ("x,y"); without knowledge, none of these.
 */
export function drawKbfeLayer(ctx, canvas, view, knowledge, layout, colors) {
  const data = canvas.dataset;
  const root = knowledge?.root;
  if (!root) {
    for (const key of ['kbfeRays', 'kbfePolicy', 'rolloutHeat', 'kbfeLabels', 'kbfeGrid', 'kbfeRoot', 'kbfeAvatar']) delete data[key];
    return;
  }
  const { cell, ox, oy } = layout;
  const avatar = view.avatarX >= 0 ? { x: view.avatarX, y: view.avatarY } : null;
  ctx.save();
  ctx.translate(ox, oy);
  const plates = drawKbfeOverlay(ctx, knowledge, cell, colors, avatar);
  ctx.restore();
  data.kbfeRays = String(root.rays.length);
  data.kbfePolicy = root.policy.map((m) => `${m.name} ${m.probability.toFixed(3)}`).join(', ');
  data.rolloutHeat = String((knowledge.rolloutHeat ?? []).reduce((a, b) => a + b, 0));
  data.kbfeLabels = plates.map((p) => [p.x + ox, p.y + oy, p.width, p.height].map((n) => n.toFixed(1)).join(',')).join(';');
  data.kbfeGrid = `${ox},${oy},${cell}`;
  data.kbfeRoot = `${root.x},${root.y}`;
  data.kbfeAvatar = avatar ? `${avatar.x},${avatar.y}` : '';
}

/**
 * Draws `knowledge` (a KbKnowledge with `root`) over a grid board of `cell`-pixel cells, the
 * context translated to the grid's top-left corner; `colors` holds the theme's `text` and
 * `panel`; `avatar` ({ x, y }, or null) is where the board's avatar stands. The rays and arrows
 * start at the root's avatar (the state searched); once the avatar has left that cell they fade
 * and a ring marks it. Each ray's label sits on a plate of the theme's panel colour in its text
 * colour (the page's own contrast, whatever the tiles and heat beneath), never faded, placed by
 * `placeLabels` off the avatar and off each other. Returns the plates drawn, [{ x, y, width,
 * height }] in the grid's pixels.
 */
function drawKbfeOverlay(ctx, knowledge, cell, colors, avatar) {
  const { root } = knowledge;
  ctx.save();
  drawRolloutHeat(ctx, knowledge.rolloutHeat ?? [], root.width, cell);
  const moved = !avatar || avatar.x !== root.x || avatar.y !== root.y;
  if (moved) ctx.globalAlpha = 0.45;
  const cx = root.x * cell + cell / 2;
  const cy = root.y * cell + cell / 2;
  ctx.lineWidth = Math.max(1.5, cell * 0.05);
  if (moved) {
    ctx.strokeStyle = colors.text;
    ctx.beginPath();
    ctx.arc(cx, cy, cell * 0.4, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.setLineDash([cell * 0.2, cell * 0.08]);
  ctx.lineWidth = Math.max(2, cell * 0.08);
  for (const ray of root.rays) {
    const tx = ray.x * cell + cell / 2;
    const ty = ray.y * cell + cell / 2;
    ctx.strokeStyle = typeColor(ray.kind);
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(tx, ty);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(tx, ty, cell * 0.42, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  drawPolicy(ctx, root.policy, cx, cy, cell, colors.text);
  ctx.globalAlpha = 1;
  const labels = drawLabels(ctx, root, cell, colors, avatar);
  ctx.restore();
  return labels;
}

/** The labels' type size: 12 px at least, growing with the cell. */
function labelSize(cell) {
  return Math.max(12, Math.round(cell * 0.22));
}

/** Each ray's label ("f key = 0.25") on a plate: the theme's panel colour, a border and a swatch
 * in the ray's colour, the text in the theme's text colour. Returns the plates. */
function drawLabels(ctx, root, cell, colors, avatar) {
  const size = labelSize(cell);
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  const pad = Math.round(size * 0.4);
  const swatch = Math.round(size * 0.7);
  const labels = root.rays.map((ray) => {
    const text = `f ${ray.name} = ${ray.distance.toFixed(2)}`;
    return { ray, text, width: Math.ceil(pad * 3 + swatch + ctx.measureText(text).width), height: size + 2 * pad };
  });
  const plates = placeLabels(labels, root, cell, avatar);
  labels.forEach(({ ray, text }, i) => {
    const { x, y, width, height } = plates[i];
    ctx.fillStyle = colors.panel;
    ctx.strokeStyle = typeColor(ray.kind);
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.roundRect(x, y, width, height, Math.min(4, height / 4));
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = typeColor(ray.kind);
    ctx.fillRect(x + pad, y + (height - swatch) / 2, swatch, swatch);
    ctx.fillStyle = colors.text;
    ctx.fillText(text, x + pad * 2 + swatch, y + height / 2);
  });
  return plates;
}

/** The area two boxes ({ x, y, width, height }) share. */
function overlap(a, b) {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A cell's box. */
function cellBox(x, y, cell) {
  return { x: x * cell, y: y * cell, width: cell, height: cell };
}

/**
 * Where each label ({ ray, width, height }) goes, in the rays' order: of a few spots around its
 * sprite, then beside its ray's middle, each kept on the board, the one that covers least, where
 * covering the avatar (the root's cell and the cell it stands in now) costs most, then covering a
 * label already placed, then a ray's sprite, then the policy's arrows, then being a later choice.
 * So a label covers the avatar or another label only when no spot avoids it (a tiny board).
 */
function placeLabels(labels, root, cell, avatar) {
  const boardWidth = root.width * cell;
  const boardHeight = root.height * cell;
  const avatars = [cellBox(root.x, root.y, cell)];
  if (avatar && (avatar.x !== root.x || avatar.y !== root.y)) avatars.push(cellBox(avatar.x, avatar.y, cell));
  const sprites = root.rays.map((ray) => cellBox(ray.x, ray.y, cell));
  const cx = root.x * cell + cell / 2;
  const cy = root.y * cell + cell / 2;
  const arms = (root.policy ?? []).flatMap((move) => {
    const d = direction(move.name);
    if (!d) return [];
    const length = cell * 2 * move.probability;
    const thick = cell * 0.2;
    return [{
      x: Math.min(cx, cx + d[0] * length) - thick / 2,
      y: Math.min(cy, cy + d[1] * length) - thick / 2,
      width: Math.abs(d[0] * length) + thick,
      height: Math.abs(d[1] * length) + thick,
    }];
  });
  const placed = [];
  for (const { ray, width, height } of labels) {
    const tx = ray.x * cell + cell / 2;
    const ty = ray.y * cell + cell / 2;
    const mx = (cx + tx) / 2;
    const my = (cy + ty) / 2;
    const r = cell / 2 + 3;
    const spots = [
      [tx - width / 2, ty - r - height], [tx - width / 2, ty + r], [tx + r, ty - height / 2], [tx - r - width, ty - height / 2],
      [tx + r, ty - r - height], [tx - r - width, ty - r - height], [tx + r, ty + r], [tx - r - width, ty + r],
      [mx - width / 2, my - height - 3], [mx - width / 2, my + 3], [tx - width / 2, ty - height / 2],
    ];
    let best = null;
    spots.forEach(([sx, sy], index) => {
      const box = {
        x: Math.max(0, Math.min(sx, boardWidth - width)),
        y: Math.max(0, Math.min(sy, boardHeight - height)),
        width,
        height,
      };
      const apart = { x: box.x - 2, y: box.y - 2, width: width + 4, height: height + 4 };
      const sum = (boxes, of) => boxes.reduce((total, other) => total + overlap(of, other), 0);
      const cost = 1e6 * sum(avatars, box) + 1e4 * sum(placed, apart) + 10 * sum(sprites, box) + sum(arms, box) + index;
      if (!best || cost < best.cost) best = { box, cost };
    });
    placed.push(best.box);
  }
  return placed;
}

/** A dot per cell the rollouts visited, its area growing with the log of the visits. */
function drawRolloutHeat(ctx, heat, width, cell) {
  let max = 0;
  for (const n of heat) if (n > max) max = n;
  if (max === 0 || width === 0) return;
  const scale = Math.log1p(max);
  for (let i = 0; i < heat.length; i += 1) {
    if (heat[i] === 0) continue;
    const share = Math.log1p(heat[i]) / scale;
    ctx.fillStyle = `rgba(${HEAT}, ${(0.2 + 0.4 * share).toFixed(3)})`;
    ctx.beginPath();
    ctx.arc((i % width) * cell + cell / 2, Math.floor(i / width) * cell + cell / 2, cell * (0.05 + 0.12 * share), 0, Math.PI * 2);
    ctx.fill();
  }
}

/** Arrows from the avatar's centre, one per move, as long as its probability (1 = two cells);
 * a ring at 25 % (uniform over four moves). */
function drawPolicy(ctx, policy, cx, cy, cell, text) {
  if (!policy?.length) return;
  const reach = cell * 2;
  const alpha = ctx.globalAlpha;
  ctx.strokeStyle = text;
  ctx.globalAlpha = alpha * 0.5;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.arc(cx, cy, reach * 0.25, 0, Math.PI * 2);
  ctx.stroke();
  ctx.globalAlpha = alpha * 0.9;
  ctx.strokeStyle = POLICY;
  ctx.fillStyle = POLICY;
  ctx.lineWidth = Math.max(2, cell * 0.09);
  ctx.lineCap = 'round';
  for (const move of policy) {
    const d = direction(move.name);
    if (!d) continue;
    const length = reach * move.probability;
    const ex = cx + d[0] * length;
    const ey = cy + d[1] * length;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(ex, ey);
    ctx.stroke();
    const head = Math.max(4, cell * 0.14);
    ctx.beginPath();
    ctx.moveTo(ex + d[0] * head, ey + d[1] * head);
    ctx.lineTo(ex - d[1] * head * 0.8, ey + d[0] * head * 0.8);
    ctx.lineTo(ex + d[1] * head * 0.8, ey - d[0] * head * 0.8);
    ctx.fill();
  }
  ctx.globalAlpha = alpha;
}
