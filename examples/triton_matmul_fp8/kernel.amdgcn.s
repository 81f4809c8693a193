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
; %bb.159:
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
; %bb.160:
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
	s_xor_b32 s17, s16, s17
.Ltmp9:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernel.py:10:17 ]
	s_ashr_i32 s20, s20, 6
.Ltmp10:
	.loc	1 13 16                         ; kernel.py:13:16
	s_ashr_i32 s17, s17, 31
	v_readfirstlane_b32 s23, v1
	s_mul_i32 s22, s22, s23
	s_mul_hi_u32 s22, s23, s22
	s_add_i32 s23, s23, s22
	s_mul_hi_u32 s22, s21, s23
	s_mul_i32 s23, s22, s19
	s_sub_i32 s21, s21, s23
	s_add_i32 s23, s22, 1
	s_sub_i32 s24, s21, s19
	s_cmp_ge_u32 s21, s19
	s_cselect_b32 s22, s23, s22
	s_cselect_b32 s21, s24, s21
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
	.loc	1 28 13                         ; kernel.py:28:13
	v_readfirstlane_b32 s28, v0
	.loc	1 19 39                         ; kernel.py:19:39
	v_and_b32_e32 v80, 63, v0
	.loc	1 27 34                         ; kernel.py:27:34
	v_cmp_gt_i32_e32 vcc, s10, v80
	.loc	1 17 13                         ; kernel.py:17:13
	v_readfirstlane_b32 s23, v1
	s_mul_i32 s22, s22, s23
	s_mul_hi_u32 s22, s23, s22
	s_add_i32 s23, s23, s22
	s_mul_hi_u32 s22, s18, s23
	s_mul_i32 s23, s22, s21
	s_sub_i32 s18, s18, s23
	s_add_i32 s23, s22, 1
	s_sub_i32 s24, s18, s21
	s_cmp_ge_u32 s18, s21
	s_cselect_b32 s22, s23, s22
	s_cselect_b32 s18, s24, s18
	s_add_i32 s23, s22, 1
	s_cmp_ge_u32 s18, s21
	s_cselect_b32 s18, s23, s22
	.loc	1 19 15                         ; kernel.py:19:15
	s_abs_i32 s30, s8
	v_cvt_f32_u32_e32 v1, s30
	.loc	1 17 13                         ; kernel.py:17:13
	s_xor_b32 s18, s18, s17
	s_sub_i32 s17, s18, s17
	.loc	1 16 28                         ; kernel.py:16:28
	s_mul_i32 s18, s17, s20
	.loc	1 19 15                         ; kernel.py:19:15
	v_rcp_f32_e32 v1, v1
	.loc	1 16 28                         ; kernel.py:16:28
	s_sub_i32 s16, s16, s18
	.loc	1 16 13 is_stmt 0               ; kernel.py:16:13
	s_add_i32 s16, s16, s19
	.loc	1 19 16 is_stmt 1               ; kernel.py:19:16
	s_lshl_b32 s22, s16, 6
	.loc	1 19 15 is_stmt 0               ; kernel.py:19:15
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v1, v1
	.loc	1 19 39                         ; kernel.py:19:39
	s_lshr_b32 s24, s28, 6
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, 0, s30
	.loc	1 19 16                         ; kernel.py:19:16
	s_or_b32 s36, s22, s24
	.loc	1 19 15                         ; kernel.py:19:15
	v_readfirstlane_b32 s35, v1
	s_bfe_i32 s31, s16, 0x10019
	s_mul_i32 s21, s21, s35
	s_add_i32 s16, s36, s31
	s_mul_hi_u32 s21, s35, s21
	s_xor_b32 s16, s16, s31
	s_add_i32 s35, s35, s21
	s_mul_hi_u32 s21, s16, s35
	s_mul_i32 s21, s21, s30
	.loc	1 19 39                         ; kernel.py:19:39
	s_or_b32 s25, s24, 16
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s16, s16, s21
	.loc	1 19 16                         ; kernel.py:19:16
	s_or_b32 s18, s36, 4
	s_or_b32 s19, s36, 8
	s_or_b32 s20, s36, 12
	s_or_b32 s37, s22, s25
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s16, s30
	s_cmp_ge_u32 s16, s30
	s_cselect_b32 s16, s21, s16
	s_sub_i32 s21, s16, s30
	s_cmp_ge_u32 s16, s30
	s_cselect_b32 s16, s21, s16
	.loc	1 20 15 is_stmt 1               ; kernel.py:20:15
	s_abs_i32 s33, s9
	v_cvt_f32_u32_e32 v1, s33
	.loc	1 19 15                         ; kernel.py:19:15
	s_xor_b32 s16, s16, s31
	.loc	1 20 16                         ; kernel.py:20:16
	s_lshl_b32 s23, s17, 6
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s16, s31
	.loc	1 20 15                         ; kernel.py:20:15
	v_rcp_f32_e32 v1, v1
	.loc	1 20 16 is_stmt 0               ; kernel.py:20:16
	v_or_b32_e32 v2, s23, v80
	.loc	1 20 15                         ; kernel.py:20:15
	s_bfe_i32 s34, s17, 0x10019
	s_sub_i32 s16, 0, s33
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v3, v1
	v_add_u32_e32 v1, s34, v2
	v_xor_b32_e32 v1, s34, v1
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_abs_i32 s40, s18
	.loc	1 20 15                         ; kernel.py:20:15
	v_mul_lo_u32 v2, s16, v3
	v_mul_hi_u32 v2, v3, v2
	v_add_u32_e32 v2, v3, v2
	.loc	1 19 15                         ; kernel.py:19:15
	s_abs_i32 s26, s19
	s_abs_i32 s27, s20
	.loc	1 20 15                         ; kernel.py:20:15
	v_mad_u64_u32 v[2:3], s[16:17], v1, v2, 0
