// KB Fast-Evo's settings in a Bait view. Rust's view holds them in one object, `view.kbfe`
// (src/share/bait.rs's KbView: rollouts, value, alpha, beta, features, distance, featureScale,
// keepWeights as a boolean), while the parameter table names each at the top level like every
// other parameter (`keep-weights` a choice of off and on). The controls read and fill the flat
// form; Rust gets the nested one.

/** The view fields of KB Fast-Evo's settings, as the parameter table names them. */
const FIELDS = ['rollouts', 'value', 'alpha', 'beta', 'features', 'distance', 'featureScale'];

/** `view` with KB Fast-Evo's settings also at the top level (keepWeights as 'on' or 'off'). */
export function flatView(view) {
  const kbfe = view.kbfe;
  if (!kbfe) return view;
  const flat = { ...view, keepWeights: kbfe.keepWeights ? 'on' : 'off' };
  for (const field of FIELDS) flat[field] = kbfe[field];
  return flat;
}

/** `flat` (as `flatView` or the controls give it) with KB Fast-Evo's settings back in `kbfe`,
 * as Rust reads a view. */
export function nestedView(flat) {
  if (!('keepWeights' in flat)) return flat;
  const { keepWeights, ...view } = flat;
  view.kbfe = { keepWeights: keepWeights === 'on' };
  for (const field of FIELDS) {
    view.kbfe[field] = flat[field];
    delete view[field];
  }
  return view;
}
