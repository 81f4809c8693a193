#!/usr/bin/env bash
# Compare two builds of the engine benchmark (benches/engine.rs) run in turn on the same machine:
#   tools/bench_engine_pair.sh BASE_BENCH BASE_WAVESCOPE NEW_BENCH NEW_WAVESCOPE [ROUNDS] [-- BENCH ARGS]
# BASE_BENCH / NEW_BENCH: the `engine` bench executables (`cargo bench --no-run --bench engine` prints the path
# under target/release/deps/), each with the `wavescope` CLI binary of the same commit (for the `cli` rows).
# Each round runs the baseline, then the new build, once each (`--n 1`), so drift of a shared machine's speed
# hits both alike; a figure is the best of ROUNDS (default 5). Prints both bests and new/base wall ratios
# (below 1: the new build is faster). BENCH ARGS go to both, e.g. `-- --example gemm --mode run`.
# Run from the repository root (the benches read examples/ relative to the crate they were built in, so each
# binary reads its own tree's examples).
set -euo pipefail

if [ $# -lt 4 ]; then
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
base_bench=$1 base_cli=$2 new_bench=$3 new_cli=$4
shift 4
rounds=5
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    rounds=$1
    shift
fi
[ "${1:-}" = "--" ] && shift
for f in "$base_bench" "$base_cli" "$new_bench" "$new_cli"; do
    [ -x "$f" ] || { echo "bench_engine_pair: not an executable: $f" >&2; exit 2; }
done

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for r in $(seq 1 "$rounds"); do
    echo "round $r/$rounds: base" >&2
    WAVESCOPE_BIN=$base_cli "$base_bench" --n 1 "$@" | grep '^RESULT ' | sed 's/^RESULT/base/' >>"$out/all"
    echo "round $r/$rounds: new" >&2
    WAVESCOPE_BIN=$new_cli "$new_bench" --n 1 "$@" | grep '^RESULT ' | sed 's/^RESULT/new/' >>"$out/all"
done

# lines: side example mode wave_instructions ms
awk '
{
    key = $2 " " $3
    if (!(key in seen)) { seen[key] = 1; order[n++] = key }
    if (!((($1) SUBSEP key) in best) || $5 < best[$1, key]) best[$1, key] = $5
    insts[$1, key] = $4
}
END {
    printf "%-6s %-10s %12s %12s %10s %10s %9s\n", "kernel", "mode", "base insts", "new insts", "base ms", "new ms", "new/base"
    for (i = 0; i < n; i++) {
        k = order[i]; split(k, p, " ")
        b = best["base", k]; w = best["new", k]
        printf "%-6s %-10s %12s %12s %10.1f %10.1f %9.3f\n", p[1], p[2], insts["base", k], insts["new", k], b, w, (b > 0 ? w / b : 0)
    }
    for (side = 0; side < 2; side++) {
        s = side ? "new" : "base"
        for (i = 0; i < n; i++) {
            k = order[i]; split(k, p, " ")
            if (p[2] != "run") continue
            nm = p[1] " run-nomem"
            if (((s) SUBSEP nm) in best)
                printf "%s %s: memory system on/off %.2fx (run / run-nomem)\n", s, p[1], best[s, k] / best[s, nm]
        }
    }
}' "$out/all"
