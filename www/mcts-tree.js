// The MCTS tree at the timeline's step, drawn on a canvas: a node's size grows with its visits,
// its colour goes from red (low mean value) through yellow to green (high), and the best line
// (the most visited child, again and again) is drawn thick. The worker sends the tree already
// collapsed to a readable depth and node count. Hovering a node, or moving the keyboard's focus
// with the arrow keys (Up: parent, Down: its most visited child, Left/Right: siblings, Home: the
// root), shows its N, Q and UCT score, and an aria-live line says them.
//
// Under it, the iteration of the timeline's step phase by phase (mcts-phases.js): the nodes of
// the phase on show are ringed with a dashed line.
//
// Used by every game whose agent is MCTS (the page asks for the tree only then); "Show tree"
// turns it on and off.

import { statText } from './stats.js';
import { crispContext } from './board.js';
import { MctsPhases } from './mcts-phases.js';

const ROW_GAP = 56;
const MARGIN = 18;
const MAX_RADIUS = 14;
const MIN_RADIUS = 3;

export class MctsTree {
  /** Builds the panel inside `root` (an empty element): the "Show tree" switch, the figure, the
   * line that says the focused node. `onToggle(shown)` is told when the switch changes. */
  constructor(root, onToggle) {
    this.root = root;
    this.nodes = [];
    this.focus = null; // index into this.nodes
    this.hover = null;
    this.actionName = String;
    const toggleLabel = document.createElement('label');
    toggleLabel.className = 'inline';
    this.toggle = document.createElement('input');
    this.toggle.type = 'checkbox';
    this.toggle.dataset.testid = 'show-tree';
    toggleLabel.append(this.toggle, ' Show tree');
    this.toggle.addEventListener('change', () => {
      this.figure.hidden = !this.toggle.checked;
      onToggle(this.toggle.checked);
    });
    this.figure = document.createElement('figure');
    this.figure.className = 'mcts-tree';
    this.figure.setAttribute('aria-label', 'MCTS tree');
    this.figure.hidden = true;
    this.canvas = document.createElement('canvas');
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('role', 'img');
    this.canvas.dataset.testid = 'mcts-tree';
    this.said = document.createElement('p');
    this.said.className = 'hint';
    this.said.setAttribute('aria-live', 'polite');
    this.said.dataset.testid = 'mcts-tree-focus';
    const caption = document.createElement('figcaption');
    caption.className = 'hint';
    caption.textContent = 'Size: visits (N). Colour: mean value (Q), red low to green high. Thick: the best line. Hover a node, or focus the tree and use the arrow keys, for its N, Q and UCT.';
    const phasesRoot = document.createElement('div');
    this.phases = new MctsPhases(phasesRoot, () => this.draw());
    this.figure.append(this.canvas, this.said, caption, phasesRoot);
    root.append(toggleLabel, this.figure);
    this.canvas.addEventListener('keydown', (event) => this.key(event));
    this.canvas.addEventListener('focus', () => {
      if (this.focus === null && this.nodes.length) this.focusOn(0);
      else this.draw();
    });
    this.canvas.addEventListener('blur', () => this.draw());
    this.canvas.addEventListener('mousemove', (event) => {
      const hit = this.nodeAt(event);
      if (hit !== this.hover) {
        this.hover = hit;
        this.draw();
      }
    });
    this.canvas.addEventListener('mouseleave', () => {
      this.hover = null;
      this.draw();
    });
    new ResizeObserver(() => this.draw()).observe(this.canvas);
    this.setAvailable(false);
  }

  /** Whether the tree applies to the run on show (its agent is MCTS): the panel shows only then. */
  setAvailable(available) {
    this.root.hidden = !available;
    if (!available) {
      this.show([], String);
      this.phases.show(null);
    }
    this.figure.hidden = !this.toggle.checked;
  }

  /** Whether the person asked to see the tree. */
  get shown() {
    return !this.root.hidden && this.toggle.checked;
  }

