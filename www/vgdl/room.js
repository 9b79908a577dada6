// The VGDL game's room on the page, built once when its controller opens (so index.html stays as
// every other game left it): the board canvas; beside it KB Fast-Evo's knowledge while it plays
// (a panel of its own, first), the statistics, KB Fast-Evo's last rollout and the sprite legend;
// the game and level pickers, the "Game rules" editor, the level box and the agent's settings.
// Every element carries data-game="vgdl", so the shell shows it only while a VGDL game is on show. Static markup only: nothing from a link or a file is ever inserted as HTML.

const BOARD = `
<canvas id="board-vgdl" data-testid="board-vgdl" data-game="vgdl" hidden tabindex="0" role="img" aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown" aria-label="VGDL board"></canvas>`;

const UNDER_BOARD = `
<div data-game="vgdl" hidden><section id="vgdl-kbfe-panel" class="panel kbfe" hidden></section></div>
<section class="panel" data-game="vgdl" hidden aria-labelledby="vgdl-stats-title">
  <h2 id="vgdl-stats-title">Statistics</h2>
  <dl class="stats" data-testid="vgdl-stats">
    <div><dt>Expanded</dt><dd data-vgdl-stat="expanded">0</dd></div>
    <div><dt>Generated</dt><dd data-vgdl-stat="generated">0</dd></div>
    <div><dt>Frontier</dt><dd data-vgdl-stat="frontier">–</dd></div>
    <div><dt>Elapsed</dt><dd data-vgdl-stat="elapsed">–</dd></div>
    <div><dt>Plan length</dt><dd data-vgdl-stat="plan" data-testid="vgdl-plan-length">–</dd></div>
    <div><dt>Score</dt><dd data-vgdl-stat="score" data-testid="vgdl-score">0</dd></div>
    <div><dt>Moves</dt><dd data-vgdl-stat="moves">0</dd></div>
    <div><dt>Outcome</dt><dd data-vgdl-stat="outcome" data-testid="vgdl-outcome">playing</dd></div>
    <div class="wide"><dt>Resources</dt><dd data-vgdl-stat="resources">–</dd></div>
  </dl>
</section>
<div data-game="vgdl" hidden><section id="vgdl-kbfe-rollout-panel" class="panel kbfe" hidden></section></div>
<section class="panel legend" data-game="vgdl" hidden data-testid="legend-vgdl" aria-labelledby="legend-vgdl-title">
  <h2 id="legend-vgdl-title">Sprites</h2>
  <ul id="vgdl-legend" class="vgdl-legend"></ul>
  <p class="hint">Each sprite type is drawn from its class (the shape) and its name (the colour). Shaded cells: states the search expanded there; the line: the plan.</p>
</section>`;

const SETTINGS = `
<fieldset class="panel" data-game="vgdl" hidden>
  <legend>VGDL game</legend>
  <label>Game <select id="vgdl-game" data-testid="vgdl-game"></select></label>
  <p id="vgdl-about" class="description"></p>
  <label>Level <select id="vgdl-level" data-testid="vgdl-level"></select></label>
</fieldset>
<fieldset class="panel" data-game="vgdl" hidden>
  <legend>Game rules</legend>
  <label for="vgdl-rules">The game's VGDL text (GVGAI's dialect): paste it, open a file or drop one here.</label>
  <textarea id="vgdl-rules" data-testid="vgdl-rules" rows="12" spellcheck="false" aria-describedby="vgdl-rules-error"></textarea>
  <div class="row">
    <button id="vgdl-rules-load" data-testid="vgdl-rules-load" type="button">Play these rules</button>
    <label class="inline file-button">Open a file… <input id="vgdl-rules-file" data-testid="vgdl-rules-file" type="file" accept=".txt,.vgdl,text/plain"></label>
  </div>
  <p id="vgdl-rules-error" class="error-text" data-testid="vgdl-rules-error" role="alert"></p>
</fieldset>
<fieldset class="panel" data-game="vgdl" hidden>
  <legend>Level</legend>
  <label for="vgdl-level-text">The level: one character a cell, as the LevelMapping below says.</label>
  <textarea id="vgdl-level-text" data-testid="vgdl-level-text" rows="8" spellcheck="false" aria-describedby="vgdl-level-error"></textarea>
  <div class="row">
    <button id="vgdl-level-load" data-testid="vgdl-level-load" type="button">Play this level</button>
    <button id="vgdl-paint" data-testid="vgdl-paint" type="button" aria-pressed="false" aria-controls="vgdl-palette">Paint on the board</button>
  </div>
  <div id="vgdl-palette" class="palette" data-testid="vgdl-palette" role="radiogroup" aria-label="Character to paint" hidden></div>
  <p id="vgdl-level-error" class="error-text" data-testid="vgdl-level-error" role="alert"></p>
  <table class="root-actions" data-testid="vgdl-mapping">
    <caption>LevelMapping: what each character places, bottom first</caption>
    <thead><tr><th scope="col">Character</th><th scope="col">Sprites</th></tr></thead>
    <tbody id="vgdl-mapping"></tbody>
  </table>
</fieldset>
<fieldset class="panel" data-game="vgdl" hidden>
  <legend>Agent</legend>
  <label>Algorithm <select id="vgdl-algo" data-testid="vgdl-algo"></select></label>
  <p id="vgdl-algo-description" class="description"></p>
  <div data-params></div>
  <div id="vgdl-mode" class="row" role="radiogroup" aria-label="Run mode">
    <label class="inline"><input type="radio" name="vgdl-mode" value="plan" data-testid="vgdl-mode-plan"> Plan, then play</label>
    <label class="inline"><input type="radio" name="vgdl-mode" value="act" data-testid="vgdl-mode-act"> Act under a time budget</label>
  </div>
  <div class="row">
    <label class="inline">Seed <input id="vgdl-seed" data-testid="vgdl-seed" type="number" min="0" step="1"></label>
    <button id="vgdl-reseed" type="button" class="quiet">New seed</button>
  </div>
  <p class="hint">Planners (DFS, depth-limited DFS, BFS, A* with a lower bound read off the rules) search, then play their plan; MCTS, RHEA and KB Fast-Evo MCTS think before every move under the time per action, or plan by committing to one move after another, each searched for its iterations.</p>
</fieldset>`;

/** Builds the room (once). */
export function buildRoom() {
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = 'vgdl/vgdl.css';
  document.head.append(style);
  document.getElementById('board-wrap').insertAdjacentHTML('beforeend', BOARD);
  document.querySelector('[data-testid=legend-sumzero]').insertAdjacentHTML('afterend', UNDER_BOARD);
  const share = [...document.querySelectorAll('#more-settings > fieldset')].find((el) => !el.dataset.game);
  share.insertAdjacentHTML('beforebegin', SETTINGS);
}
