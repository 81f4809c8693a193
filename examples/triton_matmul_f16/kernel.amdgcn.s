	.amdgcn_target "amdgpu9.50-amd-amdhsa-unknown-gfx950"
	.amdhsa_code_object_version 5
	.text
	.globl	matmul_kernel                   ; -- Begin function matmul_kernel
	.p2align	8
	.type	matmul_kernel,@function
matmul_kernel:                          ; @matmul_kernel
.Lfunc_begin0:
	.cfi_sections .debug_frame
	.cfi_startproc
; %bb.87:
	.file	1 "./././././././././././././././././././././" "kernel.py"
	.loc	1 6 0 prologue_end              ; kernel.py:6:0
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_load_dwordx8 s[4:11], s[0:1], 0x8
	s_load_dwordx4 s[12:15], s[0:1], 0x28
	s_waitcnt lgkmcnt(0)
	s_branch .LBB0_0
	.loc	1 0 0 is_stmt 0                 ; :0:0
.Ltmp0:
	.p2align	8
; %bb.88:
.LBB0_0:
	.cfi_escape 0x0f, 0x04, 0x30, 0x36, 0xe9, 0x02 ; CFA is 0 in private_wave aspace
	.cfi_undefined 16
.Ltmp1:
	.file	2 "./././././././././././././././././././././././././././././triton/language" "standard.py"
	.loc	2 43 13 is_stmt 1               ; standard.py:43:13 @[ kernel.py:11:17 ]
	s_add_i32 s17, s9, 63
	.loc	2 43 12 is_stmt 0               ; standard.py:43:12 @[ kernel.py:11:17 ]
	s_ashr_i32 s18, s17, 31
	s_lshr_b32 s18, s18, 26
	s_add_i32 s17, s17, s18
	s_ashr_i32 s17, s17, 6
.Ltmp2:
	.loc	1 12 24 is_stmt 1               ; kernel.py:12:24
	s_lshl_b32 s18, s17, 2
	.loc	1 13 16                         ; kernel.py:13:16
	s_abs_i32 s19, s18
	v_cvt_f32_u32_e32 v1, s19
.Ltmp3:
	.loc	2 43 13                         ; standard.py:43:13 @[ kernel.py:10:17 ]
	s_add_i32 s20, s8, 63
.Ltmp4:
	.loc	1 13 16                         ; kernel.py:13:16
	s_sub_i32 s22, 0, s19
.Ltmp5:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernel.py:10:17 ]
	s_ashr_i32 s21, s20, 31
.Ltmp6:
	.loc	1 13 16                         ; kernel.py:13:16
	v_rcp_f32_e32 v1, v1
.Ltmp7:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernel.py:10:17 ]
	s_lshr_b32 s21, s21, 26
	s_add_i32 s20, s20, s21
.Ltmp8:
	.loc	1 13 16                         ; kernel.py:13:16
	s_abs_i32 s21, s16
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v1, v1
	.loc	1 28 13                         ; kernel.py:28:13
	v_readfirstlane_b32 s24, v0
	.loc	1 13 16                         ; kernel.py:13:16
	s_xor_b32 s17, s16, s17
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_b32 s25, s24, 0xc0
	.loc	1 13 16                         ; kernel.py:13:16
	v_readfirstlane_b32 s23, v1
	s_mul_i32 s22, s22, s23
	s_mul_hi_u32 s22, s23, s22
	s_add_i32 s23, s23, s22
	s_mul_hi_u32 s22, s21, s23
	s_mul_i32 s23, s22, s19
	s_sub_i32 s21, s21, s23
.Ltmp9:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernel.py:10:17 ]
	s_ashr_i32 s20, s20, 6
