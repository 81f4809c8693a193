// The kernel of the loader's target-spelling fixtures (build.sh).
__kernel void k(__global float *a) { a[__builtin_amdgcn_workitem_id_x()] += 1.0f; }
