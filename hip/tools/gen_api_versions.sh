#!/bin/sh
# List the entry points Debian bookworm's libamdhip64.so.5 (HIP 5.2) exports under a version node newer than
# hip_4.2, as "NAME NODE" lines: a program linked against that library imports each at its node (e.g.
# hipMallocAsync@hip_5.1), so build.rs must define it there or the dynamic loader refuses the program.
#   gen_api_versions.sh LIBAMDHIP64_SO > api_versions.txt
set -eu
nm -D --defined-only "$1" | awk '{print $3}' | grep '^hip.*@' | grep -v '@@\?hip_4\.2$' |
    sed 's/@@\?/ /' | sort