.Ltmp10:
	.loc	1 13 16                         ; kernel.py:13:16
	s_ashr_i32 s17, s17, 31
	s_add_i32 s23, s22, 1
	s_sub_i32 s26, s21, s19
	s_cmp_ge_u32 s21, s19
	s_cselect_b32 s22, s23, s22
	s_cselect_b32 s21, s26, s21
	s_add_i32 s23, s22, 1
	s_cmp_ge_u32 s21, s19
	s_cselect_b32 s19, s23, s22
	s_xor_b32 s19, s19, s17
	s_sub_i32 s17, s19, s17
	.loc	1 14 19                         ; kernel.py:14:19
	s_lshl_b32 s19, s17, 2
	.loc	1 15 24                         ; kernel.py:15:24
	s_sub_i32 s20, s20, s19
	.loc	1 15 20 is_stmt 0               ; kernel.py:15:20
	s_min_i32 s20, s20, 4
	.loc	1 17 13 is_stmt 1               ; kernel.py:17:13
	s_abs_i32 s21, s20
	v_cvt_f32_u32_e32 v1, s21
	s_sub_i32 s22, 0, s21
	.loc	1 16 29                         ; kernel.py:16:29
	s_mul_i32 s17, s17, s18
	s_sub_i32 s16, s16, s17
	.loc	1 17 13                         ; kernel.py:17:13
	v_rcp_f32_e32 v1, v1
	s_abs_i32 s18, s16
	s_xor_b32 s17, s16, s20
	s_ashr_i32 s17, s17, 31
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v1, v1
	.loc	1 19 39                         ; kernel.py:19:39
	v_and_b32_e32 v3, 63, v0
	v_and_b32_e32 v48, 31, v0
	v_mov_b32_e32 v34, 0
	.loc	1 17 13                         ; kernel.py:17:13
	v_readfirstlane_b32 s23, v1
	s_mul_i32 s22, s22, s23
	s_mul_hi_u32 s22, s23, s22
	s_add_i32 s23, s23, s22
	s_mul_hi_u32 s22, s18, s23
	s_mul_i32 s23, s22, s21
	s_sub_i32 s18, s18, s23
	s_add_i32 s23, s22, 1
	s_sub_i32 s26, s18, s21
	s_cmp_ge_u32 s18, s21
	s_cselect_b32 s22, s23, s22
	s_cselect_b32 s18, s26, s18
	s_add_i32 s23, s22, 1
	s_cmp_ge_u32 s18, s21
	s_cselect_b32 s18, s23, s22
	.loc	1 19 15                         ; kernel.py:19:15
	s_abs_i32 s27, s8
	v_cvt_f32_u32_e32 v2, s27
	.loc	1 17 13                         ; kernel.py:17:13
	s_xor_b32 s18, s18, s17
	s_sub_i32 s18, s18, s17
	.loc	1 16 28                         ; kernel.py:16:28
	s_mul_i32 s17, s18, s20
	.loc	1 19 15                         ; kernel.py:19:15
	v_rcp_f32_e32 v2, v2
	.loc	1 16 28                         ; kernel.py:16:28
	s_sub_i32 s16, s16, s17
	.loc	1 16 13 is_stmt 0               ; kernel.py:16:13
	s_add_i32 s16, s16, s19
	.loc	1 19 39 is_stmt 1               ; kernel.py:19:39
	v_or_b32_e32 v1, s25, v3
	.loc	1 19 15 is_stmt 0               ; kernel.py:19:15
	v_mul_f32_e32 v2, 0x4f7ffffe, v2
	v_cvt_u32_f32_e32 v2, v2
	.loc	1 19 16                         ; kernel.py:19:16
	s_lshl_b32 s22, s16, 6
	.loc	1 19 39                         ; kernel.py:19:39
	v_lshrrev_b32_e32 v4, 5, v1
	.loc	1 19 15                         ; kernel.py:19:15
	s_bfe_i32 s28, s16, 0x10019
	s_sub_i32 s16, 0, s27
	.loc	1 19 16                         ; kernel.py:19:16
	v_or_b32_e32 v4, s22, v4
	.loc	1 19 15                         ; kernel.py:19:15
	v_mul_lo_u32 v5, s16, v2
	v_add_u32_e32 v16, s28, v4
	v_mul_hi_u32 v5, v2, v5
	v_xor_b32_e32 v4, s28, v16
	v_add_u32_e32 v2, v2, v5
	v_mul_hi_u32 v5, v4, v2
	v_mul_lo_u32 v5, v5, s27
	v_sub_u32_e32 v4, v4, v5
	v_subrev_u32_e32 v5, s27, v4
	v_cmp_le_u32_e32 vcc, s27, v4
	.loc	1 20 15 is_stmt 1               ; kernel.py:20:15
	s_abs_i32 s29, s9
	.loc	1 20 16 is_stmt 0               ; kernel.py:20:16
	s_lshl_b32 s23, s18, 6
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	v_cndmask_b32_e32 v4, v4, v5, vcc
	v_subrev_u32_e32 v5, s27, v4
	v_cmp_le_u32_e32 vcc, s27, v4
	.loc	1 20 16                         ; kernel.py:20:16
	v_or_b32_e32 v3, s23, v3
	.loc	1 20 15 is_stmt 0               ; kernel.py:20:15
	s_bfe_i32 s30, s18, 0x10019
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	v_cndmask_b32_e32 v4, v4, v5, vcc
	v_xor_b32_e32 v4, s28, v4
	v_subrev_u32_e32 v27, s28, v4
	v_add_u32_e32 v4, 8, v16
	v_xor_b32_e32 v26, s28, v4
	v_mad_u64_u32 v[4:5], s[16:17], v26, v2, 0
	v_add_u32_e32 v4, 16, v16
	v_xor_b32_e32 v25, s28, v4
	v_add_u32_e32 v4, 24, v16
	v_xor_b32_e32 v24, s28, v4
	v_add_u32_e32 v4, 32, v16
	v_xor_b32_e32 v23, s28, v4
	v_add_u32_e32 v4, 40, v16
	v_xor_b32_e32 v22, s28, v4
	v_add_u32_e32 v4, 48, v16
	v_xor_b32_e32 v21, s28, v4
	.loc	1 20 15                         ; kernel.py:20:15
	v_cvt_f32_u32_e32 v4, s29
	.loc	1 19 15                         ; kernel.py:19:15
	v_mad_u64_u32 v[6:7], s[16:17], v25, v2, 0
	v_add_u32_e32 v6, 56, v16
	v_xor_b32_e32 v20, s28, v6
	v_mad_u64_u32 v[8:9], s[16:17], v24, v2, 0
	v_mad_u64_u32 v[10:11], s[16:17], v23, v2, 0
	v_mad_u64_u32 v[12:13], s[16:17], v22, v2, 0
	v_mad_u64_u32 v[14:15], s[16:17], v21, v2, 0
	v_mad_u64_u32 v[18:19], s[16:17], v20, v2, 0
	.loc	1 20 15                         ; kernel.py:20:15
	v_rcp_f32_e32 v2, v4
	v_add_u32_e32 v3, s30, v3
	s_sub_i32 s16, 0, s29
	v_xor_b32_e32 v18, s30, v3
	v_mul_f32_e32 v2, 0x4f7ffffe, v2
	v_cvt_u32_f32_e32 v2, v2
.Ltmp11:
	.loc	2 43 13                         ; standard.py:43:13 @[ kernel.py:26:23 ]
	s_add_i32 s26, s10, 31
.Ltmp12:
	.loc	1 26 5                          ; kernel.py:26:5
	s_cmp_gt_i32 s26, 31
	.loc	1 27 34                         ; kernel.py:27:34
	v_cmp_gt_i32_e32 vcc, s10, v48
	.loc	1 20 15                         ; kernel.py:20:15
	v_mul_lo_u32 v3, s16, v2
	v_mul_hi_u32 v3, v2, v3
	v_add_u32_e32 v2, v2, v3
	v_mad_u64_u32 v[16:17], s[16:17], v18, v2, 0
	.loc	1 22 54                         ; kernel.py:22:54
	v_mul_lo_u32 v16, s12, v48
	.loc	1 22 23 is_stmt 0               ; kernel.py:22:23
	v_mad_u64_u32 v[2:3], s[16:17], v27, s11, v[16:17]
	.loc	1 26 5 is_stmt 1                ; kernel.py:26:5
	s_cselect_b64 s[16:17], -1, 0
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v3, 31, v2
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], vcc, s[16:17]
	v_mov_b32_e32 v35, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_2
