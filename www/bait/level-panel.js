// Bait's level panel: the list of our own levels with their one-line lessons, a pasted level
// (GVGAI text, the course variant accepted) and the level editor (editor.js), each checked by
// the wasm parser, which names the line and column of a mistake. A paste over the share link's
// size is refused before it reaches the text box (limits.js).
//
// Edits are never lost: when another level takes the editor's place (a link, Back or Forward)
// or "Done editing" leaves a level that is not valid, the edited level is set aside and "Back to
// my edited level" reopens it in the editor.
//
// The editor's module loads once the first view is on show (`loadEditor`), not before the board is
// drawn (BENCHMARKS.md, "Lesson step to ready"): "Edit level" is disabled until it has, so no key or
// click meant for the editor can reach the game while it loads.
//
// Nothing pasted is ever inserted as HTML (textContent only).

import * as render from './render.js';
import { TILES, FLOOR_CHAR, STUCK_REASON } from './game.js';
import { normalizeLevel } from './levels.js';
import { guardTextBox, within } from '../limits.js';

const $ = (id) => document.getElementById(id);

export class LevelPanel {
  /**
   * `game` is the Bait controller (page.js): its board, wasm, session, levelText, halt(),
   * loadLevel(text), levelChosen(text, words), movesChanged(), redraw(), setStatus(state, text)
   * and idleWords();
   * `levels` are the page's own levels ({ id, title, description, text }), a text null until its
   * file is read, and `read(level)` resolves once that level's text is in.
   */
  constructor(game, levels, read) {
    this.game = game;
    this.levels = levels;
    this.read = read;
    this.kept = []; // edited levels set aside, the latest last
    this.editor = null; // the level editor, once its module has loaded (see loadEditor)
    this.editorLoading = null; // its load under way or done
    $('edit-toggle').disabled = true;
    this.fillList();
    this.wire();
  }