.Ltmp11:
	.loc	2 43 13                         ; standard.py:43:13 @[ kernel.py:26:23 ]
	s_add_i32 s29, s10, 63
.Ltmp12:
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s21, s21, s11
	.loc	1 22 54 is_stmt 0               ; kernel.py:22:54
	v_mul_lo_u32 v2, s12, v80
	.loc	1 26 5 is_stmt 1                ; kernel.py:26:5
	s_cmp_gt_i32 s29, 63
	.loc	1 22 23                         ; kernel.py:22:23
	v_add_u32_e32 v16, s21, v2
	.loc	1 26 5                          ; kernel.py:26:5
	s_cselect_b64 s[16:17], -1, 0
	.loc	1 19 15                         ; kernel.py:19:15
	s_mul_hi_u32 s42, s40, s35
	s_mul_hi_u32 s38, s26, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v17, 31, v16
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], vcc, s[16:17]
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_2
; %bb.1:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[6:7], s[2:3], 0, v[16:17]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v5, v[6:7], off
.LBB0_2:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s42, s42, s30
	s_sub_i32 s20, s40, s42
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s43, s36, 20
	s_abs_i32 s39, s37
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v18, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s41, s27, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v19, 31, v18
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_4
; %bb.3:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[6:7], s[2:3], 0, v[18:19]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v4, v[6:7], off
.LBB0_4:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s30
	s_sub_i32 s20, s26, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s40, s36, 24
	s_abs_i32 s37, s43
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v20, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s42, s39, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v21, 31, v20
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_6
; %bb.5:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[8:9], s[2:3], 0, v[20:21]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v7, v[8:9], off
.LBB0_6:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s41, s41, s30
	s_sub_i32 s20, s27, s41
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s26, s24, 32
	s_or_b32 s38, s36, 28
	s_abs_i32 s40, s40
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v22, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s43, s37, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v23, 31, v22
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_8
; %bb.7:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[8:9], s[2:3], 0, v[22:23]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v6, v[8:9], off
.LBB0_8:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s42, s42, s30
	s_sub_i32 s20, s39, s42
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s41, s22, s26
	s_abs_i32 s38, s38
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v24, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s27, s40, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v25, 31, v24
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_10
; %bb.9:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[10:11], s[2:3], 0, v[24:25]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v9, v[10:11], off
.LBB0_10:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s43, s43, s30
	s_sub_i32 s20, s37, s43
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s42, s36, 36
	s_abs_i32 s39, s41
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v26, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s41, s38, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v27, 31, v26
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_12
; %bb.11:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[10:11], s[2:3], 0, v[26:27]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v8, v[10:11], off
.LBB0_12:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s27, s27, s30
	s_sub_i32 s20, s40, s27
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s43, s36, 40
	s_abs_i32 s37, s42
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v28, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s42, s39, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v29, 31, v28
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_14
; %bb.13:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[12:13], s[2:3], 0, v[28:29]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v11, v[12:13], off
.LBB0_14:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s41, s41, s30
	s_sub_i32 s20, s38, s41
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s27, s24, 48
	s_or_b32 s45, s36, 44
	s_abs_i32 s40, s43
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v30, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s43, s37, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v31, 31, v30
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_16
; %bb.15:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[12:13], s[2:3], 0, v[30:31]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v10, v[12:13], off
.LBB0_16:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s42, s42, s30
	s_sub_i32 s20, s39, s42
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s44, s22, s27
	s_abs_i32 s38, s45
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v32, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s41, s40, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v33, 31, v32
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_18
; %bb.17:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[14:15], s[2:3], 0, v[32:33]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v13, v[14:15], off
.LBB0_18:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s43, s43, s30
	s_sub_i32 s20, s37, s43
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s45, s36, 52
	s_abs_i32 s39, s44
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v34, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s42, s38, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v35, 31, v34
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_20
; %bb.19:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[14:15], s[2:3], 0, v[34:35]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v12, v[14:15], off
.LBB0_20:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s41, s41, s30
	s_sub_i32 s20, s40, s41
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s44, s36, 56
	s_abs_i32 s37, s45
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v36, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s43, s39, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v37, 31, v36
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_22
; %bb.21:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[38:39], s[2:3], 0, v[36:37]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v15, v[38:39], off
.LBB0_22:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s42, s42, s30
	s_sub_i32 s20, s38, s42
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_or_b32 s41, s36, 60
	s_abs_i32 s36, s44
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v38, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s37, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v39, 31, v38
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_24
; %bb.23:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[40:41], s[2:3], 0, v[38:39]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v14, v[40:41], off
.LBB0_24:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s43, s43, s30
	s_sub_i32 s20, s39, s43
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_abs_i32 s38, s41
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v40, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s41, s36, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v41, 31, v40
	v_mov_b32_e32 v81, 0
	v_mov_b32_e32 v82, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_26
; %bb.25:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[42:43], s[2:3], 0, v[40:41]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v82, v[42:43], off
.LBB0_26:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s30
	s_sub_i32 s20, s37, s40
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v42, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s35, s38, s35
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v43, 31, v42
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_28
; %bb.27:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[44:45], s[2:3], 0, v[42:43]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v81, v[44:45], off
.LBB0_28:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s41, s41, s30
	s_sub_i32 s20, s36, s41
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v44, s20, v2
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v45, 31, v44
	v_mov_b32_e32 v83, 0
	v_mov_b32_e32 v84, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_30
