#!/usr/bin/env bash
# SearchLab's one entry point.
#   ./dev.sh serve   install what is missing, build the wasm package into www/pkg, serve www/ on localhost
#   ./dev.sh test    install what is missing, then run every test (fmt, clippy, native, wasm, browser)
#   ./dev.sh build   install what is missing and build www/pkg only
#   ./dev.sh bench   the native benchmarks recorded in BENCHMARKS.md
#   ./dev.sh figures [bait|othello|2048|timeline|recording|side-by-side|all]  the page's figures for BENCHMARKS.md (default
#                    all; Bait: wasm size, load time, wasm vs native, Stop; Othello: perft wasm vs
#                    native, FFO #40 in the browser; 2048: course MCTS playouts/s wasm vs native;
#                    timeline: scrub latency on a recorded run of 1,000,000 steps; recording: the
#                    worker's BFS, A* and MCTS with recording on against off on the shipped levels)
#   ./dev.sh fuzz [minutes]  a longer campaign of the parsers' mutational fuzzing (tests/fuzz_parsers.rs;
#                    default 5 minutes), optimised with overflow checks on (the test profile), one
#                    target after another; prints the cases run
#   ./dev.sh compare OLD NEW RUNS -- ARGS...  two builds of searchlab on the same work, alternated,
#                    CPU time of each process (tests/bench/alternate.py)
#   ./dev.sh compare --programs RUNS 'OURS ...' 'PEER ...'  our command against a peer program
#                    (each one quoted string), alternated, CPU time of each process
#   ./dev.sh figures worker [DIR]  the worker's cost per request over a 2,000-move 2048 game,
#                    against the pkg/ of another build in DIR when given
#   ./dev.sh figures wasm-native [RUNS]  issue 23's three workloads (perft 11, FFO #40, 2048
#                    expectimax on 56 boards) in Chromium, SIMD and not, against the native CLI,
#                    CPU time, alternated (default 5 runs); NATIVE_OTHER=<binary> times another
#                    native build too (one built for x86-64-v2, say)
#   ./dev.sh figures vgdl-levels [--games a,b] [--max-nodes N] [--max-memory-mb MB]  the 75 VGDL
#                    levels solved in wasm in Chromium as `searchlab vgdl bench-bfs --algo astar
#                    --win-weight 3` solves them natively (not in `all`: about an hour)
# Needs only the Rust toolchain (rustup), node/npm and python3; everything else comes from the package
# registries and is skipped when already present.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"
WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' Cargo.toml)
PORT=${PORT:-8000}

say() { printf '\n==> %s\n' "$*"; }

ensure_wasm_target() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

ensure_wasm_bindgen() {
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
    say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 6 minutes)"
    # --locked first; the registry mirror can lag behind a lock file, so fall back to a fresh resolve.
    cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION" --locked \
      || cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION"
  fi
}

ensure_wasm_pack() {
  if ! command -v wasm-pack >/dev/null; then
    say "installing wasm-pack"
    cargo install wasm-pack --locked || cargo install wasm-pack
  fi
}

ensure_npm_packages() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "installing npm packages (binaryen for wasm-opt, playwright-core)"
    npm ci --no-audit --no-fund
  fi
}

ensure_chromium() {
  if ! command -v chromium >/dev/null; then
    say "installing Debian's chromium"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update
    $sudo apt-get install -y chromium
  fi
}

setup() {
  ensure_wasm_target
  ensure_wasm_bindgen
  ensure_wasm_pack
  ensure_npm_packages
}

# wasm's 128-bit SIMD for the build most browsers load (www/wasm-module.js picks). Its own target
# directory: cargo rebuilds everything when RUSTFLAGS change, so sharing one would rebuild both
# builds every time.
SIMD_RUSTFLAGS="-C target-feature=+simd128"
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}

build_wasm() {
  say "building the wasm package into www/pkg (with SIMD; then without, for browsers that lack it)"
  RUSTFLAGS="$SIMD_RUSTFLAGS" CARGO_TARGET_DIR="$TARGET_DIR/simd128" \
    wasm-pack build --target web --out-dir www/pkg --release --mode no-install --no-pack
  wasm-pack build --target web --out-dir "$TARGET_DIR/pkg-nosimd" --release --mode no-install --no-pack
  # One glue for both modules: the builds differ only inside the wasm.
  if ! cmp -s "$TARGET_DIR/pkg-nosimd/searchlab.js" www/pkg/searchlab.js; then
    echo "the SIMD and non-SIMD builds' glue (searchlab.js) differ" >&2
    exit 1
  fi
  cp "$TARGET_DIR/pkg-nosimd/searchlab_bg.wasm" www/pkg/searchlab_nosimd_bg.wasm
}