  /** Shows `nodes` (TreeNode[]: id, parent, action, depth, visits, mean, uct, onBestLine), the
   * tree at `step` of its search, naming edges with `actionName(action)`. The keyboard's focus
   * stays on the same node id. */
  show(nodes, actionName, step = null) {
    const focusedId = this.focus === null ? null : this.nodes[this.focus]?.id;
    this.actionName = actionName;
    this.layout(nodes);
    const again = focusedId === null ? -1 : this.nodes.findIndex((n) => n.id === focusedId);
    this.focus = again >= 0 ? again : null;
    this.hover = null;
    const root = this.nodes[0];
    const children = root ? root.children.map((i) => this.nodes[i]) : [];
    // For tests and tools: the root's children as { action, visits }.
    this.canvas.dataset.rootChildren = JSON.stringify(children.map((c) => ({ action: c.action, visits: c.visits })));
    this.canvas.dataset.nodes = String(this.nodes.length);
    this.canvas.hidden = this.nodes.length === 0;
    this.canvas.dataset.step = step === null ? '' : String(step);
    this.canvas.setAttribute('aria-label', root
      ? `MCTS tree: ${statText(this.nodes.length)} nodes shown, ${statText(root.visits)} visits at the root, ${children.length} children`
      : 'MCTS tree: empty');
    if (this.focus !== null) this.say(this.nodes[this.focus]);
    else this.said.textContent = '';
    this.draw();
  }

  /** Shows `iteration` (an IterationView, or null at step 0) phase by phase, naming moves
   * with `actionName(action)`. */
  showIteration(iteration, actionName) {
    this.phases.show(iteration, actionName);
    this.draw();
  }

  /** Shows no tree, and `text` (why) in its place. */
  showProblem(text) {
    this.show([], String);
    this.said.textContent = text;
  }

  // ---------- layout ----------

  /** Orders the nodes root first, children by visits, and gives each an x (leaf slots) and y. */
  layout(input) {
    const byId = new Map(input.map((n) => [n.id, { ...n, onBestLine: n.onBestLine ?? n.on_best_line, children: [] }]));
    let root = null;
    for (const node of byId.values()) {
      const parent = node.parent === null || node.parent === undefined ? null : byId.get(node.parent);
      if (parent) parent.children.push(node);
      else if (!root) root = node;
    }
    this.nodes = [];
    if (!root) return;
    let leaves = 0;
    const place = (node, parentIndex) => {
      const index = this.nodes.length;
      this.nodes.push(node);
      node.parentIndex = parentIndex;
      node.children.sort((a, b) => b.visits - a.visits || a.action - b.action);
      const kids = node.children;
      node.children = kids.map((kid) => place(kid, index));
      if (!kids.length) node.slot = leaves++;
      else node.slot = (this.nodes[node.children[0]].slot + this.nodes[node.children[node.children.length - 1]].slot) / 2;
      return index;
    };
    place(root, null);
    this.leaves = Math.max(1, leaves);
    this.maxDepth = Math.max(...this.nodes.map((n) => n.depth - root.depth));
    const means = this.nodes.map((n) => n.mean);
    this.low = Math.min(...means);
    this.high = Math.max(...means);
  }

  position(node, width, height) {
    const rows = Math.max(1, this.maxDepth);
    const gap = Math.min(ROW_GAP, (height - 2 * MARGIN) / rows);
    return {
      x: MARGIN + ((node.slot + 0.5) / this.leaves) * (width - 2 * MARGIN),
      y: MARGIN + (node.depth - this.nodes[0].depth) * gap,
    };
  }

  radius(node) {
    const rootVisits = Math.max(1, this.nodes[0].visits);
    return MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * Math.sqrt(Math.max(0, node.visits) / rootVisits);
  }

  colour(node) {
    const t = this.high > this.low ? (node.mean - this.low) / (this.high - this.low) : 0.5;
    return `hsl(${Math.round(t * 120)}, 70%, 48%)`;
  }

  // ---------- drawing ----------

