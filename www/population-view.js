// RHEA's population at the timeline's step, as a table: the last generation completed at or
// before the step, each individual (best first) with its actions (as the game names them:
// arrows or letters) and its fitness. Shown for runs whose agent is RHEA.

import { statText } from './stats.js';

export class PopulationView {
  /** Builds the panel inside `root` (an empty element), hidden until an RHEA run is on show. */
  constructor(root) {
    this.root = root;
    const heading = document.createElement('h2');
    heading.textContent = 'RHEA population';
    this.said = document.createElement('p');
    this.said.className = 'hint';
    this.said.dataset.testid = 'rhea-generation';
    this.table = document.createElement('table');
    this.table.className = 'stats-table';
    this.table.dataset.testid = 'rhea-population';
    this.caption = document.createElement('caption');
    const head = document.createElement('thead');
    head.innerHTML = '<tr><th scope="col">Rank</th><th scope="col">Actions</th><th scope="col">Fitness</th></tr>';
    this.body = document.createElement('tbody');
    this.table.append(this.caption, head, this.body);
    root.append(heading, this.said, this.table);
    this.setAvailable(false);
  }

  /** Whether the view applies to the run on show (its agent is RHEA). */
  setAvailable(available) {
    this.root.hidden = !available;
    if (!available) this.show(null, String, null);
  }

  get shown() {
    return !this.root.hidden;
  }

  /** Shows `population` (a PopulationView, or null before the first generation) as it stood
   * at timeline step `step`, naming actions with `actionName(action)`. */
  show(population, actionName, step) {
    this.table.hidden = !population;
    this.table.dataset.step = step === null ? '' : String(step);
    if (!population) {
      this.said.textContent = step === null ? '' : `No population yet at step ${statText(step)}: the first is evaluated one individual a step.`;
      this.body.replaceChildren();
      return;
    }
    const size = population.individuals.length;
    this.caption.textContent = `Generation ${population.generation}: ${size} individuals, best first`;
    this.said.textContent = `At step ${statText(step)}: generation ${population.generation}, completed at step ${statText(population.step)}.`;
    const rows = population.individuals.map((individual, index) => {
      const tr = document.createElement('tr');
      const cells = [String(index + 1), individual.actions.map(actionName).join(' ') || '(none)', individual.value.toFixed(3)];
      for (const text of cells) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    });
    this.body.replaceChildren(...rows);
  }

  /** Shows no population, and `text` (why) in its place. */
  showProblem(text) {
    this.show(null, String, null);
    this.said.textContent = text;
  }
}
