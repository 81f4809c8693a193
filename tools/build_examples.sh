#!/usr/bin/env bash
# Rebuild every example code object under examples/ and its test fixtures:
#   kernel.hsaco          clang-22 -g -O2 for gfx950 (OpenCL kernel.cl or HIP kernel.hip)
#   kernel.objdump.txt    llvm-objdump-22 -d --mcpu=gfx950
#   kernel.lines.txt      llvm-dwarfdump-22 --debug-line
#   kernel.symbolizer.txt llvm-symbolizer-22 --inlining for every instruction PC in the disassembly
# and, with --refs, the numpy reference data (each example's reference.py).
#
# CI does not run this (it has no clang); the outputs are committed.
# Usage: tools/build_examples.sh [--refs] [example-name ...]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EX="$ROOT/examples"
PRELUDES="${PRELUDES:-$ROOT/data/kernels}"
CLANG="${CLANG:-clang-22}"
OBJDUMP="${OBJDUMP:-llvm-objdump-22}"
DWARFDUMP="${DWARFDUMP:-llvm-dwarfdump-22}"
SYMBOLIZER="${SYMBOLIZER:-llvm-symbolizer-22}"
PYTHON="${PYTHON:-python3}"

refs=0
names=()
for a in "$@"; do
  case "$a" in
    --refs) refs=1 ;;
    *) names+=("$a") ;;
  esac
done
if [ ${#names[@]} -eq 0 ]; then
  for d in "$EX"/*/; do
    d="${d%/}"
    if [ -f "$d/kernel.cl" ] || [ -f "$d/kernel.hip" ]; then names+=("$(basename "$d")"); fi
  done
fi

# Common flags. -fdebug-compilation-dir=. keeps absolute build paths out of the DWARF so the
# line-table fixtures are the same in every checkout. The code object version is clang-22's default.
COMMON=(-nogpulib -g -O2 -fdebug-compilation-dir=.)

build_one() {
  local name="$1" dir="$EX/$1"
  local extra=()
  if [ -f "$dir/cflags.txt" ]; then
    # per-example extra flags (one line, e.g. -DDATA_TYPE=double); documented in that example's case.json
    read -r -a extra < "$dir/cflags.txt"
  fi
  (
    cd "$dir"
    if [ -f kernel.cl ]; then
      # keep a copy of the shared prelude beside the source so the example is self-contained
      if [ -f "$PRELUDES/ocl_prelude.h" ]; then cp "$PRELUDES/ocl_prelude.h" ocl_prelude.h; chmod 644 ocl_prelude.h; fi
      "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 "${COMMON[@]}" ${extra[@]+"${extra[@]}"} \
        -include ./ocl_prelude.h kernel.cl -o kernel.hsaco
    else
      if [ -f "$PRELUDES/hip_prelude.h" ]; then cp "$PRELUDES/hip_prelude.h" hip_prelude.h; chmod 644 hip_prelude.h; fi
      # --offload-device-only + --no-gpu-bundle-output: a plain ELF code object, not an offload bundle
      "$CLANG" -x hip --offload-arch=gfx950 --offload-device-only --no-gpu-bundle-output -nogpuinc \
        "${COMMON[@]}" ${extra[@]+"${extra[@]}"} -include ./hip_prelude.h kernel.hip -o kernel.hsaco
    fi
    "$OBJDUMP" -d --mcpu=gfx950 kernel.hsaco > kernel.objdump.txt
    "$DWARFDUMP" --debug-line kernel.hsaco > kernel.lines.txt
    # every instruction PC: objdump prints "// 000000001600: C0060002 ..." after each instruction
    grep -oE '// [0-9A-Fa-f]{12}:' kernel.objdump.txt | sed -E 's#// 0*([0-9A-Fa-f]+):#0x\1#' > .pcs.tmp
    "$SYMBOLIZER" --inlining --print-address --obj=kernel.hsaco < .pcs.tmp > kernel.symbolizer.txt
    rm -f .pcs.tmp
  )
  echo "built $name ($(stat -c %s "$dir/kernel.hsaco") bytes)"
}

for n in "${names[@]}"; do
  build_one "$n"
  if [ "$refs" = 1 ] && [ -f "$EX/$n/reference.py" ]; then
    (cd "$EX/$n" && "$PYTHON" reference.py)
  fi
done
