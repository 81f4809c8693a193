#!/usr/bin/env python3
"""List every function the HIP headers declare as returning hipError_t (one name a line, sorted).

Usage: gen_api_names.py INCLUDE_DIR > api_names.txt, INCLUDE_DIR holding hip/hip_runtime_api.h (Debian bookworm's
libamdhip64-dev 5.2 gives the list committed beside Cargo.toml). build.rs exports each name the runtime does not
implement as a function that names itself on stderr and returns hipErrorNotSupported, so a program importing it
loads and runs instead of failing in the dynamic loader.
"""
import glob, os, re, sys

root = sys.argv[1]
names = set()
for f in glob.glob(os.path.join(root, "hip", "**", "*.h"), recursive=True):
    text = open(f, errors="replace").read()
    for m in re.finditer(r"\bhipError_t\s+(?:HIPAPI\s+)?((?:__)?hip\w+)\s*\(", text):
        names.add(m.group(1))
print("\n".join(sorted(names)))
