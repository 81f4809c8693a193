#!/usr/bin/env python3
"""Regenerate and check the example corpus data (examples/*/).

  tools/gen_example_refs.py            run every reference.py, then check every case.json
  tools/gen_example_refs.py --check    only check

Checks: case.json parses; every file it names exists with count * sizeof(dtype) bytes; outputs
refer to buffer args of the same dtype/count; and, when llvm-readelf-22 and PyYAML are present,
the kernel symbol exists and the manifest args match the code object metadata (explicit args in
order: global_buffer -> buffer, by_value -> scalar of the same size, dynamic_shared_pointer -> local).
Needs numpy (pip install numpy) for the references; no clang.
"""
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EX = os.path.join(ROOT, "examples")
sys.path.insert(0, EX)
from refutil import SIZES, check_case  # noqa: E402

READELF = shutil.which("llvm-readelf-22") or shutil.which("llvm-readelf")
try:
    import yaml
except ImportError:  # metadata cross-check is optional
    yaml = None


def metadata_kernels(hsaco):
    txt = subprocess.run([READELF, "--notes", hsaco], capture_output=True, text=True, check=True).stdout
    start = txt.index("---")
    end = txt.index("\n...", start)
    doc = yaml.safe_load(txt[start:end])
    return {k[".name"]: k for k in doc["amdhsa.kernels"]} | {k[".symbol"][:-3]: k for k in doc["amdhsa.kernels"]}


def check_metadata(d, case):
    kernels = metadata_kernels(os.path.join(d, case.get("code_object", "kernel.hsaco")))
    k = kernels.get(case["kernel"])
    if k is None:
        raise SystemExit(f"{d}: kernel {case['kernel']} not in code object (have {sorted(kernels)})")
    explicit = [a for a in k.get(".args", []) if not a[".value_kind"].startswith("hidden_")]
    if len(explicit) != len(case["args"]):
        raise SystemExit(f"{d}: {len(case['args'])} args in manifest, {len(explicit)} in metadata")
    for i, (m, a) in enumerate(zip(explicit, case["args"])):
        vk = m[".value_kind"]
        ok = (vk == "global_buffer" and a["kind"] == "buffer") or \
             (vk == "dynamic_shared_pointer" and a["kind"] == "local") or \
             (vk == "by_value" and a["kind"] == "scalar" and SIZES[a["dtype"]] == m[".size"])
        if not ok:
            raise SystemExit(f"{d}: arg {i} is {vk} (size {m['.size']}) in metadata, {a} in manifest")


def main():
    only_check = "--check" in sys.argv
    names = sorted(n for n in os.listdir(EX) if os.path.isfile(os.path.join(EX, n, "case.json"))
                   or os.path.isfile(os.path.join(EX, n, "reference.py")))
    total = 0
    for n in names:
        d = os.path.join(EX, n)
        if not only_check and os.path.isfile(os.path.join(d, "reference.py")):
            subprocess.run([sys.executable, "reference.py"], cwd=d, check=True)
        case = check_case(d)
        if READELF and yaml:
            check_metadata(d, case)
        size = sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d))
        total += size
        print(f"ok {n}: {case['kernel']} grid {case['grid']} block {case['block']}, {size} bytes")
    print(f"{len(names)} examples, {total / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
