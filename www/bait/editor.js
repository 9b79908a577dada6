// The level editor: paint tiles on the board with the pointer (click or drag) or the keyboard
// (arrow keys move the cursor, Space or Enter paints), resize the grid, undo and redo strokes,
// and see the verdict live: the parser's, with the faulty cell marked, then whether the level
// can be won at a glance (a door, a key, a way to them).

export class Editor {
  /**
   * game: { tiles (game.js's TILES), floorChar, renderer (with drawTile and viewFromRows) };
   * board: the Board; elements: { palette, width, height, status };
   * validate(text) returns null or { line, column, message } (1-based);
   * unwinnable(text), for a text validate accepts, returns null or words saying why the level
   * cannot be won (what is missing);
   * onChange(text, problem) is called after every edit;
   * elements.undo and elements.redo are the stroke buttons.
   */
  constructor({ game, board, elements, validate, unwinnable, onChange }) {
    this.game = game;
    this.board = board;
    this.el = elements;
    this.validate = validate;
    this.unwinnable = unwinnable;
    this.onChange = onChange;
    this.rows = [];
    this.past = []; // the texts before each stroke, the latest last
    this.future = []; // the texts of strokes undone, the latest undone last
    this.strokeStart = null; // the text when the pointer stroke under way began
    this.tile = game.tiles[0];
    this.cursor = { x: 0, y: 0 };
    this.problem = null;
    this.opened = null; // the text it opened on, unless that was an edit already
    this.active = false;
    this.painting = false;
    this.listen();
  }

  /** Draws the palette, a button with a picture of each tile: the first time the editor opens,
   * not while the page starts (its canvases cost the first view time). */
  buildPalette() {
    const { palette } = this.el;
    palette.replaceChildren();
    for (const tile of this.game.tiles) {
      const button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('role', 'radio');
      button.dataset.tile = tile.char;
      button.setAttribute('data-testid', `tile-${tile.name.toLowerCase()}`);
      const icon = document.createElement('canvas');
      const ratio = devicePixelRatio || 1;
      icon.width = Math.round(22 * ratio);
      icon.height = Math.round(22 * ratio);
      const ctx = icon.getContext('2d');
      ctx.scale(ratio, ratio);
      this.game.renderer.drawTile(ctx, tile, 22, this.board.colors);
      const label = document.createElement('span');
      label.textContent = `${tile.name} (${tile.char === ' ' ? 'space' : tile.char})`;
      button.append(icon, label);
      button.addEventListener('click', () => this.choose(tile));
      palette.append(button);
    }
    this.choose(this.tile);
  }

  choose(tile) {
    this.tile = tile;
    for (const button of this.el.palette.children) {
      button.setAttribute('aria-checked', String(button.dataset.tile === tile.char));
    }
  }

  listen() {
    const canvas = this.board.canvas;
    canvas.addEventListener('pointerdown', (event) => {
      if (!this.active) return;
      this.painting = true;
      this.strokeStart = this.text();
      canvas.setPointerCapture(event.pointerId);
      this.paintAt(event);
    });
    canvas.addEventListener('pointermove', (event) => {
      if (this.active && this.painting) this.paintAt(event);
    });
    const end = () => {
      if (this.painting) this.commit(this.strokeStart);
      this.painting = false;
    };
    canvas.addEventListener('pointerup', end);
    canvas.addEventListener('pointercancel', end);
    const resize = () => {
      if (!this.active) return;
      const width = clampInt(this.el.width.value, 3, 40);
      const height = clampInt(this.el.height.value, 3, 40);
      const before = this.text();
      this.resize(width, height);
      this.commit(before);
    };
    this.el.undo.addEventListener('click', () => this.undo());
    this.el.redo.addEventListener('click', () => this.redo());
    this.el.width.addEventListener('change', resize);
    this.el.height.addEventListener('change', resize);
  }

  /** Starts editing `text` (level rows separated by newlines); `edited`: the text is already an
   * edit of the user's, not a level held elsewhere (see edited()). */
  open(text, edited = false) {
    const rows = text.split('\n');
    const width = Math.max(...rows.map((r) => r.length));
    this.rows = rows.map((r) => r.padEnd(width, this.game.floorChar));
    if (!this.el.palette.childElementCount) this.buildPalette();
    this.active = true;
    this.board.canvas.classList.add('editing');
    this.el.width.value = String(width);
    this.el.height.value = String(this.rows.length);
    this.opened = edited ? null : this.text();
    this.past = [];
    this.future = [];
    this.changed();
  }

  /** Ends a stroke that began on `before`: it can be undone if it changed the level. */
  commit(before) {
    if (before === null || before === this.text()) return;
    this.past.push(before);
    this.future = [];
    this.showHistory();
  }

  /** Takes back the last stroke (painting, a tile typed, a resize); returns whether there was one. */
  undo() {
    if (!this.active || !this.past.length) return false;
    this.future.push(this.text());
    this.setText(this.past.pop());
    return true;
  }

  /** Makes the last stroke undone again; returns whether there was one. */
  redo() {
    if (!this.active || !this.future.length) return false;
    this.past.push(this.text());
    this.setText(this.future.pop());
    return true;
  }

  setText(text) {
    this.rows = text.split('\n');
    this.el.width.value = String(this.rows[0].length);
    this.el.height.value = String(this.rows.length);
    this.cursor = { x: Math.min(this.cursor.x, this.rows[0].length - 1), y: Math.min(this.cursor.y, this.rows.length - 1) };
    this.showHistory();
    this.changed();
  }

  showHistory() {
    this.el.undo.disabled = !this.past.length;
    this.el.redo.disabled = !this.future.length;
  }

  /** Whether the level in the editor is the user's edit: changed since it opened, or opened on an
   * edit. */
  edited() {
    return this.text() !== this.opened;
  }

  close() {
    this.active = false;
    this.painting = false;
    this.board.canvas.classList.remove('editing');
  }

  text() {
    return this.rows.join('\n');
  }

  paintAt(event) {
    const cell = this.board.cellAt(event);
    if (!cell) return;
    this.cursor = cell;
    this.paint(cell.x, cell.y);
  }

  paint(x, y) {
    const row = this.rows[y];
    if (row[x] === this.tile.char) {
      this.draw();
      return;
    }
    this.rows[y] = row.slice(0, x) + this.tile.char + row.slice(x + 1);
    this.changed();
  }

  /** Keyboard editing on the focused board; returns whether the key was used. */
  key(event) {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[event.key]) {
      const [dx, dy] = moves[event.key];
      this.cursor = {
        x: Math.min(Math.max(this.cursor.x + dx, 0), this.rows[0].length - 1),
        y: Math.min(Math.max(this.cursor.y + dy, 0), this.rows.length - 1),
      };
      this.draw();
      return true;
    }
    const before = this.text();
    if (event.key === ' ' || event.key === 'Enter') {
      this.paint(this.cursor.x, this.cursor.y);
      this.commit(before);
      return true;
    }
    const tile = this.game.tiles.find((t) => t.char === event.key);
    if (tile) {
      this.choose(tile);
      this.paint(this.cursor.x, this.cursor.y);
      this.commit(before);
      return true;
    }
    return false;
  }

  /** New size: existing tiles keep their place, new cells are floor. */
  resize(width, height) {
    const rows = [];
    for (let y = 0; y < height; y += 1) {
      const old = this.rows[y] ?? '';
      rows.push(old.slice(0, width).padEnd(width, this.game.floorChar));
    }
    this.rows = rows;
    this.cursor = { x: Math.min(this.cursor.x, width - 1), y: Math.min(this.cursor.y, height - 1) };
    this.changed();
  }

  changed() {
    this.problem = this.validate(this.text());
    this.missing = this.problem ? null : this.unwinnable(this.text());
    const status = this.el.status;
    status.dataset.valid = String(!this.problem && !this.missing);
    if (this.problem) {
      status.textContent = `Not playable yet: ${this.problem.message}`;
    } else if (this.missing) {
      status.textContent = `Playable, but it cannot be won: ${this.missing}. It is now the current level.`;
    } else {
      status.textContent = `Valid level, ${this.rows[0].length} × ${this.rows.length}. It is now the current level.`;
    }
    this.draw();
    this.onChange(this.text(), this.problem);
  }

  draw() {
    const view = this.game.renderer.viewFromRows(this.rows);
    const overlay = { cursor: this.cursor };
    if (this.problem && this.problem.line >= 1 && this.problem.column >= 1) {
      overlay.invalid = { x: this.problem.column - 1, y: this.problem.line - 1 };
    }
    this.board.show(view, overlay);
  }
}

function clampInt(raw, low, high) {
  const n = Math.round(Number(raw));
  return Number.isFinite(n) ? Math.min(Math.max(n, low), high) : low;
}