serve() {
  setup
  build_wasm
  say "serving www/ at http://localhost:$PORT/ (Ctrl-C to stop)"
  exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory www
}

run_tests() {
  setup
  ensure_chromium
  say "cargo fmt --check"
  cargo fmt --all -- --check
  say "cargo clippy"
  cargo clippy --all-targets -- -D warnings
  # Only tests/wasm_*.rs target wasm32; the native integration tests are not built for it.
  local wasm_tests=()
  for file in tests/wasm_*.rs; do wasm_tests+=(--test "$(basename "$file" .rs)"); done
  say "cargo clippy (wasm32)"
  cargo clippy --target wasm32-unknown-unknown --lib "${wasm_tests[@]}" -- -D warnings
  say "native tests"
  cargo test
  build_wasm
  say "wasm boundary tests (wasm-pack test --node)"
  wasm-pack test --node --mode no-install -- --no-default-features "${wasm_tests[@]}"
  say "wasm move generation and 2048 maxima with SIMD (wasm-pack test --node)"
  RUSTFLAGS="$SIMD_RUSTFLAGS" CARGO_TARGET_DIR="$TARGET_DIR/simd128" \
    wasm-pack test --node --mode no-install -- --no-default-features --test wasm_othello_bitboards \
      --test wasm_g2048_expectimax
  say "browser tests (Chromium + playwright-core)"
  node --test tests/e2e/
}

bench() {
  cargo build --release
  ./target/release/searchlab bait bench "$@"
}

fuzz() {
  local minutes=$1
  case "$minutes" in
    '' | *[!0-9]*) echo "usage: ./dev.sh fuzz [minutes] (a whole number)" >&2; exit 2 ;;
  esac
  say "fuzzing the parsers for about $minutes minutes (tests/fuzz_parsers.rs)"
  FUZZ_SECONDS=$((minutes * 60)) cargo test --test fuzz_parsers -- --nocapture --test-threads=1
}

figures() {
  local which=${1:-all}
  case "$which" in
    bait | othello | 2048 | worker | timeline | recording | side-by-side | wasm-native | vgdl-levels | all) ;;
    *) echo "usage: ./dev.sh figures [bait|othello|2048|worker|timeline|recording|side-by-side|wasm-native|vgdl-levels|all]" >&2; exit 2 ;;
  esac
  setup
  ensure_chromium
  build_wasm
  if [ "$which" = bait ] || [ "$which" = all ]; then
    say "page figures (tests/e2e/bench.mjs)"
    node tests/e2e/bench.mjs
  fi
  if [ "$which" = othello ] || [ "$which" = all ]; then
    say "Othello figures (tests/e2e/bench-othello.mjs)"
    node tests/e2e/bench-othello.mjs
  fi
  if [ "$which" = 2048 ] || [ "$which" = all ]; then
    say "2048 figures (tests/e2e/bench-2048.mjs)"
    node tests/e2e/bench-2048.mjs
  fi
  if [ "$which" = timeline ] || [ "$which" = all ]; then
    say "timeline figures (tests/e2e/bench-timeline.mjs)"
    node tests/e2e/bench-timeline.mjs
  fi
  if [ "$which" = recording ] || [ "$which" = all ]; then
    say "recording cost figures (tests/e2e/bench-recording.mjs)"
    node tests/e2e/bench-recording.mjs
  fi
  if [ "$which" = side-by-side ] || [ "$which" = all ]; then
    say "side-by-side figures (tests/e2e/bench-side-by-side.mjs)"
    node tests/e2e/bench-side-by-side.mjs
  fi
  if [ "$which" = worker ] || [ "$which" = all ]; then
    say "worker request figures (tests/e2e/bench-worker-request.mjs)"
    node tests/e2e/bench-worker-request.mjs ${2:+"$2"}
  fi
  if [ "$which" = wasm-native ] || [ "$which" = all ]; then
    say "wasm in Chromium against native, issue 23's workloads (tests/e2e/bench-wasm-native.mjs)"
    node tests/e2e/bench-wasm-native.mjs ${2:+"$2"}
  fi
  if [ "$which" = vgdl-levels ]; then
    say "the 75 VGDL levels in the browser (tests/e2e/bench-vgdl-levels.mjs)"
    shift
    node tests/e2e/bench-vgdl-levels.mjs "$@"
  fi
}

case "${1:-}" in
  serve) serve ;;
  test) run_tests ;;
  build) setup; build_wasm ;;
  bench) shift; bench "$@" ;;
  figures) shift; figures "$@" ;;
  compare) shift; exec python3 tests/bench/alternate.py "$@" ;;
  fuzz) shift; fuzz "${1:-5}" ;;
  *) echo "usage: ./dev.sh serve|test|build|bench|figures|fuzz|compare" >&2; exit 2 ;;
esac
