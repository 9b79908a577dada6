// A fold (<details>) that remembers whether its reader left it open: its state is kept in
// localStorage under a key of its own, so a note a reader has read and folded away stays folded,
// on every page that shows a fold with that key, on later visits too. Without storage (a private
// window that refuses it) the fold still opens and closes; it only forgets.

/** localStorage's key for the fold `key`. */
const storageKey = (key) => `searchlab-open-${key}`;

/** Whether the fold `key` was last left open; `openByDefault` when it never was toggled. */
function wasOpen(key, openByDefault) {
  try {
    const saved = localStorage.getItem(storageKey(key));
    return saved === null ? openByDefault : saved === 'open';
  } catch {
    return openByDefault;
  }
}

/**
 * A <details> headed by `summary` (text) holding `children`, open as its reader last left the fold
 * `key` (else `openByDefault`); each toggle is remembered.
 */
export function rememberedDetails(key, summary, children, openByDefault = false) {
  const details = document.createElement('details');
  const head = document.createElement('summary');
  head.textContent = summary;
  details.append(head, ...children);
  details.open = wasOpen(key, openByDefault);
  details.dataset.fold = key;
  details.addEventListener('toggle', () => {
    try {
      localStorage.setItem(storageKey(key), details.open ? 'open' : 'closed');
    } catch {
      // storage may be unavailable (private mode): the fold still works, it only forgets
    }
  });
  return details;
}