; %bb.1:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[28:29], v[2:3], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v35, v[28:29], off
.LBB0_2:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	v_mul_lo_u32 v4, v5, s27
	v_sub_u32_e32 v4, v26, v4
	v_subrev_u32_e32 v5, s27, v4
	v_cmp_le_u32_e32 vcc, s27, v4
	s_nop 1
	v_cndmask_b32_e32 v4, v4, v5, vcc
	v_subrev_u32_e32 v5, s27, v4
	v_cmp_le_u32_e32 vcc, s27, v4
	s_nop 1
	v_cndmask_b32_e32 v4, v4, v5, vcc
	v_xor_b32_e32 v4, s28, v4
	v_subrev_u32_e32 v4, s28, v4
	.loc	1 22 23                         ; kernel.py:22:23
	v_mad_u64_u32 v[4:5], s[20:21], v4, s11, v[16:17]
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v5, 31, v4
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_4
; %bb.3:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[26:27], v[4:5], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v34, v[26:27], off
.LBB0_4:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	v_mul_lo_u32 v6, v7, s27
	v_sub_u32_e32 v6, v25, v6
	v_subrev_u32_e32 v7, s27, v6
	v_cmp_le_u32_e32 vcc, s27, v6
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v37, 0
	v_cndmask_b32_e32 v6, v6, v7, vcc
	v_subrev_u32_e32 v7, s27, v6
	v_cmp_le_u32_e32 vcc, s27, v6
	s_nop 1
	v_cndmask_b32_e32 v6, v6, v7, vcc
	v_xor_b32_e32 v6, s28, v6
	v_subrev_u32_e32 v6, s28, v6
	.loc	1 22 23                         ; kernel.py:22:23
	v_mad_u64_u32 v[6:7], s[20:21], v6, s11, v[16:17]
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v7, 31, v6
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_6
; %bb.5:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[26:27], v[6:7], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v37, v[26:27], off
.LBB0_6:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	v_mul_lo_u32 v8, v9, s27
	v_sub_u32_e32 v8, v24, v8
	v_subrev_u32_e32 v9, s27, v8
	v_cmp_le_u32_e32 vcc, s27, v8
	s_nop 1
	v_cndmask_b32_e32 v8, v8, v9, vcc
	v_subrev_u32_e32 v9, s27, v8
	v_cmp_le_u32_e32 vcc, s27, v8
	s_nop 1
	v_cndmask_b32_e32 v8, v8, v9, vcc
	v_xor_b32_e32 v8, s28, v8
	v_subrev_u32_e32 v8, s28, v8
	.loc	1 22 23                         ; kernel.py:22:23
	v_mad_u64_u32 v[8:9], s[20:21], v8, s11, v[16:17]
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v9, 31, v8
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_8
; %bb.7:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[24:25], v[8:9], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v36, v[24:25], off
.LBB0_8:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	v_mul_lo_u32 v10, v11, s27
	v_sub_u32_e32 v10, v23, v10
	v_subrev_u32_e32 v11, s27, v10
	v_cmp_le_u32_e32 vcc, s27, v10
	v_mov_b32_e32 v38, 0
	v_mov_b32_e32 v39, 0
	v_cndmask_b32_e32 v10, v10, v11, vcc
	v_subrev_u32_e32 v11, s27, v10
	v_cmp_le_u32_e32 vcc, s27, v10
	s_nop 1
	v_cndmask_b32_e32 v10, v10, v11, vcc
	v_xor_b32_e32 v10, s28, v10
	v_subrev_u32_e32 v10, s28, v10
	.loc	1 22 23                         ; kernel.py:22:23
	v_mad_u64_u32 v[10:11], s[20:21], v10, s11, v[16:17]
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v11, 31, v10
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_10
; %bb.9:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[24:25], v[10:11], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v39, v[24:25], off
.LBB0_10:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	v_mul_lo_u32 v12, v13, s27
	v_sub_u32_e32 v12, v22, v12
	v_subrev_u32_e32 v13, s27, v12
	v_cmp_le_u32_e32 vcc, s27, v12
	s_nop 1
	v_cndmask_b32_e32 v12, v12, v13, vcc
	v_subrev_u32_e32 v13, s27, v12
	v_cmp_le_u32_e32 vcc, s27, v12
	s_nop 1
	v_cndmask_b32_e32 v12, v12, v13, vcc
	v_xor_b32_e32 v12, s28, v12
	v_subrev_u32_e32 v12, s28, v12
	.loc	1 22 23                         ; kernel.py:22:23
	v_mad_u64_u32 v[12:13], s[20:21], v12, s11, v[16:17]
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v13, 31, v12
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_12
; %bb.11:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[22:23], v[12:13], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v38, v[22:23], off
.LBB0_12:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	v_mul_lo_u32 v14, v15, s27
	v_sub_u32_e32 v14, v21, v14
	v_subrev_u32_e32 v15, s27, v14
	v_cmp_le_u32_e32 vcc, s27, v14
	v_mov_b32_e32 v40, 0
	v_mov_b32_e32 v41, 0
	v_cndmask_b32_e32 v14, v14, v15, vcc
	v_subrev_u32_e32 v15, s27, v14
	v_cmp_le_u32_e32 vcc, s27, v14
	s_nop 1
	v_cndmask_b32_e32 v14, v14, v15, vcc
	v_xor_b32_e32 v14, s28, v14
	v_subrev_u32_e32 v14, s28, v14
	.loc	1 22 23                         ; kernel.py:22:23
	v_mad_u64_u32 v[14:15], s[20:21], v14, s11, v[16:17]
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v15, 31, v14
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_14
; %bb.13:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[22:23], v[14:15], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v41, v[22:23], off
.LBB0_14:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	v_mul_lo_u32 v19, v19, s27
	v_sub_u32_e32 v19, v20, v19
	v_subrev_u32_e32 v20, s27, v19
	v_cmp_le_u32_e32 vcc, s27, v19
	s_nop 1
	v_cndmask_b32_e32 v19, v19, v20, vcc
	v_subrev_u32_e32 v20, s27, v19
	v_cmp_le_u32_e32 vcc, s27, v19
	s_nop 1
	v_cndmask_b32_e32 v19, v19, v20, vcc
	v_xor_b32_e32 v19, s28, v19
	v_subrev_u32_e32 v19, s28, v19
	.loc	1 22 23                         ; kernel.py:22:23
	v_mad_u64_u32 v[32:33], s[20:21], v19, s11, v[16:17]
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v33, 31, v32
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_16
; %bb.15:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[20:21], v[32:33], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v40, v[20:21], off
.LBB0_16:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 20 15 is_stmt 1               ; kernel.py:20:15
	v_mul_lo_u32 v16, v17, s29
	v_sub_u32_e32 v16, v18, v16
	v_subrev_u32_e32 v17, s29, v16
	v_cmp_le_u32_e32 vcc, s29, v16
	.loc	1 23 23                         ; kernel.py:23:23
	s_lshr_b32 s20, s25, 6
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s20, s10
	.loc	1 20 15                         ; kernel.py:20:15
	v_cndmask_b32_e32 v16, v16, v17, vcc
	v_subrev_u32_e32 v17, s29, v16
	v_cmp_le_u32_e32 vcc, s29, v16
	.loc	1 28 34                         ; kernel.py:28:34
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 20 15                         ; kernel.py:20:15
	v_cndmask_b32_e32 v16, v16, v17, vcc
	v_xor_b32_e32 v16, s30, v16
	v_subrev_u32_e32 v16, s30, v16
	.loc	1 23 23                         ; kernel.py:23:23
	s_mul_i32 s11, s20, s13
	.loc	1 23 53 is_stmt 0               ; kernel.py:23:53
	v_mul_lo_u32 v16, v16, s14
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[28:29], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_add_u32_e32 v30, s11, v16
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v31, 31, v30
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_18
; %bb.17:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[16:17], v[30:31], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v42, v[16:17], off
	s_branch .LBB0_19
.LBB0_18:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v42, 0
.LBB0_19:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[28:29], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v28, s13, 2, v30
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v29, 31, v28
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_21
; %bb.20:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[16:17], v[28:29], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v43, v[16:17], off
	s_branch .LBB0_22
.LBB0_21:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v43, 0
.LBB0_22:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[28:29], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v26, s13, 3, v30
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v27, 31, v26
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_24
; %bb.23:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[16:17], v[26:27], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v44, v[16:17], off
	s_branch .LBB0_25
.LBB0_24:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v44, 0
.LBB0_25:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[24:25], s[28:29], s13, 12, v[30:31]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v25, 31, v24
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_27
; %bb.26:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[16:17], v[24:25], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v45, v[16:17], off
	s_branch .LBB0_28