; %bb.29:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[46:47], s[2:3], 0, v[44:45]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v84, v[46:47], off
.LBB0_30:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s35, s35, s30
	s_sub_i32 s20, s38, s35
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s30
	s_cmp_ge_u32 s20, s30
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s31
	s_sub_i32 s20, s20, s31
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v46, s20, v2
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v47, 31, v46
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_32
; %bb.31:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[48:49], s[2:3], 0, v[46:47]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v83, v[48:49], off
.LBB0_32:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 20 15 is_stmt 1               ; kernel.py:20:15
	v_mul_lo_u32 v2, v3, s33
	v_sub_u32_e32 v1, v1, v2
	v_subrev_u32_e32 v2, s33, v1
	v_cmp_le_u32_e32 vcc, s33, v1
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s24, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 20 15                         ; kernel.py:20:15
	v_cndmask_b32_e32 v1, v1, v2, vcc
	v_subrev_u32_e32 v2, s33, v1
	v_cmp_le_u32_e32 vcc, s33, v1
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 23 23                         ; kernel.py:23:23
	s_mul_i32 s11, s24, s13
	.loc	1 20 15                         ; kernel.py:20:15
	v_cndmask_b32_e32 v1, v1, v2, vcc
	v_xor_b32_e32 v1, s34, v1
	v_subrev_u32_e32 v1, s34, v1
	.loc	1 23 53                         ; kernel.py:23:53
	v_mul_lo_u32 v1, v1, s14
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_add_u32_e32 v48, s11, v1
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v49, 31, v48
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_34
; %bb.33:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[2:3], s[4:5], 0, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v1, v[2:3], off
	s_branch .LBB0_35
.LBB0_34:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v1, 0
.LBB0_35:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v50, s13, 2, v48
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v51, 31, v50
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_37
; %bb.36:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[2:3], s[4:5], 0, v[50:51]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v2, v[2:3], off
	s_branch .LBB0_38
.LBB0_37:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v2, 0
.LBB0_38:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v52, s13, 3, v48
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v53, 31, v52
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_40
; %bb.39:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[54:55], s[4:5], 0, v[52:53]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v3, v[54:55], off
	s_branch .LBB0_41
.LBB0_40:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v3, 0
.LBB0_41:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[54:55], s[20:21], s13, 12, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v55, 31, v54
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_43
; %bb.42:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[56:57], s[4:5], 0, v[54:55]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v85, v[56:57], off
	s_branch .LBB0_44
.LBB0_43:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v85, 0
.LBB0_44:
	.loc	1 28 34 is_stmt 1               ; kernel.py:28:34
	s_cmp_lt_i32 s25, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v56, s13, 4, v48
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v57, 31, v56
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_46
; %bb.45:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[58:59], s[4:5], 0, v[56:57]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v86, v[58:59], off
	s_branch .LBB0_47
.LBB0_46:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v86, 0
.LBB0_47:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[58:59], s[20:21], s13, 20, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v59, 31, v58
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_49
; %bb.48:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[60:61], s[4:5], 0, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v87, v[60:61], off
	s_branch .LBB0_50
.LBB0_49:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v87, 0
.LBB0_50:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[60:61], s[20:21], s13, 24, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v61, 31, v60
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_52
; %bb.51:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[62:63], s[4:5], 0, v[60:61]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v88, v[62:63], off
	s_branch .LBB0_53
.LBB0_52:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v88, 0
.LBB0_53:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[62:63], s[20:21], s13, 28, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v63, 31, v62
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_55
; %bb.54:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], s[4:5], 0, v[62:63]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v89, v[64:65], off
	s_branch .LBB0_56
.LBB0_55:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v89, 0
.LBB0_56:
	.loc	1 28 34 is_stmt 1               ; kernel.py:28:34
	s_cmp_lt_i32 s26, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v64, s13, 5, v48
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v65, 31, v64
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_58
; %bb.57:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[66:67], s[4:5], 0, v[64:65]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v94, v[66:67], off
	s_branch .LBB0_59
.LBB0_58:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v94, 0
.LBB0_59:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[66:67], s[20:21], s13, 36, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v67, 31, v66
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_61
; %bb.60:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[68:69], s[4:5], 0, v[66:67]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v95, v[68:69], off
	s_branch .LBB0_62
.LBB0_61:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v95, 0
.LBB0_62:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[68:69], s[20:21], s13, 40, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v69, 31, v68
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_64
; %bb.63:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[70:71], s[4:5], 0, v[68:69]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v96, v[70:71], off
	s_branch .LBB0_65
.LBB0_64:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v96, 0
.LBB0_65:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[70:71], s[20:21], s13, 44, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v71, 31, v70
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_67
; %bb.66:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[72:73], s[4:5], 0, v[70:71]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v97, v[72:73], off
	s_branch .LBB0_68
.LBB0_67:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v97, 0
.LBB0_68:
	.loc	1 23 23 is_stmt 1               ; kernel.py:23:23
	v_mad_u64_u32 v[72:73], s[18:19], s13, 48, v[48:49]
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s27, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v73, 31, v72
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_70
; %bb.69:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[74:75], s[4:5], 0, v[72:73]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v98, v[74:75], off
	s_branch .LBB0_71
.LBB0_70:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v98, 0
.LBB0_71:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[74:75], s[20:21], s13, 52, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v75, 31, v74
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_73
; %bb.72:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[76:77], s[4:5], 0, v[74:75]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v99, v[76:77], off
	s_branch .LBB0_74
