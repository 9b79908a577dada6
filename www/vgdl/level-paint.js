// Painting a VGDL level on the board, for any game: the palette is the game's LevelMapping (each
// character drawn as the sprites it places, bottom first), and while "Paint on the board" is on a
// click or a drag on the board writes the chosen character into the level box at that cell, and
// the level is played again from its start. The level box stays the level's text (and the way to
// edit it from the keyboard); its checks are the editors' own (line and column errors).

import { drawSprite } from './render.js';

/** `text` with the character at column x, row y (from 0) replaced by `char`, rows padded with
 * spaces to reach it. */
export function withCell(text, x, y, char) {
  const rows = text.split('\n');
  while (rows.length <= y) rows.push('');
  const row = Array.from(rows[y]);
  while (row.length <= x) row.push(' ');
  row[x] = char;
  rows[y] = row.join('');
  return rows.join('\n');
}

export class LevelPaint {
  /**
   * `board`: the Board; `elements`: { palette, toggle, levelBox }; `changed()`: called after each
   * stroke cell, to play the level box's text.
   */
  constructor(board, elements, changed) {
    this.board = board;
    this.el = elements;
    this.changed = changed;
    this.active = false;
    this.char = null;
    this.entries = [];
    elements.toggle.addEventListener('click', () => this.setActive(!this.active));
    const canvas = board.canvas;
    canvas.addEventListener('pointerdown', (event) => {
      if (!this.active) return;
      this.painting = true;
      canvas.setPointerCapture(event.pointerId);
      this.paintAt(event);
    });
    canvas.addEventListener('pointermove', (event) => {
      if (this.active && this.painting) this.paintAt(event);
    });
    canvas.addEventListener('pointerup', () => {
      this.painting = false;
    });
  }

  setActive(on) {
    this.active = on;
    this.el.toggle.setAttribute('aria-pressed', String(on));
    this.el.palette.hidden = !on;
  }

  /** The palette of `mapping` (vgdlGameInfo's), each character drawn with `lookOf(name)`. */
  setMapping(mapping, lookOf) {
    this.entries = mapping;
    this.lookOf = lookOf;
    if (!mapping.some((entry) => entry.char === this.char)) this.char = mapping[0]?.char ?? null;
    this.drawPalette();
  }

  drawPalette() {
    const colors = this.board.colors;
    this.el.palette.replaceChildren(...this.entries.map((entry) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('role', 'radio');
      button.dataset.char = entry.char;
      button.setAttribute('aria-checked', String(entry.char === this.char));
      const icon = document.createElement('canvas');
      icon.width = 22;
      icon.height = 22;
      icon.setAttribute('aria-hidden', 'true');
      const ctx = icon.getContext('2d');
      ctx.fillStyle = colors.floor;
      ctx.fillRect(0, 0, 22, 22);
      for (const name of entry.types) drawSprite(ctx, this.lookOf(name), 0, 0, 22, colors);
      const label = document.createElement('span');
      label.textContent = `${entry.char === ' ' ? 'space' : entry.char}: ${entry.types.join(', ')}`;
      button.append(icon, label);
      button.addEventListener('click', () => {
        this.char = entry.char;
        for (const other of this.el.palette.children) other.setAttribute('aria-checked', String(other === button));
      });
      return button;
    }));
  }

  paintAt(event) {
    const cell = this.board.cellAt(event);
    if (!cell || this.char === null) return;
    const box = this.el.levelBox;
    const text = withCell(box.value, cell.x, cell.y, this.char);
    if (text === box.value) return;
    box.value = text;
    this.changed();
  }
}
