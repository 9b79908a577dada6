// Bait's own teaching levels: levels/index.json lists each level's file, title, one-line lesson
// and shortest plan length (checked by tests/levels.rs).

/** Level text with Windows line ends and trailing empty lines removed. */
export function normalizeLevel(text) {
  return text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
}

/**
 * Reads the page's Bait levels: the index; each level's file is read when the controller asks
 * (`read`: the level a view shows, before it opens; `readAll`, once its first view is on show).
 * Resolves to { levels, read, readAll }: `levels` is [{ id, title, description, optimal, text }]
 * in the index's order, every level listed, with `text` null until its file is read;
 * `read(level)` resolves once that level's text is in (reading it now if it is not on its way);
 * `readAll()` reads every level's file not yet read and resolves once every text is in. Both
 * reject, with the file at fault, if a file cannot be read.
 */
export async function loadLevels() {
  const folder = new URL('../levels/', import.meta.url);
  const index = await (await fetchOk(new URL('index.json', folder))).json();
  const levels = index.levels.filter((level) => level.game === 'bait').map((level) => ({ ...level, text: null }));
  const reads = new Map();
  const read = (level) => {
    if (!reads.has(level)) {
      reads.set(level, fetchOk(new URL(level.file, folder)).then((response) => response.text()).then((text) => {
        level.text = normalizeLevel(text);
      }));
    }
    return reads.get(level);
  };
  return { levels, read, readAll: () => Promise.all(levels.map(read)) };
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not read ${url.pathname} (HTTP ${response.status})`);
  return response;
}
