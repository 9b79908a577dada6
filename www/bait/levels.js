// Bait's own teaching levels: levels/index.json lists each level's file, title, one-line lesson
// and shortest plan length (checked by tests/levels.rs).

/** Level text with Windows line ends and trailing empty lines removed. */
export function normalizeLevel(text) {
  return text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
}

/** Reads the page's Bait levels: [{ id, title, description, optimal, text }], in order. */
export async function loadLevels() {
  const folder = new URL('../levels/', import.meta.url);
  const index = await (await fetchOk(new URL('index.json', folder))).json();
  const levels = index.levels.filter((level) => level.game === 'bait');
  const texts = await Promise.all(levels.map(async (level) => (await fetchOk(new URL(level.file, folder))).text()));
  return levels.map((level, i) => ({ ...level, text: normalizeLevel(texts[i]) }));
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not read ${url.pathname} (HTTP ${response.status})`);
  return response;
}