.LBB0_27:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v45, 0
.LBB0_28:
	.loc	1 23 23 is_stmt 1               ; kernel.py:23:23
	s_or_b32 s25, s20, 16
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s25, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[28:29], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v22, s13, 4, v30
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v23, 31, v22
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_30
; %bb.29:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[16:17], v[22:23], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v46, v[16:17], off
	s_branch .LBB0_31
.LBB0_30:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v46, 0
.LBB0_31:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[28:29], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[20:21], s[28:29], s13, 20, v[30:31]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v21, 31, v20
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_33
; %bb.32:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[16:17], v[20:21], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v47, v[16:17], off
	s_branch .LBB0_34
.LBB0_33:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v47, 0
.LBB0_34:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[28:29], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[18:19], s[28:29], s13, 24, v[30:31]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v19, 31, v18
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_36
; %bb.35:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[16:17], v[18:19], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v49, v[16:17], off
	s_branch .LBB0_37
.LBB0_36:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v49, 0
.LBB0_37:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[16:17], s[28:29], s13, 28, v[30:31]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v17, 31, v16
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_39
; %bb.38:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[50:51], v[16:17], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v50, v[50:51], off
	s_branch .LBB0_40
.LBB0_39:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v50, 0
.LBB0_40:
	.loc	1 19 39 is_stmt 1               ; kernel.py:19:39
	s_bfe_i32 s11, s24, 0x10007
	.loc	1 27 13                         ; kernel.py:27:13
	v_lshlrev_b32_e32 v1, 1, v1
	s_and_b32 s11, s11, 0x110
	v_mov_b32_e32 v51, 0xfe
	v_bitop3_b32 v55, v1, s11, v51 bitop3:0x6c
	v_add_u32_e32 v1, 0, v55
	v_xor_b32_e32 v56, 32, v55
	s_waitcnt vmcnt(0)
	ds_write_b16 v1, v35
	ds_write_b16 v1, v37 offset:1024
	ds_write_b16 v1, v39 offset:2048
	ds_write_b16 v1, v41 offset:3072
	v_add_u32_e32 v35, 0, v56
	v_xor_b32_e32 v57, 64, v55
	ds_write_b16 v35, v34 offset:512
	ds_write_b16 v35, v36 offset:1536
	ds_write_b16 v35, v38 offset:2560
	ds_write_b16 v35, v40 offset:3584
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b16 v1, v42 offset:8192
	ds_write_b16 v1, v46 offset:10240
	ds_write_b16 v35, v43 offset:8704
	ds_write_b16 v35, v47 offset:10752
	v_add_u32_e32 v1, 0, v57
	v_xor_b32_e32 v58, 0x60, v55
	.loc	1 19 39                         ; kernel.py:19:39
	s_and_b32 s14, s24, 64
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b16 v1, v44 offset:9216
	ds_write_b16 v1, v49 offset:11264
	v_add_u32_e32 v1, 0, v58
	.loc	1 27 13                         ; kernel.py:27:13
	s_mov_b32 s27, 0
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b16 v1, v45 offset:9728
	ds_write_b16 v1, v50 offset:11776
	.loc	1 26 5                          ; kernel.py:26:5
	s_cmp_gt_i32 s26, 63
	v_lshlrev_b32_e32 v1, 5, v0
	v_lshlrev_b32_e32 v35, 3, v0
	v_lshlrev_b32_e32 v34, 1, v0
	s_cbranch_scc1 .LBB0_42
; %bb.41:                               ; %.._crit_edge_crit_edge
	.loc	1 28 13                         ; kernel.py:28:13
	v_and_b32_e32 v36, 24, v35
	s_movk_i32 s11, 0x580
	v_and_or_b32 v36, v1, s11, v36
	s_movk_i32 s11, 0x70
	v_bitop3_b32 v36, v34, v36, s11 bitop3:0x6c
	v_xor_b32_e32 v53, s14, v36
	v_xor_b32_e32 v54, 0x220, v53
	s_mov_b64 s[18:19], 0
	s_branch .LBB0_43
.LBB0_42:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_mov_b64 s[18:19], -1
                                        ; implicit-def: $vgpr53
                                        ; implicit-def: $vgpr54
.LBB0_43:                               ; %Flow53
	s_and_b32 s21, s24, 0x80
	s_and_b64 s[18:19], s[18:19], exec
	v_and_b32_e32 v49, 32, v0
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	v_lshlrev_b32_e32 v50, 6, v48
	v_lshlrev_b32_e32 v51, 2, v0
	v_lshrrev_b32_e32 v52, 1, v49
	s_cbranch_scc1 .LBB0_79
; %bb.44:                               ; %.lr.ph
.Ltmp13:
	.loc	2 43 12 is_stmt 1               ; standard.py:43:12 @[ kernel.py:26:23 ]
	s_ashr_i32 s11, s26, 31
	s_lshr_b32 s11, s11, 27
	s_add_i32 s26, s26, s11
	v_lshl_or_b32 v0, s21, 4, v50
	v_bitop3_b32 v36, v51, v52, 48 bitop3:0x6c
	s_ashr_i32 s11, s26, 5
.Ltmp14:
	.loc	1 31 19                         ; kernel.py:31:19
	s_lshl_b32 s18, s13, 5
	.loc	1 30 19                         ; kernel.py:30:19
	s_lshl_b32 s26, s12, 5
	v_or_b32_e32 v59, v0, v36
	v_bitop3_b32 v60, v0, 32, v36 bitop3:0x36
	v_and_b32_e32 v0, 24, v35
	s_movk_i32 s12, 0x580
	s_ashr_i32 s19, s18, 31
	v_and_or_b32 v0, v1, s12, v0
	s_movk_i32 s12, 0x70
	s_ashr_i32 s27, s26, 31
	v_bitop3_b32 v0, v34, v0, s12 bitop3:0x6c
	.loc	1 26 5                          ; kernel.py:26:5
	s_max_i32 s11, s11, 2
	s_lshl_b64 s[12:13], s[18:19], 1
	s_add_u32 s4, s4, s12
	s_addc_u32 s5, s5, s13
	s_lshl_b64 s[18:19], s[26:27], 1
	v_xor_b32_e32 v53, s14, v0
	s_add_u32 s2, s2, s18
	v_mov_b32_e32 v0, 0
	v_xor_b32_e32 v54, 0x220, v53
	v_xor_b32_e32 v61, 32, v53
	v_lshlrev_b64 v[16:17], 1, v[16:17]
	v_lshlrev_b64 v[18:19], 1, v[18:19]
	v_lshlrev_b64 v[20:21], 1, v[20:21]
	v_lshlrev_b64 v[22:23], 1, v[22:23]
	v_lshlrev_b64 v[24:25], 1, v[24:25]
	v_lshlrev_b64 v[26:27], 1, v[26:27]
	v_lshlrev_b64 v[28:29], 1, v[28:29]
	v_lshlrev_b64 v[30:31], 1, v[30:31]
	v_lshlrev_b64 v[32:33], 1, v[32:33]
	s_addc_u32 s3, s3, s19
	v_lshlrev_b64 v[34:35], 1, v[14:15]
	v_lshlrev_b64 v[36:37], 1, v[12:13]
	v_lshlrev_b64 v[38:39], 1, v[10:11]
	v_lshlrev_b64 v[40:41], 1, v[8:9]
	v_lshlrev_b64 v[42:43], 1, v[6:7]
	v_lshlrev_b64 v[44:45], 1, v[4:5]
	v_lshlrev_b64 v[46:47], 1, v[2:3]
	s_add_i32 s26, s11, -1
	s_mov_b32 s27, 0
	s_movk_i32 s24, 0x2000
	s_sub_i32 s28, s10, 32
	s_mov_b32 s29, 0
	v_mov_b32_e32 v1, v0
	v_mov_b32_e32 v2, v0
	v_mov_b32_e32 v3, v0
	v_mov_b32_e32 v4, v0
	v_mov_b32_e32 v5, v0
	v_mov_b32_e32 v6, v0
	v_mov_b32_e32 v7, v0
	v_mov_b32_e32 v8, v0
	v_mov_b32_e32 v9, v0
	v_mov_b32_e32 v10, v0
	v_mov_b32_e32 v11, v0
	v_mov_b32_e32 v12, v0
	v_mov_b32_e32 v13, v0
	v_mov_b32_e32 v14, v0
	v_mov_b32_e32 v15, v0
	s_branch .LBB0_47