  draw() {
    const canvas = this.canvas;
    const cleared = crispContext(canvas);
    if (!cleared) return;
    const { ctx, width, height } = cleared;
    if (!this.nodes.length) return;
    const style = getComputedStyle(document.documentElement);
    const ink = style.getPropertyValue('--text').trim() || '#222';
    const muted = style.getPropertyValue('--muted').trim() || '#777';
    const focusColour = style.getPropertyValue('--focus').trim() || '#e08a00';
    const at = this.nodes.map((n) => this.position(n, width, height));
    for (const [i, node] of this.nodes.entries()) {
      if (node.parentIndex === null) continue;
      const best = node.onBestLine && this.nodes[node.parentIndex].onBestLine;
      ctx.strokeStyle = best ? ink : muted;
      ctx.lineWidth = best ? 3 : 1;
      ctx.globalAlpha = best ? 1 : 0.5;
      ctx.beginPath();
      ctx.moveTo(at[node.parentIndex].x, at[node.parentIndex].y);
      ctx.lineTo(at[i].x, at[i].y);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    for (const [i, node] of this.nodes.entries()) {
      ctx.fillStyle = this.colour(node);
      ctx.beginPath();
      ctx.arc(at[i].x, at[i].y, this.radius(node), 0, 2 * Math.PI);
      ctx.fill();
      if (node.onBestLine) {
        ctx.strokeStyle = ink;
        ctx.lineWidth = 2;
        ctx.stroke();
      }
    }
    const marked = this.phases.marked();
    const markedShown = [];
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = focusColour;
    ctx.lineWidth = 2;
    for (const [i, node] of this.nodes.entries()) {
      if (!marked.has(node.id)) continue;
      markedShown.push(node.id);
      ctx.beginPath();
      ctx.arc(at[i].x, at[i].y, this.radius(node) + 7, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    this.canvas.dataset.marked = JSON.stringify(markedShown);
    const focused = document.activeElement === canvas ? this.focus : null;
    for (const index of [focused, this.hover]) {
      if (index === null || index === undefined) continue;
      ctx.strokeStyle = focusColour;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.arc(at[index].x, at[index].y, this.radius(this.nodes[index]) + 4, 0, 2 * Math.PI);
      ctx.stroke();
    }
    const label = this.hover ?? focused;
    if (label !== null && label !== undefined) this.drawLabel(ctx, this.nodes[label], at[label], width, ink);
  }

  drawLabel(ctx, node, { x, y }, width, ink) {
    const text = this.words(node);
    ctx.font = '12px system-ui, sans-serif';
    const w = ctx.measureText(text).width + 10;
    const left = Math.min(Math.max(2, x - w / 2), width - w - 2);
    const top = y + this.radius(node) + 6;
    ctx.fillStyle = getComputedStyle(document.documentElement).getPropertyValue('--panel').trim() || '#fff';
    ctx.strokeStyle = ink;
    ctx.lineWidth = 1;
    ctx.fillRect(left, top, w, 18);
    ctx.strokeRect(left, top, w, 18);
    ctx.fillStyle = ink;
    ctx.textBaseline = 'middle';
    ctx.fillText(text, left + 5, top + 9);
  }

  /** A node in words: its move from its parent, depth, N, Q and UCT. */
  words(node) {
    const move = node.parentIndex === null ? 'Root' : this.actionName(node.action);
    const uct = Number.isFinite(node.uct) ? node.uct.toFixed(3) : '–';
    return `${move}, depth ${node.depth}: N ${statText(node.visits)}, Q ${node.mean.toFixed(3)}, UCT ${uct}`;
  }

  // ---------- keyboard and pointer ----------

  focusOn(index) {
    this.focus = index;
    this.say(this.nodes[index]);
    this.draw();
  }

  say(node) {
    this.said.textContent = node ? this.words(node) : '';
    this.said.dataset.visits = node ? String(node.visits) : '';
  }

  key(event) {
    if (!this.nodes.length || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = this.focus ?? 0;
    const node = this.nodes[index];
    let next = null;
    const siblings = node.parentIndex === null ? [index] : this.nodes[node.parentIndex].children;
    const at = siblings.indexOf(index);
    switch (event.key) {
      case 'ArrowUp': next = node.parentIndex; break;
      case 'ArrowDown': next = node.children[0] ?? null; break;
      case 'ArrowLeft': next = siblings[at - 1] ?? null; break;
      case 'ArrowRight': next = siblings[at + 1] ?? null; break;
      case 'Home': next = 0; break;
      default: return;
    }
    // The tree's keys never reach the game (no avatar moves while reading the tree).
    event.preventDefault();
    event.stopPropagation();
    if (next !== null) this.focusOn(next);
  }

  nodeAt(event) {
    const rect = this.canvas.getBoundingClientRect();
    const px = event.clientX - rect.left;
    const py = event.clientY - rect.top;
    let best = null;
    for (const [i, node] of this.nodes.entries()) {
      const { x, y } = this.position(node, rect.width, rect.height);
      const d = Math.hypot(px - x, py - y);
      if (d <= this.radius(node) + 4 && (!best || d < best.d)) best = { d, i };
    }
    return best ? best.i : null;
  }
}
