// KB Fast-Evo's knowledge drawn on a grid board, for any game that observes as sprites (Bait,
// the VGDL games): the feature rays from the avatar to the nearest sprite of each feature type,
// labelled with f_j (eq. 2); the rollout policy as arrows at the avatar, each move's probability
// under the best W (eq. 3), with a ring at 25 %; and the rollout heat map, a dot per cell the
// rollouts visited (larger = more often). It reads a `KbKnowledge` (src/wasm/kb_memory.rs),
// whose `root` and `rolloutHeat` are in grid cells, and draws in the board's cell units: a
// game's renderer calls it with its context translated to the grid's top-left corner.

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
export function typeColor(kind) {
  return `hsl(${(kind * 67 + 190) % 360}, 75%, 42%)`;
}

/**
 * Draws `knowledge` (a KbKnowledge with `root`) on a board of `cell`-pixel cells; `text` is
 * the colour of labels; `avatar` ({ x, y }, or null) is where the board's avatar stands. The
 * rays and arrows start at the root's avatar (the state searched); once the avatar has left
 * that cell they fade and a ring marks it. Nothing without a root (a run that was not recorded).
 */
export function drawKbfeOverlay(ctx, knowledge, cell, text, avatar) {
  const root = knowledge?.root;
  if (!root) return;
  ctx.save();
  drawRolloutHeat(ctx, knowledge.rolloutHeat ?? [], root.width, cell);
  const cx = root.x * cell + cell / 2;
  const cy = root.y * cell + cell / 2;
  if (!avatar || avatar.x !== root.x || avatar.y !== root.y) {
    ctx.globalAlpha = 0.45;
    ctx.strokeStyle = text;
    ctx.lineWidth = Math.max(1.5, cell * 0.05);
    ctx.beginPath();
    ctx.arc(cx, cy, cell * 0.4, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.setLineDash([cell * 0.2, cell * 0.08]);
  ctx.lineWidth = Math.max(2, cell * 0.08);
  ctx.font = `600 ${Math.max(11, Math.round(cell * 0.26))}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
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
    // The label on a white plate, so it reads over any tile.
    const label = `f ${ray.name} = ${ray.distance.toFixed(2)}`;
    const width = ctx.measureText(label).width;
    const lx = Math.min(Math.max((cx + tx) / 2 - width / 2, 0), root.width * cell - width);
    const ly = (cy + ty) / 2 - cell * 0.3;
    ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.fillRect(lx - 3, ly - cell * 0.17, width + 6, cell * 0.34);
    ctx.fillStyle = typeColor(ray.kind);
    ctx.fillText(label, lx, ly);
  }
  ctx.setLineDash([]);
  drawPolicy(ctx, root.policy, cx, cy, cell, text);
  ctx.restore();
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