.LBB0_45:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 26 5                          ; kernel.py:26:5
	v_lshl_add_u64 v[86:87], s[4:5], 0, v[16:17]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v84, v[86:87], off
.LBB0_46:                               ;   in Loop: Header=BB0_47 Depth=1
	v_add_u32_e32 v86, s24, v53
	v_add_u32_e32 v87, s24, v61
	ds_read_b64_tr_b16 v[88:89], v86
	ds_read_b64_tr_b16 v[90:91], v87 offset:512
	ds_read_b64_tr_b16 v[92:93], v86 offset:2048
	ds_read_b64_tr_b16 v[94:95], v87 offset:2560
	.loc	1 26 5                          ; kernel.py:26:5
	s_add_i32 s10, s29, 1
	s_cmp_lt_i32 s10, 2
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_32x32x16_f16 v[0:15], v[88:91], v[66:69], v[0:15]
	.loc	1 26 5                          ; kernel.py:26:5
	s_cselect_b32 s29, s10, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_lshl_b32 s27, s29, 12
	.loc	1 28 13                         ; kernel.py:28:13
	s_add_i32 s24, s27, 0x2000
	.loc	1 26 5                          ; kernel.py:26:5
	s_add_u32 s4, s4, s12
	s_addc_u32 s5, s5, s13
	.loc	1 27 13                         ; kernel.py:27:13
	v_add_u32_e32 v66, s27, v55
	.loc	1 26 5                          ; kernel.py:26:5
	s_add_u32 s2, s2, s18
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x16_f16 v[0:15], v[92:95], v[62:65], v[0:15]
	.loc	1 27 13                         ; kernel.py:27:13
	v_add_u32_e32 v62, s27, v56
	s_barrier
	s_waitcnt vmcnt(0)
	ds_write_b16 v62, v71 offset:512
	ds_write_b16 v62, v73 offset:1536
	ds_write_b16 v62, v75 offset:2560
	ds_write_b16 v62, v77 offset:3584
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b16 v66, v78 offset:8192
	ds_write_b16 v66, v82 offset:10240
	ds_write_b16 v62, v79 offset:8704
	ds_write_b16 v62, v83 offset:10752
	v_add_u32_e32 v62, s27, v57
	.loc	1 26 5                          ; kernel.py:26:5
	s_addc_u32 s3, s3, s19
	s_add_i32 s26, s26, -1
	s_sub_i32 s28, s28, 32
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b16 v62, v80 offset:9216
	ds_write_b16 v62, v85 offset:11264
	v_add_u32_e32 v62, s27, v58
	.loc	1 26 5                          ; kernel.py:26:5
	s_cmp_lg_u32 s26, 0
	.loc	1 27 13                         ; kernel.py:27:13
	ds_write_b16 v66, v70
	ds_write_b16 v66, v72 offset:1024
	ds_write_b16 v66, v74 offset:2048
	ds_write_b16 v66, v76 offset:3072
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b16 v62, v81 offset:9728
	ds_write_b16 v62, v84 offset:11776
	.loc	1 26 5                          ; kernel.py:26:5
	s_cbranch_scc0 .LBB0_80
.LBB0_47:                               ; =>This Inner Loop Header: Depth=1
	.loc	1 27 34                         ; kernel.py:27:34
	v_cmp_gt_i32_e32 vcc, s28, v48
	v_mov_b32_e32 v70, 0
	.loc	1 27 13 is_stmt 0               ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_49
; %bb.48:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[62:63], s[2:3], 0, v[46:47]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v70, v[62:63], off
.LBB0_49:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v72, 0
	v_mov_b32_e32 v71, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_51
; %bb.50:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[62:63], s[2:3], 0, v[44:45]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v71, v[62:63], off
.LBB0_51:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_53
; %bb.52:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[62:63], s[2:3], 0, v[42:43]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v72, v[62:63], off
.LBB0_53:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v74, 0
	v_mov_b32_e32 v73, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_55
; %bb.54:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[62:63], s[2:3], 0, v[40:41]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v73, v[62:63], off
.LBB0_55:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_57
; %bb.56:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[62:63], s[2:3], 0, v[38:39]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v74, v[62:63], off
.LBB0_57:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v76, 0
	v_mov_b32_e32 v75, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execnz .LBB0_69
; %bb.58:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execnz .LBB0_70
.LBB0_59:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v77, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_61
.LBB0_60:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[62:63], s[2:3], 0, v[32:33]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v77, v[62:63], off
.LBB0_61:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	v_add_u32_e32 v62, s27, v59
	v_add_u32_e32 v63, s27, v60
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b128 v[66:69], v62
	ds_read_b128 v[62:65], v63
	.loc	1 28 34 is_stmt 1               ; kernel.py:28:34
	s_cmp_lt_i32 s20, s28
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s20, s28
	.loc	1 28 13 is_stmt 0               ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_71
; %bb.62:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[78:79], s[4:5], 0, v[30:31]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v78, v[78:79], off
	s_and_b64 s[30:31], s[10:11], exec
	s_cselect_b32 s27, 1, 0
	s_cmp_lg_u32 s27, 1
	s_cbranch_scc0 .LBB0_72
.LBB0_63:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v79, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[30:31], s[10:11], exec
	s_cselect_b32 s27, 1, 0
	s_cmp_lg_u32 s27, 1
	s_cbranch_scc0 .LBB0_73
.LBB0_64:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v80, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_74
.LBB0_65:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v81, 0
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s25, s28
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s25, s28
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc0 .LBB0_75
.LBB0_66:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v82, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[30:31], s[10:11], exec
	s_cselect_b32 s27, 1, 0
	s_cmp_lg_u32 s27, 1
	s_cbranch_scc0 .LBB0_76