  /** Loads the level editor (editor.js), once, and then enables "Edit level"; if it cannot be
   * loaded, the status says why and the button stays disabled until a later call succeeds. */
  loadEditor() {
    this.editorLoading ??= import('./editor.js').then(({ Editor }) => {
      this.editor = new Editor({
        game: { tiles: TILES, floorChar: FLOOR_CHAR, renderer: render },
        board: this.game.board,
        elements: {
          palette: $('palette'), width: $('edit-width'), height: $('edit-height'), status: $('editor-status'),
          undo: $('edit-undo'), redo: $('edit-redo'),
        },
        validate: (text) => this.validate(text),
        unwinnable: (text) => this.unwinnable(text),
        onChange: (text, problem) => this.editorChanged(text, problem),
      });
      $('edit-toggle').disabled = false;
    }, (e) => {
      this.editorLoading = null;
      this.game.setStatus('error', `The level editor could not be loaded: ${this.game.shell.messageOf(e)}`);
    });
    return this.editorLoading;
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
      // Its text is in unless the choice came before the other levels' files (then: once it is in,
      // if still chosen).
      if (level) {
        this.read(level).then(() => $('level').value === level.id && this.game.levelChosen(level.text, this.game.idleWords()),
          () => {});
      }
    });
    $('paste-open').addEventListener('click', () => {
      $('paste').hidden = false;
      $('paste-text').focus();
    });
    $('paste-cancel').addEventListener('click', () => {
      $('paste').hidden = true;
    });
    $('paste-load').addEventListener('click', () => this.loadPasted());
    guardTextBox($('paste-text'), 'a level', (words) => this.pasteFailed(words));
    $('edit-toggle').addEventListener('click', () => this.toggleEditor());
    $('edit-restore').addEventListener('click', () => this.restoreKept());
  }

  /** Whether the editor is open (the board then paints tiles instead of playing). */
  get editing() {
    return this.editor?.active ?? false;
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

  /** Why the (valid) level `text` cannot be won, naming what is missing, or null. The rules win
   * a level without a door at the first move, so it is no puzzle either. */
  unwinnable(text) {
    if (!text.includes('g')) return "it has no door (g), so the rules call it won at the first move: add a door";
    if (!text.includes('k')) return 'it has no key (k), so the door never opens: add a key';
    const session = new this.game.wasm.GameSession('bait', text);
    try {
      return session.cannotWin() ? `the avatar cannot get to the key and the door (${STUCK_REASON})` : null;
    } finally {
      session.free();
    }
  }

  loadPasted() {
    const raw = $('paste-text').value;
    if (!within(raw, 'a level', (words) => this.pasteFailed(words))) return;
    const text = normalizeLevel(raw);
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

  /** Says why the text in (or on its way to) the paste box was not taken. */
  pasteFailed(words) {
    $('paste-error').textContent = words;
    this.game.setStatus('error', words);
  }

  // ---------- the editor ----------

  editorChanged(text, problem) {
    if (problem) this.game.setStatus('error', `The edited level is not valid: ${problem.message}`);
    else if (this.editor.missing) this.game.levelChosen(text, `Editing: the level can be played but not won: ${this.editor.missing}.`);
    else this.game.levelChosen(text, 'Editing: the level is valid.');
  }

  toggleEditor() {
    if (!this.editor.active) {
      this.openEditor(this.game.levelText);
      return;
    }
    const { problem } = this.editor;
    // The last valid level comes back in place of one that is not valid; the edit is set aside.
    const kept = problem ? this.closeEditorFor(this.game.levelText, `The edited level is not valid (${problem.message}), so the last valid level is back`) : '';
    this.closeEditor();
    if (problem) this.game.loadLevel(this.game.levelText);
    this.game.redraw();
    this.game.setStatus('idle', kept ? `${kept} ${this.game.idleWords()}` : this.game.idleWords());
  }

  /** Opens the editor on `text` (its changes become the current level while they are valid);
   * `edited`: the text is itself an edit (one set aside), so closing over it sets it aside again. */
  openEditor(text, edited = false) {
    this.game.halt();
    this.game.session.reset();
    this.game.movesChanged();
    this.showEditor(true);
    this.editor.open(text, edited);
    this.game.board.canvas.focus();
  }

  /** Closes the editor if it is open (its last valid level stays the current one). */
  closeEditor() {
    if (!this.editing) return;
    this.editor.close();
    this.showEditor(false);
  }

  /**
   * Closes the editor, if it is open, for level `text`, which comes from elsewhere; `why` says
   * what happened. Edits that `text` does not hold are set aside; returns words saying so (for
   * the status line), or '' when nothing was set aside.
   */
  closeEditorFor(text, why) {
    if (!this.editing) return '';
    const edited = this.editor.text();
    this.closeEditor();
    if (edited === text || !this.editor.edited()) return '';
    this.kept.push(edited);
    this.showKept(`${why}, so your edited level was set aside.`);
    return `${why}: your edited level is kept, and "Back to my edited level" in the Level panel reopens it.`;
  }

  /** Reopens the edited level set aside last in the editor (the edits under way, if any, are set
   * aside in its place). */
  restoreKept() {
    const text = this.kept.pop();
    if (text === undefined) return;
    if (!this.closeEditorFor(text, 'You reopened an edited level you had set aside')) this.showKept('');
    this.openEditor(text, true);
  }

  /** Shows how many edited levels are set aside; `words` say why the last one was. */
  showKept(words) {
    const n = this.kept.length;
    $('edit-kept').hidden = n === 0;
    const count = n === 1 ? 'An edited level of yours is set aside.' : `${n} edited levels of yours are set aside; the button reopens the latest.`;
    $('edit-kept-text').textContent = words && n === 1 ? words : `${words} ${count}`.trim();
  }

  showEditor(open) {
    const button = $('edit-toggle');
    button.setAttribute('aria-pressed', String(open));
    button.textContent = open ? 'Done editing' : 'Edit level';
    $('editor').hidden = !open;
    disableRunControls(open);
  }

  /** The editor's keys: Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) undo and redo a stroke anywhere
   * but in a text field; on the focused board, paint, move the cursor, choose a tile. */
  editorKey(event) {
    const command = event.ctrlKey || event.metaKey;
    const inField = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    const key = event.key.toLowerCase();
    if (command && !inField && (key === 'z' || key === 'y')) {
      event.preventDefault();
      const redo = key === 'y' || event.shiftKey;
      const done = redo ? this.editor.redo() : this.editor.undo();
      if (!done) this.game.setStatus('idle', redo ? 'Nothing to redo.' : 'Nothing to undo in the editor.');
      return;
    }
    if (event.target === this.game.board.canvas && !event.altKey && !event.metaKey && this.editor.key(event)) {
      event.preventDefault();
    }
  }
}

/** Play, Step and Undo do nothing while the editor is open: they say so by being disabled (and
 * the editor's hint says why). */
export function disableRunControls(disabled) {
  for (const id of ['play', 'step', 'undo']) $(id).disabled = disabled;
}
