#!/bin/sh
# The loader's target-spelling fixtures: one small kernel (k.cl) compiled by clang-22 for each code object
# version and each spelling of the gfx950 target, plus two other processors. Run from this directory.
set -e
cc() { clang-22 -x cl -nogpulib -O2 "$@" k.cl; }
cc -target amdgcn-amd-amdhsa -mcpu=gfx950 -mcode-object-version=4 -o gfx950_v4.hsaco
cc -target amdgcn-amd-amdhsa -mcpu=gfx950 -mcode-object-version=5 -o gfx950_v5.hsaco
cc -target amdgcn-amd-amdhsa -mcpu=gfx950 -mcode-object-version=6 -o gfx950_v6.hsaco
cc -target amdgcn-amd-amdhsa -mcpu=gfx950:sramecc+:xnack- -mcode-object-version=6 -o gfx950_sramecc_on_xnack_off_v6.hsaco
cc -target amdgcn-amd-amdhsa -mcpu=gfx950:xnack+ -mcode-object-version=5 -o gfx950_xnack_on_v5.hsaco
cc -target amdgcn-amd-amdhsa-unknown -mcpu=gfx950 -o gfx950_unknown_env.hsaco
cc -target amdgcn-amd-amdhsa -mcpu=gfx9-4-generic -mcode-object-version=6 -o gfx9_4_generic_v6.hsaco
cc -target amdgcn-amd-amdhsa -mcpu=gfx942 -mcode-object-version=5 -o gfx942_v5.hsaco