.LBB0_67:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v83, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[30:31], s[10:11], exec
	s_cselect_b32 s27, 1, 0
	s_cmp_lg_u32 s27, 1
	s_cbranch_scc0 .LBB0_77
.LBB0_68:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v85, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_45
	s_branch .LBB0_78
.LBB0_69:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[62:63], s[2:3], 0, v[36:37]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v75, v[62:63], off
	s_or_b64 exec, exec, s[10:11]
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_59
.LBB0_70:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 30 9                          ; kernel.py:30:9
	v_lshl_add_u64 v[62:63], s[2:3], 0, v[34:35]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v76, v[62:63], off
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v77, 0
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execnz .LBB0_60
	s_branch .LBB0_61
.LBB0_71:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v78, 0
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[10:11], exec
	s_cselect_b32 s27, 1, 0
	s_cmp_lg_u32 s27, 1
	s_cbranch_scc1 .LBB0_63
.LBB0_72:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[80:81], s[4:5], 0, v[28:29]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v79, v[80:81], off
	s_and_b64 s[30:31], s[10:11], exec
	s_cselect_b32 s27, 1, 0
	s_cmp_lg_u32 s27, 1
	s_cbranch_scc1 .LBB0_64
.LBB0_73:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[80:81], s[4:5], 0, v[26:27]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v80, v[80:81], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc1 .LBB0_65
.LBB0_74:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[82:83], s[4:5], 0, v[24:25]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v81, v[82:83], off
	.loc	1 28 34 is_stmt 0               ; kernel.py:28:34
	s_cmp_lt_i32 s25, s28
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s25, s28
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_66
.LBB0_75:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[82:83], s[4:5], 0, v[22:23]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v82, v[82:83], off
	s_and_b64 s[30:31], s[10:11], exec
	s_cselect_b32 s27, 1, 0
	s_cmp_lg_u32 s27, 1
	s_cbranch_scc1 .LBB0_67
.LBB0_76:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[84:85], s[4:5], 0, v[20:21]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v83, v[84:85], off
	s_and_b64 s[30:31], s[10:11], exec
	s_cselect_b32 s27, 1, 0
	s_cmp_lg_u32 s27, 1
	s_cbranch_scc1 .LBB0_68