.LBB0_73:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v99, 0
.LBB0_74:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[20:21], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[76:77], s[20:21], s13, 56, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v77, 31, v76
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_76
; %bb.75:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[78:79], s[4:5], 0, v[76:77]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v100, v[78:79], off
	s_branch .LBB0_77
.LBB0_76:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v100, 0
.LBB0_77:
	s_and_b32 s14, s28, 0xc0
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[78:79], s[20:21], s13, 60, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v79, 31, v78
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_79
; %bb.78:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[90:91], s[4:5], 0, v[78:79]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v101, v[90:91], off
	s_branch .LBB0_80
.LBB0_79:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v101, 0
.LBB0_80:
	.loc	1 19 39 is_stmt 1               ; kernel.py:19:39
	v_or_b32_e32 v90, s14, v80
	.loc	1 27 13                         ; kernel.py:27:13
	v_add_u32_e32 v102, 0, v90
	v_bitop3_b32 v91, s14, 16, v80 bitop3:0x36
	s_waitcnt vmcnt(0)
	ds_write_b8 v102, v5
	ds_write_b8 v102, v9 offset:1024
	ds_write_b8 v102, v13 offset:2048
	ds_write_b8 v102, v82 offset:3072
	v_add_u32_e32 v5, 0, v91
	v_bitop3_b32 v92, s14, 32, v80 bitop3:0x36
	ds_write_b8 v5, v4 offset:256
	ds_write_b8 v5, v8 offset:1280
	ds_write_b8 v5, v12 offset:2304
	ds_write_b8 v5, v81 offset:3328
	v_add_u32_e32 v4, 0, v92
	v_bitop3_b32 v93, s14, 48, v80 bitop3:0x36
	.loc	1 19 39                         ; kernel.py:19:39
	s_lshr_b32 s11, s28, 1
	.loc	1 27 13                         ; kernel.py:27:13
	ds_write_b8 v4, v7 offset:512
	ds_write_b8 v4, v11 offset:1536
	ds_write_b8 v4, v15 offset:2560
	ds_write_b8 v4, v84 offset:3584
	v_add_u32_e32 v7, 0, v93
	s_mov_b32 s31, 0
	ds_write_b8 v7, v6 offset:768
	ds_write_b8 v7, v10 offset:1792
	ds_write_b8 v7, v14 offset:2816
	ds_write_b8 v7, v83 offset:3840
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b8 v102, v1 offset:8192
	ds_write_b8 v102, v86 offset:9216
	ds_write_b8 v102, v94 offset:10240
	ds_write_b8 v102, v98 offset:11264
	ds_write_b8 v5, v2 offset:8448
	ds_write_b8 v5, v87 offset:9472
	ds_write_b8 v5, v95 offset:10496
	ds_write_b8 v5, v99 offset:11520
	ds_write_b8 v4, v3 offset:8704
	ds_write_b8 v4, v88 offset:9728
	ds_write_b8 v4, v96 offset:10752
	ds_write_b8 v4, v100 offset:11776
	ds_write_b8 v7, v85 offset:8960
	ds_write_b8 v7, v89 offset:9984
	ds_write_b8 v7, v97 offset:11008
	ds_write_b8 v7, v101 offset:12032
	.loc	1 26 5                          ; kernel.py:26:5
	s_cmpk_gt_i32 s29, 0x7f
	v_lshlrev_b32_e32 v1, 5, v0
	v_lshlrev_b32_e32 v2, 3, v0
	v_and_b32_e32 v84, 8, v0
	v_and_b32_e32 v83, 16, v0
	s_cbranch_scc1 .LBB0_82
; %bb.81:                               ; %.._crit_edge_crit_edge
	.loc	1 28 13                         ; kernel.py:28:13
	v_and_b32_e32 v85, 0x4c0, v1
	v_and_b32_e32 v86, 8, v2
	s_mov_b64 s[18:19], 0
	s_branch .LBB0_83
.LBB0_82:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_mov_b64 s[18:19], -1
                                        ; implicit-def: $vgpr85
                                        ; implicit-def: $vgpr86
.LBB0_83:                               ; %Flow221
	s_and_b32 s14, s28, 0x80
	s_and_b32 s20, s11, 32
	s_and_b64 s[18:19], s[18:19], exec
	v_and_b32_e32 v81, 31, v0
	v_and_b32_e32 v82, 32, v0
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	v_lshlrev_b32_e32 v87, 6, v81
	v_lshlrev_b32_e32 v88, 2, v0
	v_lshrrev_b32_e32 v89, 1, v82
	s_cbranch_scc1 .LBB0_151
; %bb.84:                               ; %.lr.ph
.Ltmp13:
	.loc	2 43 12 is_stmt 1               ; standard.py:43:12 @[ kernel.py:26:23 ]
	s_ashr_i32 s11, s29, 31
	s_lshr_b32 s11, s11, 26
	s_add_i32 s29, s29, s11
	s_ashr_i32 s11, s29, 6
