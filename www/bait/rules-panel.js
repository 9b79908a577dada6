// Bait's rules panel: each tile a person meets, drawn by the board's own drawing code
// (render.js's drawTile, in the board's colours), beside a line on what it does. Built from DOM
// calls (no HTML strings) into the rules panel's list, and redrawn when the theme changes.

import { drawTile } from './render.js';
import { WALL, BOX, HOLE, MUSHROOM, KEY, GOAL } from './game.js';

/** The tiles and what each does, in the order a first game meets them. */
export const TILE_RULES = [
  { tile: { flags: 0, avatar: true }, name: 'Avatar (A)', text: 'you: the arrow keys, WASD, a swipe or a tap move it one cell.' },
  { tile: { flags: 0, avatar: true, hasKey: true }, name: 'Avatar with the key', text: 'it carries the key once it walks onto it.' },
  { tile: { flags: KEY }, name: 'Key (k)', text: 'walk onto it to take it.' },
  { tile: { flags: GOAL }, name: 'Door (g)', text: 'with the key, step onto it to win (+5); without the key it blocks you.' },
  { tile: { flags: 0 }, name: 'Floor (.)', text: 'free to walk on.' },
  { tile: { flags: WALL }, name: 'Wall (w)', text: 'blocks you and boxes.' },
  { tile: { flags: BOX }, name: 'Box (1)', text: 'walk into it to push it one cell; it will not move into a wall, another box or a mushroom.' },
  { tile: { flags: HOLE }, name: 'Hole (0)', text: 'stepping in kills you; a box pushed in fills it: both vanish and the cell becomes floor (+1).' },
  { tile: { flags: MUSHROOM }, name: 'Mushroom (m)', text: 'walk onto it to eat it (+1).' },
  { tile: { flags: BOX | KEY }, name: 'Box on the key', text: 'a badge in the corner shows what a box stands on (the key or the door).' },
];

/** Size of a tile's picture, in CSS pixels. */
const ICON = 28;

export class RulesPanel {
  /** Fills `list` (a <ul>) with one item per tile; `colors()` gives the board's colours now. The
   * pictures are drawn by `draw()`, which the controller calls once its first view's board is
   * drawn: the panel sits below the board, out of the first view, and ten canvases' drawing
   * would delay the board's. */
  constructor(list, colors) {
    this.colors = colors;
    this.canvases = TILE_RULES.map(({ tile, name, text }) => {
      const canvas = document.createElement('canvas');
      canvas.setAttribute('aria-hidden', 'true');
      canvas.style.width = `${ICON}px`;
      canvas.style.height = `${ICON}px`;
      const label = document.createElement('strong');
      label.textContent = name;
      const item = document.createElement('li');
      item.append(canvas, label, `: ${text}`);
      list.append(item);
      return { canvas, tile };
    });
  }

  /** Draws every tile in the board's current colours (call after the theme changes). */
  draw() {
    const ratio = devicePixelRatio || 1;
    const colors = this.colors();
    for (const { canvas, tile } of this.canvases) {
      canvas.width = Math.round(ICON * ratio);
      canvas.height = Math.round(ICON * ratio);
      const ctx = canvas.getContext('2d');
      ctx.scale(ratio, ratio);
      drawTile(ctx, tile, ICON, colors);
    }
  }
}
