// The 2048 batch panel: runs a batch on the worker pool (batch.js), reports games as they
// finish, and draws histograms of the largest tiles and of the scores. It also shows the command
// line that plays the same games, since batch games budget work, not time, and so replay exactly.

import { Board } from '../board.js';
import * as histogram from '../histogram.js';
import { BatchPool, poolSize } from './batch.js';
import { fieldOf } from '../param-controls.js';
import { grouped } from '../numbers.js';

const $ = (id) => document.getElementById(id);

export class BatchPanel {
  /** `metrics` is window.searchlabMetrics; `table` is 2048's parameter table; `onStart()` runs
   * before a batch starts. */
  constructor({ metrics, table, onStart }) {
    this.metrics = metrics;
    this.table = table;
    this.onStart = onStart;
    this.view = null;
    this.pool = null;
    this.results = [];
    this.playing = new Map();
    this.tilesChart = new Board($('g2048-hist-tiles'), histogram);
    this.scoresChart = new Board($('g2048-hist-scores'), histogram);
    $('g2048-batch-run').addEventListener('click', () => (this.pool ? this.stop() : this.run()));
    this.draw();
  }

  /** The settings the next batch uses (a running batch keeps its own). */
  setView(view) {
    this.view = view;
    const searches = ['mcts', 'expectimax'].includes(view.algo);
    const budget = searches ? ` --iterations ${view.batchNodes}` : '';
    const depth = view.algo === 'expectimax' ? ` --depth ${view.depth}` : '';
    $('g2048-batch-command').textContent =
      `searchlab 2048 play --algo ${view.algo}${depth}${mctsFlags(view, this.table)}${budget} --games ${view.games} --seed ${view.seed}`;
    $('g2048-batch-workers').textContent = String(poolSize(view.games));
  }

  themeChanged() {
    this.tilesChart.themeChanged();
    this.scoresChart.themeChanged();
  }

  status(state, text) {
    const el = $('g2048-batch-status');
    el.dataset.state = state;
    el.dataset.finished = String(this.results.length);
    el.textContent = text;
  }

  run() {
    this.onStart();
    const view = { ...this.view };
    this.results = [];
    this.playing = new Map();
    const workers = poolSize(view.games);
    const started = performance.now();
    this.metrics.batch = { workers, games: [] };
    $('g2048-batch-run').textContent = 'Stop batch';
    this.status('running', `Playing ${view.games} games on ${workers} workers…`);
    this.draw();
    const finish = () => {
      this.pool = null;
      $('g2048-batch-run').textContent = 'Run batch';
    };
    this.pool = new BatchPool({
      view,
      onProgress: (report) => {
        this.playing.set(report.index, report);
        this.showProgress(view);
      },
      onGame: (report) => {
        this.playing.delete(report.index);
        this.results.push(report);
        this.metrics.batch.games.push(report);
        this.draw();
        this.showProgress(view);
      },
      onDone: () => {
        finish();
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        this.status('done', `Finished ${view.games} games in ${seconds} s. ${this.summary()}`);
      },
      onError: (message) => {
        finish();
        this.status('error', `The batch stopped: ${message}`);
      },
    });
  }

  showProgress(view) {
    if (!this.pool) return;
    const inPlay = [...this.playing.values()]
      .map((r) => `game ${r.index + 1}: ${r.moves} moves, ${grouped(r.score)}`);
    this.status('running', `${this.results.length} of ${view.games} games finished. ${inPlay.join('; ')}`);
  }

  /** Ends a running batch; the finished games stay on the charts. */
  stop() {
    if (!this.pool) return;
    this.pool.dispose();
    this.pool = null;
    $('g2048-batch-run').textContent = 'Run batch';
    this.status('stopped', `Stopped after ${this.results.length} games. ${this.summary()}`);
  }

  summary() {
    const n = this.results.length;
    if (n === 0) return '';
    const scores = this.results.map((r) => r.score).sort((a, b) => a - b);
    const mean = scores.reduce((a, b) => a + b, 0) / n;
    const median = n % 2 ? scores[(n - 1) / 2] : (scores[n / 2 - 1] + scores[n / 2]) / 2;
    const reached = this.results.filter((r) => r.maxTile >= 2048).length;
    return `Mean score ${grouped(Math.round(mean))}, median ${grouped(median)}; 2048 reached in ${reached} of ${n}.`;
  }

  /** Redraws both histograms from the finished games. */
  draw() {
    const tiles = new Map();
    for (const r of this.results) tiles.set(r.maxTile, (tiles.get(r.maxTile) ?? 0) + 1);
    // Every power of two from the smallest to the largest tile reached, so gaps show as gaps.
    const tileBars = [];
    if (tiles.size) {
      for (let t = Math.min(...tiles.keys()); t <= Math.max(...tiles.keys()); t *= 2) {
        tileBars.push({ label: String(t), count: tiles.get(t) ?? 0 });
      }
    }
    this.tilesChart.show({ bars: tileBars, empty: 'Largest tiles appear here as games finish.' });
    this.scoresChart.show({
      bars: histogram.binValues(this.results.map((r) => r.score), 8),
      empty: 'Scores appear here as games finish.',
    });
  }
}

/** MCTS's own settings as `searchlab 2048 play` flags, those that differ from their defaults in
 * the parameter table (the command line's too) only. */
function mctsFlags(view, table) {
  if (view.algo !== 'mcts') return '';
  return table
    .filter((param) => param.algos.includes('mcts') && view[fieldOf(param.key)] !== param.default)
    .map((param) => ` --${param.key} ${view[fieldOf(param.key)]}`)
    .join('');
}