.Ltmp14:
	.loc	1 31 19                         ; kernel.py:31:19
	s_lshl_b32 s13, s13, 6
	.loc	1 30 19                         ; kernel.py:30:19
	s_lshl_b32 s12, s12, 6
	v_bfe_i32 v0, v0, 3, 1
	s_ashr_i32 s18, s12, 31
	s_ashr_i32 s19, s13, 31
	v_and_b32_e32 v85, 0x4c0, v1
	v_and_b32_e32 v0, 0x110, v0
	.loc	1 26 5                          ; kernel.py:26:5
	s_max_i32 s11, s11, 2
	v_and_b32_e32 v86, 8, v2
	v_bitop3_b32 v0, v0, v83, v85 bitop3:0x36
	s_add_u32 s4, s4, s13
	v_or_b32_e32 v0, v86, v0
	s_addc_u32 s5, s5, s19
	v_lshl_or_b32 v3, s14, 4, v87
	v_bitop3_b32 v4, v88, v89, 48 bitop3:0x6c
	v_or_b32_e32 v96, s20, v0
	v_bitop3_b32 v97, v0, 32, s20 bitop3:0x36
	s_add_u32 s2, s2, s12
	v_mov_b32_e32 v0, 0
	v_or_b32_e32 v94, v3, v4
	v_bitop3_b32 v95, v3, 32, v4 bitop3:0x36
	s_addc_u32 s3, s3, s18
	s_add_i32 s28, s11, -1
	s_movk_i32 s21, 0x2000
	s_sub_i32 s29, s10, 64
	s_mov_b32 s30, 0
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
	s_branch .LBB0_87
.LBB0_85:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 26 5                          ; kernel.py:26:5
	v_lshl_add_u64 v[138:139], s[4:5], 0, v[78:79]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v136, v[138:139], off
.LBB0_86:                               ;   in Loop: Header=BB0_87 Depth=1
	v_add_u32_e32 v138, s21, v96
	v_add_u32_e32 v139, s21, v97
	ds_read_b64_tr_b8 v[140:141], v138
	ds_read_b64_tr_b8 v[144:145], v138 offset:2048
	ds_read_b64_tr_b8 v[142:143], v139 offset:512
	ds_read_b64_tr_b8 v[146:147], v139 offset:2560
	.loc	1 26 5                          ; kernel.py:26:5
	s_add_i32 s10, s30, 1
	s_cmp_lt_i32 s10, 2
	s_cselect_b32 s30, s10, 0
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x64_f8f6f4 v[0:15], v[140:147], v[98:105], v[0:15]
	.loc	1 27 13                         ; kernel.py:27:13
	s_lshl_b32 s31, s30, 12
	.loc	1 28 13                         ; kernel.py:28:13
	s_add_i32 s21, s31, 0x2000
	.loc	1 26 5                          ; kernel.py:26:5
	s_add_u32 s4, s4, s13
	s_addc_u32 s5, s5, s19
	s_add_u32 s2, s2, s12
	s_addc_u32 s3, s3, s18
	s_add_i32 s28, s28, -1
	s_sub_i32 s29, s29, 64
	.loc	1 27 13                         ; kernel.py:27:13
	v_add_u32_e32 v138, s31, v90
	v_add_u32_e32 v98, s31, v91
	v_add_u32_e32 v99, s31, v92
	v_add_u32_e32 v100, s31, v93
	.loc	1 26 5                          ; kernel.py:26:5
	s_cmp_lg_u32 s28, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_barrier
	s_waitcnt vmcnt(0)
	ds_write_b8 v138, v106
	ds_write_b8 v138, v110 offset:1024
	ds_write_b8 v138, v114 offset:2048
	ds_write_b8 v138, v118 offset:3072
	ds_write_b8 v98, v108 offset:256
	ds_write_b8 v98, v112 offset:1280
	ds_write_b8 v98, v116 offset:2304
	ds_write_b8 v98, v120 offset:3328
	ds_write_b8 v99, v107 offset:512
	ds_write_b8 v99, v111 offset:1536
	ds_write_b8 v99, v115 offset:2560
	ds_write_b8 v99, v119 offset:3584
	ds_write_b8 v100, v109 offset:768
	ds_write_b8 v100, v113 offset:1792
	ds_write_b8 v100, v117 offset:2816
	ds_write_b8 v100, v121 offset:3840
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b8 v138, v122 offset:8192
	ds_write_b8 v138, v126 offset:9216
	ds_write_b8 v138, v130 offset:10240
	ds_write_b8 v138, v134 offset:11264
	ds_write_b8 v98, v123 offset:8448
	ds_write_b8 v98, v127 offset:9472
	ds_write_b8 v98, v131 offset:10496
	ds_write_b8 v98, v135 offset:11520
	ds_write_b8 v99, v124 offset:8704
	ds_write_b8 v99, v128 offset:9728
	ds_write_b8 v99, v132 offset:10752
	ds_write_b8 v99, v137 offset:11776
	ds_write_b8 v100, v125 offset:8960
	ds_write_b8 v100, v129 offset:9984
	ds_write_b8 v100, v133 offset:11008
	ds_write_b8 v100, v136 offset:12032
	.loc	1 26 5                          ; kernel.py:26:5
	s_cbranch_scc0 .LBB0_152
.LBB0_87:                               ; =>This Inner Loop Header: Depth=1
	.loc	1 27 34                         ; kernel.py:27:34
	v_cmp_gt_i32_e32 vcc, s29, v80
	v_mov_b32_e32 v106, 0
	.loc	1 27 13 is_stmt 0               ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_89
; %bb.88:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[16:17]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v106, v[98:99], off
.LBB0_89:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v107, 0
	v_mov_b32_e32 v108, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_91
; %bb.90:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[18:19]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v108, v[98:99], off
.LBB0_91:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_93
; %bb.92:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[20:21]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v107, v[98:99], off
.LBB0_93:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v110, 0
	v_mov_b32_e32 v109, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_95
