// Bait's own teaching levels: levels/index.json lists each level's file, title, one-line lesson
// and shortest plan length (checked by tests/levels.rs).

/** Level text with Windows line ends and trailing empty lines removed. */
export function normalizeLevel(text) {
  return text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
}

/** The level `lvl=` or `level=` names in link fragment `fragment`, when it is a plain name (one of
 * the shipped levels, if any: the caller looks it up); undefined for rows or none. */
export function levelIdIn(fragment) {
  return /(?:^#?|&)(?:lvl|level)=([a-z0-9-]+)(?:&|$)/.exec(fragment)?.[1];
}

/** A promise of { levels, read } once the index and the first level's text are in (see
 * openLevels); null until asked, and again after a failure. */
let opening = null;

/**
 * Starts reading the page's Bait levels, once for the page: the index and the text of the level
 * named `firstId` (a name, or a promise of one; the first level when it names none of them). The
 * first call chooses the level (prefetch.js calls it with a promise of the link's level while the
 * lesson's file and the controller's modules load; the controller's own call then waits for the
 * same reads). Resolves to { levels, read }: `levels` is
 * [{ id, title, description, optimal, text }] in the index's order, every level listed, with
 * `text` null until its file is read; `read(level)` resolves once that level's text is in (reading
 * it now if it is not on its way). Rejects, with the file at fault, if a file cannot be read.
 */
export function openLevels(firstId) {
  opening ??= (async () => {
    const folder = new URL('../levels/', import.meta.url);
    const indexRead = fetchOk(new URL('index.json', folder)).then((response) => response.json());
    const [index, id] = await Promise.all([indexRead, firstId]);
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
    await read(levels.find((level) => level.id === id) ?? levels[0]);
    return { levels, read };
  })();
  opening.catch(() => { opening = null; });
  return opening;
}

/**
 * The page's Bait levels for the controller: openLevels's { levels, read } (`firstId` chooses the
 * first level unless a read is under way already), and `all`, a promise of every level's text,
 * read after the next frame. Rejects as openLevels does.
 */
export async function loadLevels(firstId) {
  const { levels, read } = await openLevels(firstId);
  const all = nextFrame().then(() => Promise.all(levels.map(read)));
  return { levels, read, all };
}

/** Resolves after the page's next frame is drawn. */
function nextFrame() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not read ${url.pathname} (HTTP ${response.status})`);
  return response;
}
