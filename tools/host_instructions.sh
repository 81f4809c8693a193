#!/usr/bin/env bash
# Host instructions per wave-instruction of `wavescope run`, counted by valgrind's callgrind: a figure that does
# not move with the host's load, to compare two builds on a shared, noisy machine (wall and CPU time on such a
# host can move by 30-60% between rounds of one binary; these counts move by well under 0.1%).
#
#   tools/host_instructions.sh [--bin WAVESCOPE] [DIR] [-- EXTRA RUN ARGS]
#
# DIR defaults to examples/polybench_gemm_512. Prints, for the run untraced and with `--trace` (standard layout),
# the instructions of the run's thread and of the trace's encoding thread, each per wave-instruction. Both runs
# use `--jobs 1` so that one thread runs the kernel. Needs valgrind (`apt-get install valgrind`); a run takes
# ~50x its usual time (gemm 512: ~2 minutes untraced, ~4 traced).
#
# Counts are not cycles: they miss cache misses, branch mispredictions and store-forwarding stalls, so a change
# that only removes stalls shows up in time, not here. Use both.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bin="$here/target/release/wavescope"
dir="$here/examples/polybench_gemm_512"
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) bin="$2"; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        *) dir="$1"; shift ;;
    esac
done
command -v valgrind >/dev/null || { echo "host_instructions.sh: valgrind is not installed" >&2; exit 2; }
[ -x "$bin" ] || { echo "host_instructions.sh: no wavescope binary at $bin (cargo build --release)" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Thread totals of a callgrind run, "COUNT THREAD" per thread file (--separate-threads); thread 1 is the main
# thread, which runs the kernel with --jobs 1.
thread_totals() {
    for f in "$1"-*; do
        [ -s "$f" ] || continue
        printf '%s %s\n' "$(grep -m1 -E '^(summary|totals):' "$f" | awk '{print $2}')" "$(grep -m1 '^thread:' "$f" | awk '{print $2}')"
    done
}

run() { # name, extra run args...
    local name="$1"; shift
    valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$tmp/$name.out" \
        "$bin" run "$dir" --jobs 1 --report "$tmp/$name.json" "${extra[@]}" "$@" >/dev/null 2>"$tmp/$name.log" || {
        echo "host_instructions.sh: the $name run failed:" >&2; tail -5 "$tmp/$name.log" >&2; exit 1; }
}

run untraced
run traced --trace "$tmp/t.pftrace"
insts="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["wave_instructions"])' "$tmp/untraced.json")"
echo "$(basename "$dir"): $insts wave-instructions; host instructions per wave-instruction (callgrind)"
main_u="$(thread_totals "$tmp/untraced.out" | awk '$2 == 1 {print $1}')"
printf '  %-34s %8.1f\n' "untraced, run thread" "$(echo "$main_u / $insts" | bc -l)"
# the traced run's run thread, and its busiest other thread: the encoding thread (the I/O thread only copies)
main_t="$(thread_totals "$tmp/traced.out" | awk '$2 == 1 {print $1}')"
enc_t="$(thread_totals "$tmp/traced.out" | awk '$2 != 1 {print $1}' | sort -rn | head -1)"
printf '  %-34s %8.1f  (%.2fx untraced)\n' "traced, run thread" "$(echo "$main_t / $insts" | bc -l)" \
    "$(echo "$main_t / $main_u" | bc -l)"
printf '  %-34s %8.1f\n' "traced, encoding thread" "$(echo "$enc_t / $insts" | bc -l)"