; %bb.94:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[22:23]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v109, v[98:99], off
.LBB0_95:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_97
; %bb.96:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[24:25]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v110, v[98:99], off
.LBB0_97:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v111, 0
	v_mov_b32_e32 v112, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_99
; %bb.98:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[26:27]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v112, v[98:99], off
.LBB0_99:                               ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_101
; %bb.100:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[28:29]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v111, v[98:99], off
.LBB0_101:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v114, 0
	v_mov_b32_e32 v113, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_103
; %bb.102:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[30:31]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v113, v[98:99], off
.LBB0_103:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_105
; %bb.104:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[32:33]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v114, v[98:99], off
.LBB0_105:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v115, 0
	v_mov_b32_e32 v116, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_107
; %bb.106:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[34:35]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v116, v[98:99], off
.LBB0_107:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_109
; %bb.108:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[36:37]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v115, v[98:99], off
.LBB0_109:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v118, 0
	v_mov_b32_e32 v117, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_111
; %bb.110:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[38:39]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v117, v[98:99], off
.LBB0_111:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_113
; %bb.112:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[40:41]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v118, v[98:99], off
.LBB0_113:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v119, 0
	v_mov_b32_e32 v120, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execnz .LBB0_133
; %bb.114:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execnz .LBB0_134
.LBB0_115:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v121, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_117
.LBB0_116:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[46:47]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v121, v[98:99], off
.LBB0_117:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	v_add_u32_e32 v98, s31, v94
	v_add_u32_e32 v102, s31, v95
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b128 v[98:101], v98
	.loc	1 28 34 is_stmt 1               ; kernel.py:28:34
	ds_read_b128 v[102:105], v102
	s_cmp_lt_i32 s24, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s24, s29
	.loc	1 28 13 is_stmt 0               ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_135
; %bb.118:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[122:123], s[4:5], 0, v[48:49]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v122, v[122:123], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_136
.LBB0_119:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v123, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_137
.LBB0_120:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v124, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_138
.LBB0_121:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v125, 0
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s25, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s25, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc0 .LBB0_139
.LBB0_122:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v126, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_140
.LBB0_123:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v127, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_141
.LBB0_124:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v128, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_142
.LBB0_125:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v129, 0
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s26, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s26, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc0 .LBB0_143
.LBB0_126:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v130, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_144
.LBB0_127:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v131, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_145
.LBB0_128:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v132, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_146
.LBB0_129:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v133, 0
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s27, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s27, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc0 .LBB0_147
.LBB0_130:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v134, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_148
.LBB0_131:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v135, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_149
.LBB0_132:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v137, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_85
	s_branch .LBB0_150
.LBB0_133:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[42:43]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v120, v[98:99], off
	s_or_b64 exec, exec, s[10:11]
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_115
.LBB0_134:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 30 9                          ; kernel.py:30:9
	v_lshl_add_u64 v[98:99], s[2:3], 0, v[44:45]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v119, v[98:99], off
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v121, 0
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execnz .LBB0_116
	s_branch .LBB0_117
.LBB0_135:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v122, 0
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_119
.LBB0_136:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[124:125], s[4:5], 0, v[50:51]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v123, v[124:125], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_120
.LBB0_137:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[124:125], s[4:5], 0, v[52:53]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v124, v[124:125], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc1 .LBB0_121
.LBB0_138:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[126:127], s[4:5], 0, v[54:55]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v125, v[126:127], off
	.loc	1 28 34 is_stmt 0               ; kernel.py:28:34
	s_cmp_lt_i32 s25, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s25, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_122
.LBB0_139:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[126:127], s[4:5], 0, v[56:57]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v126, v[126:127], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_123
.LBB0_140:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[128:129], s[4:5], 0, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v127, v[128:129], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_124
.LBB0_141:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[128:129], s[4:5], 0, v[60:61]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v128, v[128:129], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc1 .LBB0_125
.LBB0_142:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[130:131], s[4:5], 0, v[62:63]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v129, v[130:131], off
	.loc	1 28 34 is_stmt 0               ; kernel.py:28:34
	s_cmp_lt_i32 s26, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s26, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_126
.LBB0_143:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[130:131], s[4:5], 0, v[64:65]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v130, v[130:131], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_127
.LBB0_144:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[132:133], s[4:5], 0, v[66:67]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v131, v[132:133], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_128
.LBB0_145:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[132:133], s[4:5], 0, v[68:69]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v132, v[132:133], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc1 .LBB0_129
.LBB0_146:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[134:135], s[4:5], 0, v[70:71]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v133, v[134:135], off
	.loc	1 28 34 is_stmt 0               ; kernel.py:28:34
	s_cmp_lt_i32 s27, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s27, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_130
.LBB0_147:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[134:135], s[4:5], 0, v[72:73]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v134, v[134:135], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_131
.LBB0_148:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[136:137], s[4:5], 0, v[74:75]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v135, v[136:137], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_132
.LBB0_149:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[136:137], s[4:5], 0, v[76:77]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v137, v[136:137], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_85
.LBB0_150:                              ;   in Loop: Header=BB0_87 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v136, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_branch .LBB0_86
.LBB0_151:
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v15, 0
	s_movk_i32 s21, 0x2000
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
.LBB0_152:                              ; %Flow222
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	v_mov_b32_e32 v16, 0x110
	v_cmp_eq_u32_e32 vcc, 0, v84
	.loc	1 27 13                         ; kernel.py:27:13
	s_waitcnt lgkmcnt(0)
	s_barrier
	.loc	1 28 13                         ; kernel.py:28:13
	v_cndmask_b32_e64 v16, v16, 0, vcc
	v_bitop3_b32 v16, v16, v83, v85 bitop3:0x36
	v_or3_b32 v16, v86, v16, s20
	v_add_u32_e32 v18, s21, v16
	v_xad_u32 v22, v16, 32, s21
	ds_read_b64_tr_b8 v[16:17], v18
	ds_read_b64_tr_b8 v[20:21], v18 offset:2048
	ds_read_b64_tr_b8 v[18:19], v22 offset:512
	ds_read_b64_tr_b8 v[22:23], v22 offset:2560
	s_load_dword s2, s[0:1], 0x38
	.loc	1 29 23                         ; kernel.py:29:23
	s_and_b64 s[0:1], s[16:17], exec
	s_cselect_b32 s0, 1, 0
	s_cmp_lg_u32 s0, 1
	s_cbranch_scc1 .LBB0_154
; %bb.153:
	.loc	1 27 13                         ; kernel.py:27:13
	s_lshl_b32 s0, s14, 4
	v_bitop3_b32 v24, v88, v89, 48 bitop3:0x6c
	v_or3_b32 v24, s0, v87, v24
	v_xad_u32 v25, v24, 32, s31
	v_add_u32_e32 v24, s31, v24
	ds_read_b128 v[28:31], v25
	ds_read_b128 v[24:27], v24
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x64_f8f6f4 v[0:15], v[16:23], v[24:31], v[0:15]
.LBB0_154:                              ; %._crit_edge._crit_edge
	.loc	1 19 39                         ; kernel.py:19:39
	s_lshr_b32 s0, s14, 2
	s_waitcnt lgkmcnt(0)
	v_lshrrev_b32_e32 v16, 2, v82
	s_or_b32 s22, s22, s0
	v_or_b32_e32 v19, s20, v16
	.loc	1 19 16 is_stmt 0               ; kernel.py:19:16
	v_or_b32_e32 v20, s22, v81
	.loc	1 32 9 is_stmt 1                ; kernel.py:32:9
	s_nop 13
	v_cvt_pk_f16_f32 v18, v0, v1
	v_cvt_pk_f16_f32 v6, v6, v7
	.loc	1 20 16                         ; kernel.py:20:16
	v_or_b32_e32 v7, s23, v19
	.loc	1 36 22                         ; kernel.py:36:22
	v_mul_lo_u32 v0, v20, s15
	.loc	1 32 9                          ; kernel.py:32:9
	v_cvt_pk_f16_f32 v17, v2, v3
	v_cvt_pk_f16_f32 v16, v4, v5
	v_cvt_pk_f16_f32 v5, v8, v9
	v_cvt_pk_f16_f32 v4, v10, v11
	v_cvt_pk_f16_f32 v3, v12, v13
	v_cvt_pk_f16_f32 v2, v14, v15
	.loc	1 36 14                         ; kernel.py:36:14
	v_ashrrev_i32_e32 v1, 31, v0
	.loc	1 37 15                         ; kernel.py:37:15
	v_cmp_gt_i32_e32 vcc, s8, v20
	.loc	1 37 40 is_stmt 0               ; kernel.py:37:40
	v_cmp_gt_i32_e64 s[0:1], s9, v7
	.loc	1 32 9 is_stmt 1                ; kernel.py:32:9
	v_permlane32_swap_b32_e32 v18, v16
	v_permlane32_swap_b32_e32 v17, v6
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[0:1], v[0:1], 1, s[6:7]
	.loc	1 32 9                          ; kernel.py:32:9
	v_permlane32_swap_b32_e32 v5, v3
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[4:5], vcc, s[0:1]
	.loc	1 32 9                          ; kernel.py:32:9
	v_permlane32_swap_b32_e32 v4, v2
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[0:1], s[4:5]
	s_cbranch_execz .LBB0_156
; %bb.155:                              ; %.critedge
	.loc	1 20 16                         ; kernel.py:20:16
	v_or_b32_e32 v19, 1, v7
	v_or_b32_e32 v22, 2, v7
	v_or_b32_e32 v20, 3, v7
	v_or_b32_e32 v14, 4, v7
	v_or_b32_e32 v12, 5, v7
	v_or_b32_e32 v10, 6, v7
	v_or_b32_e32 v8, 7, v7
	.loc	1 36 53                         ; kernel.py:36:53
	v_mul_lo_u32 v26, v7, s2
	v_mul_lo_u32 v8, v8, s2
	v_mul_lo_u32 v10, v10, s2
	v_mul_lo_u32 v12, v12, s2
	v_mul_lo_u32 v14, v14, s2
	v_mul_lo_u32 v20, v20, s2
	v_mul_lo_u32 v22, v22, s2
	v_mul_lo_u32 v24, v19, s2
	.loc	1 36 14 is_stmt 0               ; kernel.py:36:14
	v_ashrrev_i32_e32 v27, 31, v26
	v_ashrrev_i32_e32 v9, 31, v8
	v_ashrrev_i32_e32 v11, 31, v10
	v_ashrrev_i32_e32 v13, 31, v12
	v_ashrrev_i32_e32 v15, 31, v14
	v_ashrrev_i32_e32 v21, 31, v20
	v_ashrrev_i32_e32 v23, 31, v22
	v_ashrrev_i32_e32 v25, 31, v24
	v_lshl_add_u64 v[26:27], v[26:27], 1, v[0:1]
	v_lshl_add_u64 v[8:9], v[8:9], 1, v[0:1]
	v_lshl_add_u64 v[10:11], v[10:11], 1, v[0:1]
	v_lshl_add_u64 v[12:13], v[12:13], 1, v[0:1]
	v_lshl_add_u64 v[14:15], v[14:15], 1, v[0:1]
	v_lshl_add_u64 v[20:21], v[20:21], 1, v[0:1]
	v_lshl_add_u64 v[22:23], v[22:23], 1, v[0:1]
	v_lshl_add_u64 v[24:25], v[24:25], 1, v[0:1]
	.loc	1 38 5 is_stmt 1                ; kernel.py:38:5
	global_store_short v[26:27], v18, off
	global_store_short_d16_hi v[24:25], v18, off
	global_store_short v[22:23], v17, off
	global_store_short_d16_hi v[20:21], v17, off
	global_store_short v[14:15], v16, off
	global_store_short_d16_hi v[12:13], v16, off
	global_store_short v[10:11], v6, off
	global_store_short_d16_hi v[8:9], v6, off
.LBB0_156:                              ; %.critedge12
	.loc	1 0 5 is_stmt 0                 ; kernel.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 20 16 is_stmt 1               ; kernel.py:20:16
	v_or_b32_e32 v6, 16, v7
	.loc	1 37 40                         ; kernel.py:37:40
	v_cmp_gt_i32_e64 s[0:1], s9, v6
	.loc	1 37 14 is_stmt 0               ; kernel.py:37:14
	s_and_b64 s[0:1], vcc, s[0:1]
	.loc	1 38 5 is_stmt 1                ; kernel.py:38:5
	s_and_saveexec_b64 s[4:5], s[0:1]
	s_cbranch_execz .LBB0_158
; %bb.157:                              ; %.critedge14
	.loc	1 20 16                         ; kernel.py:20:16
	v_or_b32_e32 v8, 17, v7
	v_or_b32_e32 v9, 18, v7
	v_or_b32_e32 v11, 19, v7
	v_or_b32_e32 v13, 20, v7
	v_or_b32_e32 v15, 21, v7
	v_or_b32_e32 v17, 22, v7
	v_or_b32_e32 v7, 23, v7
	.loc	1 36 53                         ; kernel.py:36:53
	v_mul_lo_u32 v6, v6, s2
	v_mul_lo_u32 v8, v8, s2
	v_mul_lo_u32 v10, v9, s2
	v_mul_lo_u32 v12, v11, s2
	v_mul_lo_u32 v14, v13, s2
	v_mul_lo_u32 v16, v15, s2
	v_mul_lo_u32 v18, v17, s2
	v_mul_lo_u32 v20, v7, s2
	.loc	1 36 14 is_stmt 0               ; kernel.py:36:14
	v_ashrrev_i32_e32 v7, 31, v6
	v_lshl_add_u64 v[6:7], v[6:7], 1, v[0:1]
	v_ashrrev_i32_e32 v9, 31, v8
	v_ashrrev_i32_e32 v11, 31, v10
	v_ashrrev_i32_e32 v13, 31, v12
	v_ashrrev_i32_e32 v15, 31, v14
	v_ashrrev_i32_e32 v17, 31, v16
	v_ashrrev_i32_e32 v19, 31, v18
	v_ashrrev_i32_e32 v21, 31, v20
	v_lshl_add_u64 v[8:9], v[8:9], 1, v[0:1]
	v_lshl_add_u64 v[10:11], v[10:11], 1, v[0:1]
	v_lshl_add_u64 v[12:13], v[12:13], 1, v[0:1]
	v_lshl_add_u64 v[14:15], v[14:15], 1, v[0:1]
	v_lshl_add_u64 v[16:17], v[16:17], 1, v[0:1]
	v_lshl_add_u64 v[18:19], v[18:19], 1, v[0:1]
	v_lshl_add_u64 v[0:1], v[20:21], 1, v[0:1]
	.loc	1 38 5 is_stmt 1                ; kernel.py:38:5
	global_store_short v[6:7], v5, off
	global_store_short_d16_hi v[8:9], v5, off
	global_store_short v[10:11], v4, off
	global_store_short_d16_hi v[12:13], v4, off
	global_store_short v[14:15], v3, off
	global_store_short_d16_hi v[16:17], v3, off
	global_store_short v[18:19], v2, off
	global_store_short_d16_hi v[0:1], v2, off
.LBB0_158:                              ; %.critedge26
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
		.amdhsa_next_free_vgpr 148
		.amdhsa_next_free_sgpr 46
		.amdhsa_accum_offset 148
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
	.set .Lmatmul_kernel.num_vgpr, 148
	.set .Lmatmul_kernel.num_agpr, 0
	.set .Lmatmul_kernel.numbered_sgpr, 46
	.set .Lmatmul_kernel.num_named_barrier, 0
	.set .Lmatmul_kernel.private_seg_size, 0
	.set .Lmatmul_kernel.uses_vcc, 1
	.set .Lmatmul_kernel.uses_flat_scratch, 0
	.set .Lmatmul_kernel.has_dyn_sized_stack, 0
	.set .Lmatmul_kernel.has_recursion, 0
	.set .Lmatmul_kernel.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 6564
; TotalNumSgprs: 52
; NumVgprs: 148
; NumAgprs: 0
; TotalNumVgprs: 148
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 6
; VGPRBlocks: 18
; NumSGPRsForWavesPerEU: 52
; NumVGPRsForWavesPerEU: 148
; AccumOffset: 148
; Occupancy: 3
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 16
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 36
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
    .sgpr_count:     52
    .sgpr_spill_count: 0
    .symbol:         matmul_kernel.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     148
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