.LBB0_77:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[84:85], s[4:5], 0, v[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v85, v[84:85], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_45
.LBB0_78:                               ;   in Loop: Header=BB0_47 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v84, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_branch .LBB0_46
.LBB0_79:
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v15, 0
	s_movk_i32 s24, 0x2000
	v_mov_b32_e32 v14, v15
	v_mov_b32_e32 v13, v15
	v_mov_b32_e32 v12, v15
	v_mov_b32_e32 v11, v15
	v_mov_b32_e32 v10, v15
	v_mov_b32_e32 v9, v15
	v_mov_b32_e32 v8, v15
	v_mov_b32_e32 v7, v15
	v_mov_b32_e32 v6, v15
	v_mov_b32_e32 v5, v15
	v_mov_b32_e32 v4, v15
	v_mov_b32_e32 v3, v15
	v_mov_b32_e32 v2, v15
	v_mov_b32_e32 v1, v15
	v_mov_b32_e32 v0, v15
.LBB0_80:                               ; %Flow54
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	v_add_u32_e32 v16, s24, v53
	v_add_u32_e32 v18, s24, v54
	.loc	1 27 13                         ; kernel.py:27:13
	s_waitcnt lgkmcnt(0)
	s_barrier
	.loc	1 28 13                         ; kernel.py:28:13
	ds_read_b64_tr_b16 v[20:21], v16
	ds_read_b64_tr_b16 v[16:17], v16 offset:2048
	ds_read_b64_tr_b16 v[22:23], v18
	ds_read_b64_tr_b16 v[18:19], v18 offset:2048
	s_load_dword s2, s[0:1], 0x38
	.loc	1 29 23                         ; kernel.py:29:23
	s_and_b64 s[0:1], s[16:17], exec
	s_cselect_b32 s0, 1, 0
	s_cmp_lg_u32 s0, 1
	s_cbranch_scc1 .LBB0_82
; %bb.81:
	.loc	1 27 13                         ; kernel.py:27:13
	s_lshl_b32 s0, s21, 4
	v_bitop3_b32 v24, v51, v52, 48 bitop3:0x6c
	v_or3_b32 v24, s0, v50, v24
	v_add_u32_e32 v25, s27, v24
	ds_read_b128 v[26:29], v25
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x16_f16 v[0:15], v[20:23], v[26:29], v[0:15]
	.loc	1 27 13                         ; kernel.py:27:13
	v_xad_u32 v20, v24, 32, s27
	ds_read_b128 v[20:23], v20
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x16_f16 v[0:15], v[16:19], v[20:23], v[0:15]
.LBB0_82:                               ; %._crit_edge._crit_edge
	.loc	1 19 39                         ; kernel.py:19:39
	s_lshr_b32 s0, s21, 2
	s_waitcnt lgkmcnt(0)
	v_lshrrev_b32_e32 v16, 3, v49
	s_lshr_b32 s1, s14, 1
	s_or_b32 s22, s22, s0
	v_or_b32_e32 v16, s1, v16
	.loc	1 19 16 is_stmt 0               ; kernel.py:19:16
	v_or_b32_e32 v19, s22, v48
	.loc	1 20 16 is_stmt 1               ; kernel.py:20:16
	v_or_b32_e32 v18, s23, v16
	.loc	1 36 22                         ; kernel.py:36:22
	v_mul_lo_u32 v16, v19, s15
	.loc	1 36 14 is_stmt 0               ; kernel.py:36:14
	v_ashrrev_i32_e32 v17, 31, v16
	.loc	1 37 15 is_stmt 1               ; kernel.py:37:15
	v_cmp_gt_i32_e32 vcc, s8, v19
	.loc	1 37 40 is_stmt 0               ; kernel.py:37:40
	v_cmp_gt_i32_e64 s[0:1], s9, v18
	.loc	1 36 14 is_stmt 1               ; kernel.py:36:14
	v_lshl_add_u64 v[16:17], v[16:17], 2, s[6:7]
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[4:5], vcc, s[0:1]
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[0:1], s[4:5]
	s_cbranch_execz .LBB0_84
; %bb.83:                               ; %.critedge
	.loc	1 20 16                         ; kernel.py:20:16
	v_or_b32_e32 v19, 1, v18
	v_or_b32_e32 v30, 2, v18
	v_or_b32_e32 v28, 3, v18
	v_or_b32_e32 v26, 8, v18
	v_or_b32_e32 v24, 9, v18
	v_or_b32_e32 v22, 10, v18
	v_or_b32_e32 v20, 11, v18
	.loc	1 36 53                         ; kernel.py:36:53
	v_mul_lo_u32 v34, v18, s2
	v_mul_lo_u32 v20, v20, s2
	v_mul_lo_u32 v22, v22, s2
	v_mul_lo_u32 v24, v24, s2
	v_mul_lo_u32 v26, v26, s2
	v_mul_lo_u32 v28, v28, s2
	v_mul_lo_u32 v30, v30, s2
	v_mul_lo_u32 v32, v19, s2
	.loc	1 36 14 is_stmt 0               ; kernel.py:36:14
	v_ashrrev_i32_e32 v35, 31, v34
	v_ashrrev_i32_e32 v21, 31, v20
	v_ashrrev_i32_e32 v23, 31, v22
	v_ashrrev_i32_e32 v25, 31, v24
	v_ashrrev_i32_e32 v27, 31, v26
	v_ashrrev_i32_e32 v29, 31, v28
	v_ashrrev_i32_e32 v31, 31, v30
	v_ashrrev_i32_e32 v33, 31, v32
	v_lshl_add_u64 v[34:35], v[34:35], 2, v[16:17]
	v_lshl_add_u64 v[20:21], v[20:21], 2, v[16:17]
	v_lshl_add_u64 v[22:23], v[22:23], 2, v[16:17]
	v_lshl_add_u64 v[24:25], v[24:25], 2, v[16:17]
	v_lshl_add_u64 v[26:27], v[26:27], 2, v[16:17]
	v_lshl_add_u64 v[28:29], v[28:29], 2, v[16:17]
	v_lshl_add_u64 v[30:31], v[30:31], 2, v[16:17]
	v_lshl_add_u64 v[32:33], v[32:33], 2, v[16:17]
	.loc	1 38 5 is_stmt 1                ; kernel.py:38:5
	global_store_dword v[34:35], v0, off
	global_store_dword v[32:33], v1, off
	global_store_dword v[30:31], v2, off
	global_store_dword v[28:29], v3, off
	global_store_dword v[26:27], v4, off
	global_store_dword v[24:25], v5, off
	global_store_dword v[22:23], v6, off
	global_store_dword v[20:21], v7, off
.LBB0_84:                               ; %.critedge12
	.loc	1 0 5 is_stmt 0                 ; kernel.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 20 16 is_stmt 1               ; kernel.py:20:16
	v_or_b32_e32 v0, 16, v18
	.loc	1 37 40                         ; kernel.py:37:40
	v_cmp_gt_i32_e64 s[0:1], s9, v0
	.loc	1 37 14 is_stmt 0               ; kernel.py:37:14
	s_and_b64 s[0:1], vcc, s[0:1]
	.loc	1 38 5 is_stmt 1                ; kernel.py:38:5
	s_and_saveexec_b64 s[4:5], s[0:1]
	s_cbranch_execz .LBB0_86
; %bb.85:                               ; %.critedge14
	.loc	1 20 16                         ; kernel.py:20:16
	v_or_b32_e32 v1, 17, v18
	v_or_b32_e32 v3, 18, v18
	v_or_b32_e32 v5, 19, v18
	v_or_b32_e32 v7, 24, v18
	v_or_b32_e32 v19, 25, v18
	v_or_b32_e32 v21, 26, v18
	v_or_b32_e32 v23, 27, v18
	.loc	1 36 53                         ; kernel.py:36:53
	v_mul_lo_u32 v0, v0, s2
	v_mul_lo_u32 v2, v1, s2
	v_mul_lo_u32 v4, v3, s2
	v_mul_lo_u32 v6, v5, s2
	v_mul_lo_u32 v18, v7, s2
	v_mul_lo_u32 v20, v19, s2
	v_mul_lo_u32 v22, v21, s2
	v_mul_lo_u32 v24, v23, s2
	.loc	1 36 14 is_stmt 0               ; kernel.py:36:14
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[0:1], v[0:1], 2, v[16:17]
	v_ashrrev_i32_e32 v3, 31, v2
	v_ashrrev_i32_e32 v5, 31, v4
	v_ashrrev_i32_e32 v7, 31, v6
	v_ashrrev_i32_e32 v19, 31, v18
	v_ashrrev_i32_e32 v21, 31, v20
	v_ashrrev_i32_e32 v23, 31, v22
	v_ashrrev_i32_e32 v25, 31, v24
	v_lshl_add_u64 v[2:3], v[2:3], 2, v[16:17]
	v_lshl_add_u64 v[4:5], v[4:5], 2, v[16:17]
	v_lshl_add_u64 v[6:7], v[6:7], 2, v[16:17]
	v_lshl_add_u64 v[18:19], v[18:19], 2, v[16:17]
	v_lshl_add_u64 v[20:21], v[20:21], 2, v[16:17]
	v_lshl_add_u64 v[22:23], v[22:23], 2, v[16:17]
	v_lshl_add_u64 v[16:17], v[24:25], 2, v[16:17]
	.loc	1 38 5 is_stmt 1                ; kernel.py:38:5
	global_store_dword v[0:1], v8, off
	global_store_dword v[2:3], v9, off
	global_store_dword v[4:5], v10, off
	global_store_dword v[6:7], v11, off
	global_store_dword v[18:19], v12, off
	global_store_dword v[20:21], v13, off
	global_store_dword v[22:23], v14, off
	global_store_dword v[16:17], v15, off
.LBB0_86:                               ; %.critedge26
	.loc	1 6 1                           ; kernel.py:6:1
	s_endpgm
.Ltmp15:
.Lfunc_end0:
	.size	matmul_kernel, .Lfunc_end0-matmul_kernel
	.cfi_endproc
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel matmul_kernel
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 80
		.amdhsa_user_sgpr_count 16
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 14
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 96
		.amdhsa_next_free_sgpr 32
		.amdhsa_accum_offset 96
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
                                        ; -- End function
	.set .Lmatmul_kernel.num_vgpr, 96
	.set .Lmatmul_kernel.num_agpr, 0
	.set .Lmatmul_kernel.numbered_sgpr, 32
	.set .Lmatmul_kernel.num_named_barrier, 0
	.set .Lmatmul_kernel.private_seg_size, 0
	.set .Lmatmul_kernel.uses_vcc, 1
	.set .Lmatmul_kernel.uses_flat_scratch, 0
	.set .Lmatmul_kernel.has_dyn_sized_stack, 0
	.set .Lmatmul_kernel.has_recursion, 0
	.set .Lmatmul_kernel.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 4620
; TotalNumSgprs: 38
; NumVgprs: 96
; NumAgprs: 0
; TotalNumVgprs: 96
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 4
; VGPRBlocks: 11
; NumSGPRsForWavesPerEU: 38
; NumVGPRsForWavesPerEU: 96
; AccumOffset: 96
; Occupancy: 5
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 16
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 23
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.section	.debug_abbrev,"",@progbits
	.byte	1                               ; Abbreviation Code
	.byte	17                              ; DW_TAG_compile_unit
	.byte	1                               ; DW_CHILDREN_yes
	.byte	37                              ; DW_AT_producer
	.byte	14                              ; DW_FORM_strp
	.byte	19                              ; DW_AT_language
	.byte	5                               ; DW_FORM_data2
	.byte	3                               ; DW_AT_name
	.byte	14                              ; DW_FORM_strp
	.byte	16                              ; DW_AT_stmt_list
	.byte	23                              ; DW_FORM_sec_offset
	.byte	27                              ; DW_AT_comp_dir
	.byte	14                              ; DW_FORM_strp
	.ascii	"\341\177"                      ; DW_AT_APPLE_optimized
	.byte	25                              ; DW_FORM_flag_present
	.byte	17                              ; DW_AT_low_pc
	.byte	1                               ; DW_FORM_addr
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	2                               ; Abbreviation Code
	.byte	46                              ; DW_TAG_subprogram
	.byte	0                               ; DW_CHILDREN_no
	.byte	3                               ; DW_AT_name
	.byte	14                              ; DW_FORM_strp
	.byte	32                              ; DW_AT_inline
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	3                               ; Abbreviation Code
	.byte	46                              ; DW_TAG_subprogram
	.byte	1                               ; DW_CHILDREN_yes
	.byte	17                              ; DW_AT_low_pc
	.byte	1                               ; DW_FORM_addr
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	4                               ; Abbreviation Code
	.byte	29                              ; DW_TAG_inlined_subroutine
	.byte	0                               ; DW_CHILDREN_no
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	17                              ; DW_AT_low_pc
	.byte	1                               ; DW_FORM_addr
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	88                              ; DW_AT_call_file
	.byte	11                              ; DW_FORM_data1
	.byte	89                              ; DW_AT_call_line
	.byte	11                              ; DW_FORM_data1
	.byte	87                              ; DW_AT_call_column
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	5                               ; Abbreviation Code
	.byte	29                              ; DW_TAG_inlined_subroutine
	.byte	0                               ; DW_CHILDREN_no
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	85                              ; DW_AT_ranges
	.byte	23                              ; DW_FORM_sec_offset
	.byte	88                              ; DW_AT_call_file
	.byte	11                              ; DW_FORM_data1
	.byte	89                              ; DW_AT_call_line
	.byte	11                              ; DW_FORM_data1
	.byte	87                              ; DW_AT_call_column
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	0                               ; EOM(3)
	.section	.debug_info,"",@progbits
.Lcu_begin0:
	.long	.Ldebug_info_end0-.Ldebug_info_start0 ; Length of Unit
.Ldebug_info_start0:
	.short	4                               ; DWARF version number
	.long	.debug_abbrev                   ; Offset Into Abbrev. Section
	.byte	8                               ; Address Size (in bytes)
	.byte	1                               ; Abbrev [1] 0xb:0x64 DW_TAG_compile_unit
	.long	.Linfo_string0                  ; DW_AT_producer
	.short	2                               ; DW_AT_language
	.long	.Linfo_string1                  ; DW_AT_name
	.long	.Lline_table_start0             ; DW_AT_stmt_list
	.long	.Linfo_string2                  ; DW_AT_comp_dir
                                        ; DW_AT_APPLE_optimized
	.quad	.Lfunc_begin0                   ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
	.byte	2                               ; Abbrev [2] 0x2a:0x6 DW_TAG_subprogram
	.long	.Linfo_string3                  ; DW_AT_name
	.byte	1                               ; DW_AT_inline
	.byte	3                               ; Abbrev [3] 0x30:0x3e DW_TAG_subprogram
	.quad	.Lfunc_begin0                   ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
	.long	42                              ; DW_AT_abstract_origin
	.byte	4                               ; Abbrev [4] 0x41:0x14 DW_TAG_inlined_subroutine
	.long	42                              ; DW_AT_abstract_origin
	.quad	.Ltmp1                          ; DW_AT_low_pc
	.long	.Ltmp2-.Ltmp1                   ; DW_AT_high_pc
	.byte	1                               ; DW_AT_call_file
	.byte	11                              ; DW_AT_call_line
	.byte	17                              ; DW_AT_call_column
	.byte	5                               ; Abbrev [5] 0x55:0xc DW_TAG_inlined_subroutine
	.long	42                              ; DW_AT_abstract_origin
	.long	.Ldebug_ranges0                 ; DW_AT_ranges
	.byte	1                               ; DW_AT_call_file
	.byte	10                              ; DW_AT_call_line
	.byte	17                              ; DW_AT_call_column
	.byte	5                               ; Abbrev [5] 0x61:0xc DW_TAG_inlined_subroutine
	.long	42                              ; DW_AT_abstract_origin
	.long	.Ldebug_ranges1                 ; DW_AT_ranges
	.byte	1                               ; DW_AT_call_file
	.byte	26                              ; DW_AT_call_line
	.byte	23                              ; DW_AT_call_column
	.byte	0                               ; End Of Children Mark
	.byte	0                               ; End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_ranges,"",@progbits
.Ldebug_ranges0:
	.quad	.Ltmp3-.Lfunc_begin0
	.quad	.Ltmp4-.Lfunc_begin0
	.quad	.Ltmp5-.Lfunc_begin0
	.quad	.Ltmp6-.Lfunc_begin0
	.quad	.Ltmp7-.Lfunc_begin0
	.quad	.Ltmp8-.Lfunc_begin0
	.quad	.Ltmp9-.Lfunc_begin0
	.quad	.Ltmp10-.Lfunc_begin0
	.quad	0
	.quad	0
.Ldebug_ranges1:
	.quad	.Ltmp11-.Lfunc_begin0
	.quad	.Ltmp12-.Lfunc_begin0
	.quad	.Ltmp13-.Lfunc_begin0
	.quad	.Ltmp14-.Lfunc_begin0
	.quad	0
	.quad	0
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"triton"                        ; string offset=0 ; triton
.Linfo_string1:
	.asciz	"kernel.py"                     ; string offset=7 ; kernel.py
.Linfo_string2:
	.asciz	"./././././././././././././././././././././" ; string offset=17 ; ./././././././././././././././././././././
.Linfo_string3:
	.asciz	"matmul_kernel"                 ; string offset=60 ; matmul_kernel
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     by_value
      - .offset:         28
        .size:           4
        .value_kind:     by_value
      - .offset:         32
        .size:           4
        .value_kind:     by_value
      - .offset:         36
        .size:           4
        .value_kind:     by_value
      - .offset:         40
        .size:           4
        .value_kind:     by_value
      - .offset:         44
        .size:           4
        .value_kind:     by_value
      - .offset:         48
        .size:           4
        .value_kind:     by_value
      - .offset:         52
        .size:           4
        .value_kind:     by_value
      - .offset:         56
        .size:           4
        .value_kind:     by_value
      - .address_space:  global
        .offset:         64
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         72
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 80
    .max_flat_workgroup_size: 256
    .name:           matmul_kernel
    .private_segment_fixed_size: 0
    .sgpr_count:     38
    .sgpr_spill_count: 0
    .symbol:         matmul_kernel.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     96
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgpu9.50-amd-amdhsa-unknown-gfx950
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
	.section	.debug_line,"",@progbits
.Lline_table_start0:
