// Bait's level panel: the list of our own levels with their one-line lessons, a pasted level
// (GVGAI text, the course variant accepted) and the level editor (editor.js), each checked by
// the wasm parser, which names the line and column of a mistake.
//
// Nothing pasted is ever inserted as HTML (textContent only).

import { Editor } from './editor.js';
import * as render from './render.js';
import { TILES, FLOOR_CHAR } from './game.js';
import { normalizeLevel } from './levels.js';

const $ = (id) => document.getElementById(id);

export class LevelPanel {
  /**
   * `game` is the Bait controller (page.js): its board, wasm, session, levelText, halt(),
   * loadLevel(text), levelChosen(text, words), redraw(), setStatus(state, text) and idleWords();
   * `levels` are the page's own levels ({ id, title, description, text }).
   */
  constructor(game, levels) {
    this.game = game;
    this.levels = levels;
    this.editor = new Editor({
      game: { tiles: TILES, floorChar: FLOOR_CHAR, renderer: render },
      board: game.board,
      elements: { palette: $('palette'), width: $('edit-width'), height: $('edit-height'), status: $('editor-status') },
      validate: (text) => this.validate(text),
      onChange: (text, problem) => this.editorChanged(text, problem),
    });
    this.fillList();
    this.wire();
  }

  fillList() {
    const select = $('level');
    select.replaceChildren();
    for (const level of this.levels) {
      const option = document.createElement('option');
      option.value = level.id;
      option.textContent = level.title;
      select.append(option);
    }
    const custom = document.createElement('option');
    custom.value = 'custom';
    custom.textContent = 'Custom level (pasted, edited or from a link)';
    select.append(custom);
  }

  wire() {
    $('level').addEventListener('change', () => {
      const level = this.levels.find((l) => l.id === $('level').value);
      if (level) this.game.levelChosen(level.text, this.game.idleWords());
    });
    $('paste-open').addEventListener('click', () => {
      $('paste').hidden = false;
      $('paste-text').focus();
    });
    $('paste-cancel').addEventListener('click', () => {
      $('paste').hidden = true;
    });
    $('paste-load').addEventListener('click', () => this.loadPasted());
    $('edit-toggle').addEventListener('click', () => this.toggleEditor());
  }

  /** Whether the editor is open (the board then paints tiles instead of playing). */
  get editing() {
    return this.editor.active;
  }

  /** Shows which level `text` is (one of ours, or a custom one) and its lesson. */
  show(text) {
    const shipped = this.levels.find((l) => l.text === text);
    $('level').value = shipped ? shipped.id : 'custom';
    $('level-description').textContent = shipped
      ? shipped.description
      : 'A level of your own. Share it with the link in the address bar.';
  }

  validate(text) {
    return this.game.wasm.validateLevel('bait', text) ?? null;
  }

  loadPasted() {
    const text = normalizeLevel($('paste-text').value);
    const problem = text ? this.validate(text) : { message: 'the text is empty: paste the rows of a level' };
    if (problem) {
      $('paste-error').textContent = problem.message;
      this.game.setStatus('error', `The pasted level is not valid: ${problem.message}`);
      return;
    }
    $('paste-error').textContent = '';
    $('paste').hidden = true;
    this.game.levelChosen(text, `Pasted level loaded. ${this.game.idleWords()}`);
  }

  // ---------- the editor ----------

  editorChanged(text, problem) {
    if (problem) this.game.setStatus('error', `The edited level is not valid: ${problem.message}`);
    else this.game.levelChosen(text, 'Editing: the level is valid.');
  }

  toggleEditor() {
    if (this.editor.active) {
      this.closeEditor();
      if (this.editor.problem) this.game.loadLevel(this.game.levelText);
      this.game.redraw();
      this.game.setStatus('idle', this.game.idleWords());
      return;
    }
    this.game.halt();
    this.game.session.reset();
    this.showEditor(true);
    this.editor.open(this.game.levelText);
    this.game.board.canvas.focus();
  }

  /** Closes the editor if it is open (its last valid level stays the current one). */
  closeEditor() {
    if (!this.editor.active) return;
    this.editor.close();
    this.showEditor(false);
  }

  showEditor(open) {
    const button = $('edit-toggle');
    button.setAttribute('aria-pressed', String(open));
    button.textContent = open ? 'Done editing' : 'Edit level';
    $('editor').hidden = !open;
  }

  /** The editor's keys on the focused board (paint, move the cursor, choose a tile). */
  editorKey(event) {
    if (event.target === this.game.board.canvas && !event.altKey && !event.metaKey && this.editor.key(event)) {
      event.preventDefault();
    }
  }
}
