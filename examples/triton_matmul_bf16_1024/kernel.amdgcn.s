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
; %bb.316:
	.file	1 "./././././././././././././././././././././././././" "kernel.py"
	.loc	1 6 0 prologue_end              ; kernel.py:6:0
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_load_dwordx8 s[4:11], s[0:1], 0x8
	s_load_dwordx4 s[12:15], s[0:1], 0x28
	s_waitcnt lgkmcnt(0)
	s_branch .LBB0_0
	.loc	1 0 0 is_stmt 0                 ; :0:0
.Ltmp0:
	.p2align	8
; %bb.317:
.LBB0_0:
	.cfi_escape 0x0f, 0x04, 0x30, 0x36, 0xe9, 0x02 ; CFA is 0 in private_wave aspace
	.cfi_undefined 16
.Ltmp1:
	.file	2 "./././././././././././././././././././././././././././././triton/language" "standard.py"
	.loc	2 43 13 is_stmt 1               ; standard.py:43:13 @[ kernel.py:11:17 ]
	s_add_i32 s17, s9, 0x7f
	.loc	2 43 12 is_stmt 0               ; standard.py:43:12 @[ kernel.py:11:17 ]
	s_ashr_i32 s18, s17, 31
	s_lshr_b32 s18, s18, 25
	s_add_i32 s17, s17, s18
	s_ashr_i32 s17, s17, 7
.Ltmp2:
	.loc	1 12 24 is_stmt 1               ; kernel.py:12:24
	s_lshl_b32 s18, s17, 3
	.loc	1 13 16                         ; kernel.py:13:16
	s_abs_i32 s19, s18
	v_cvt_f32_u32_e32 v1, s19
.Ltmp3:
	.loc	2 43 13                         ; standard.py:43:13 @[ kernel.py:10:17 ]
	s_add_i32 s20, s8, 0x7f
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
	s_lshr_b32 s21, s21, 25
	s_add_i32 s20, s20, s21
.Ltmp8:
	.loc	1 13 16                         ; kernel.py:13:16
	s_abs_i32 s21, s16
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v1, v1
	s_xor_b32 s17, s16, s17
.Ltmp9:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernel.py:10:17 ]
	s_ashr_i32 s20, s20, 7
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
	s_lshl_b32 s19, s17, 3
	.loc	1 15 24                         ; kernel.py:15:24
	s_sub_i32 s20, s20, s19
	.loc	1 15 20 is_stmt 0               ; kernel.py:15:20
	s_min_i32 s20, s20, 8
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
	v_and_b32_e32 v192, 63, v0
	.loc	1 27 34                         ; kernel.py:27:34
	v_cmp_gt_i32_e32 vcc, s10, v192
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
	s_abs_i32 s25, s8
	v_cvt_f32_u32_e32 v1, s25
	.loc	1 17 13                         ; kernel.py:17:13
	s_xor_b32 s18, s18, s17
	s_sub_i32 s30, s18, s17
	.loc	1 16 28                         ; kernel.py:16:28
	s_mul_i32 s17, s30, s20
	.loc	1 19 15                         ; kernel.py:19:15
	v_rcp_f32_e32 v2, v1
	.loc	1 16 28                         ; kernel.py:16:28
	s_sub_i32 s16, s16, s17
	.loc	1 16 13 is_stmt 0               ; kernel.py:16:13
	s_add_i32 s16, s16, s19
	.loc	1 19 16 is_stmt 1               ; kernel.py:19:16
	s_lshl_b32 s22, s16, 7
	.loc	1 19 15 is_stmt 0               ; kernel.py:19:15
	v_mul_f32_e32 v2, 0x4f7ffffe, v2
	v_cvt_u32_f32_e32 v2, v2
	.loc	1 19 39                         ; kernel.py:19:39
	s_lshr_b32 s17, s28, 6
	.loc	1 19 16                         ; kernel.py:19:16
	s_or_b32 s33, s22, s17
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s17, 0, s25
	v_readfirstlane_b32 s31, v2
	s_bfe_i32 s26, s16, 0x10018
	s_mul_i32 s17, s17, s31
	s_add_i32 s33, s33, s26
	s_mul_hi_u32 s17, s31, s17
	s_xor_b32 s16, s33, s26
	s_add_i32 s31, s31, s17
	s_mul_hi_u32 s17, s16, s31
	s_mul_i32 s17, s17, s25
	s_sub_i32 s16, s16, s17
	.loc	1 19 39                         ; kernel.py:19:39
	s_and_b32 s23, s28, 64
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s17, s16, s25
	s_cmp_ge_u32 s16, s25
	s_cselect_b32 s16, s17, s16
	s_sub_i32 s17, s16, s25
	s_cmp_ge_u32 s16, s25
	s_cselect_b32 s16, s17, s16
	.loc	1 20 15 is_stmt 1               ; kernel.py:20:15
	s_abs_i32 s29, s9
	v_cvt_f32_u32_e32 v2, s29
	.loc	1 19 15                         ; kernel.py:19:15
	s_xor_b32 s16, s16, s26
	s_sub_i32 s18, s16, s26
	s_add_i32 s16, s33, 4
	.loc	1 20 15                         ; kernel.py:20:15
	v_rcp_f32_e32 v2, v2
	.loc	1 19 39                         ; kernel.py:19:39
	v_or_b32_e32 v1, s23, v192
	.loc	1 19 15 is_stmt 0               ; kernel.py:19:15
	s_xor_b32 s35, s16, s26
	s_add_i32 s16, s33, 8
	.loc	1 20 15 is_stmt 1               ; kernel.py:20:15
	v_mul_f32_e32 v2, 0x4f7ffffe, v2
	v_cvt_u32_f32_e32 v2, v2
	.loc	1 20 16 is_stmt 0               ; kernel.py:20:16
	s_lshl_b32 s24, s30, 7
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_xor_b32 s37, s16, s26
	s_add_i32 s16, s33, 12
	.loc	1 20 16                         ; kernel.py:20:16
	v_or_b32_e32 v3, s24, v1
	.loc	1 19 15                         ; kernel.py:19:15
	s_xor_b32 s34, s16, s26
	.loc	1 20 15                         ; kernel.py:20:15
	v_sub_u32_e32 v4, 0, v3
	s_sub_i32 s16, 0, s29
	v_max_i32_e32 v64, v4, v3
	v_mul_lo_u32 v3, s16, v2
	v_mul_hi_u32 v3, v2, v3
	v_add_u32_e32 v2, v2, v3
	.loc	1 19 15                         ; kernel.py:19:15
	s_add_i32 s36, s33, 16
	.loc	1 20 15                         ; kernel.py:20:15
	v_mad_u64_u32 v[58:59], s[16:17], v64, v2, 0
.Ltmp11:
	.loc	2 43 13                         ; standard.py:43:13 @[ kernel.py:26:23 ]
	s_add_i32 s27, s10, 63
.Ltmp12:
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s18, s18, s11
	.loc	1 22 54 is_stmt 0               ; kernel.py:22:54
	v_mul_lo_u32 v58, s12, v192
	.loc	1 26 5 is_stmt 1                ; kernel.py:26:5
	s_cmp_gt_i32 s27, 63
	.loc	1 22 23                         ; kernel.py:22:23
	v_add_u32_e32 v2, s18, v58
	.loc	1 26 5                          ; kernel.py:26:5
	s_cselect_b64 s[16:17], -1, 0
	.loc	1 19 15                         ; kernel.py:19:15
	s_mul_hi_u32 s40, s35, s31
	s_mul_hi_u32 s38, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v3, 31, v2
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], vcc, s[16:17]
	v_mov_b32_e32 v126, 0
	v_mov_b32_e32 v127, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_2
; %bb.1:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[4:5], v[2:3], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v127, v[4:5], off
.LBB0_2:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s25
	s_sub_i32 s20, s35, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 20
	s_xor_b32 s36, s36, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v4, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v5, 31, v4
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_4
; %bb.3:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[6:7], v[4:5], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v126, v[6:7], off
.LBB0_4:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s25
	s_sub_i32 s20, s37, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 24
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v6, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v7, 31, v6
	v_mov_b32_e32 v132, 0
	v_mov_b32_e32 v133, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_6
; %bb.5:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[8:9], v[6:7], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v133, v[8:9], off
.LBB0_6:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s25
	s_sub_i32 s20, s34, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 28
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v8, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v9, 31, v8
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_8
; %bb.7:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[10:11], v[8:9], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v132, v[10:11], off
.LBB0_8:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s25
	s_sub_i32 s20, s36, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 32
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v10, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v11, 31, v10
	v_mov_b32_e32 v134, 0
	v_mov_b32_e32 v135, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_10
; %bb.9:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[12:13], v[10:11], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v135, v[12:13], off
.LBB0_10:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s25
	s_sub_i32 s20, s35, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 36
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v12, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v13, 31, v12
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_12
; %bb.11:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[14:15], v[12:13], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v134, v[14:15], off
.LBB0_12:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s25
	s_sub_i32 s20, s37, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 40
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v14, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v15, 31, v14
	v_mov_b32_e32 v136, 0
	v_mov_b32_e32 v137, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_14
; %bb.13:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[16:17], v[14:15], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v137, v[16:17], off
.LBB0_14:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s25
	s_sub_i32 s20, s34, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 44
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v16, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v17, 31, v16
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_16
; %bb.15:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[18:19], v[16:17], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v136, v[18:19], off
.LBB0_16:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s25
	s_sub_i32 s20, s36, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 48
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v18, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v19, 31, v18
	v_mov_b32_e32 v138, 0
	v_mov_b32_e32 v139, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_18
; %bb.17:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[20:21], v[18:19], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v139, v[20:21], off
.LBB0_18:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s25
	s_sub_i32 s20, s35, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 52
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v20, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v21, 31, v20
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_20
; %bb.19:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[22:23], v[20:21], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v138, v[22:23], off
.LBB0_20:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s25
	s_sub_i32 s20, s37, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 56
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v22, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v23, 31, v22
	v_mov_b32_e32 v140, 0
	v_mov_b32_e32 v141, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_22
; %bb.21:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[24:25], v[22:23], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v141, v[24:25], off
.LBB0_22:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s25
	s_sub_i32 s20, s34, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 60
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v24, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v25, 31, v24
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_24
; %bb.23:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[26:27], v[24:25], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v140, v[26:27], off
.LBB0_24:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s25
	s_sub_i32 s20, s36, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 64
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v26, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v27, 31, v26
	v_mov_b32_e32 v142, 0
	v_mov_b32_e32 v143, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_26
; %bb.25:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[28:29], v[26:27], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v143, v[28:29], off
.LBB0_26:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s25
	s_sub_i32 s20, s35, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x44
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v28, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v29, 31, v28
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_28
; %bb.27:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[30:31], v[28:29], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v142, v[30:31], off
.LBB0_28:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s25
	s_sub_i32 s20, s37, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x48
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v30, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v31, 31, v30
	v_mov_b32_e32 v144, 0
	v_mov_b32_e32 v145, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_30
; %bb.29:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[32:33], v[30:31], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v145, v[32:33], off
.LBB0_30:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s25
	s_sub_i32 s20, s34, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x4c
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v32, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v33, 31, v32
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_32
; %bb.31:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[34:35], v[32:33], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v144, v[34:35], off
.LBB0_32:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s25
	s_sub_i32 s20, s36, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x50
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v34, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v35, 31, v34
	v_mov_b32_e32 v146, 0
	v_mov_b32_e32 v147, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_34
; %bb.33:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[36:37], v[34:35], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v147, v[36:37], off
.LBB0_34:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s25
	s_sub_i32 s20, s35, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x54
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v36, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v37, 31, v36
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_36
; %bb.35:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[38:39], v[36:37], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v146, v[38:39], off
.LBB0_36:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s25
	s_sub_i32 s20, s37, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x58
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v38, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v39, 31, v38
	v_mov_b32_e32 v148, 0
	v_mov_b32_e32 v149, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_38
; %bb.37:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[40:41], v[38:39], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v149, v[40:41], off
.LBB0_38:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s25
	s_sub_i32 s20, s34, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x5c
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v40, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v41, 31, v40
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_40
; %bb.39:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[42:43], v[40:41], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v148, v[42:43], off
.LBB0_40:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s25
	s_sub_i32 s20, s36, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x60
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v42, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v43, 31, v42
	v_mov_b32_e32 v150, 0
	v_mov_b32_e32 v151, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_42
; %bb.41:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[44:45], v[42:43], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v151, v[44:45], off
.LBB0_42:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s25
	s_sub_i32 s20, s35, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x64
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v44, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v45, 31, v44
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_44
; %bb.43:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[46:47], v[44:45], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v150, v[46:47], off
.LBB0_44:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s25
	s_sub_i32 s20, s37, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x68
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v46, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v47, 31, v46
	v_mov_b32_e32 v152, 0
	v_mov_b32_e32 v153, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_46
; %bb.45:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[48:49], v[46:47], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v153, v[48:49], off
.LBB0_46:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s25
	s_sub_i32 s20, s34, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x6c
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v48, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v49, 31, v48
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_48
; %bb.47:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[50:51], v[48:49], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v152, v[50:51], off
.LBB0_48:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s25
	s_sub_i32 s20, s36, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x70
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v50, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v51, 31, v50
	v_mov_b32_e32 v154, 0
	v_mov_b32_e32 v155, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_50
; %bb.49:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[52:53], v[50:51], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v155, v[52:53], off
.LBB0_50:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s25
	s_sub_i32 s20, s35, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x74
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v52, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v53, 31, v52
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_52
; %bb.51:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[54:55], v[52:53], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v154, v[54:55], off
.LBB0_52:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s25
	s_sub_i32 s20, s37, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x78
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v54, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v55, 31, v54
	v_mov_b32_e32 v156, 0
	v_mov_b32_e32 v157, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_54
; %bb.53:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[56:57], v[54:55], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v157, v[56:57], off
.LBB0_54:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s25
	s_sub_i32 s20, s34, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s38, s33, 0x7c
	s_xor_b32 s33, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v56, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s37, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v57, 31, v56
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_56
; %bb.55:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[60:61], v[56:57], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v156, v[60:61], off
.LBB0_56:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s25
	s_sub_i32 s20, s36, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_xor_b32 s34, s38, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v60, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s33, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v61, 31, v60
	v_mov_b32_e32 v158, 0
	v_mov_b32_e32 v159, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_58
; %bb.57:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[62:63], v[60:61], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v159, v[62:63], off
.LBB0_58:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s37, s37, s25
	s_sub_i32 s20, s35, s37
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v62, s20, v58
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s31, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v63, 31, v62
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_60
; %bb.59:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[66:67], v[62:63], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v158, v[66:67], off
.LBB0_60:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s25
	s_sub_i32 s20, s33, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_bfe_i32 s30, s30, 0x10018
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v130, s20, v58
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v131, 31, v130
	v_mov_b32_e32 v160, 0
	v_mov_b32_e32 v161, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_62
; %bb.61:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[66:67], v[130:131], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v161, v[66:67], off
.LBB0_62:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s31, s31, s25
	s_sub_i32 s20, s34, s31
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s25
	s_cmp_ge_u32 s20, s25
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v128, s20, v58
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v129, 31, v128
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_64
; %bb.63:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[66:67], v[128:129], 1, s[2:3]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v160, v[66:67], off
.LBB0_64:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 20 15 is_stmt 1               ; kernel.py:20:15
	v_mul_lo_u32 v58, v59, s29
	v_sub_u32_e32 v58, v64, v58
	v_subrev_u32_e32 v59, s29, v58
	v_cmp_le_u32_e32 vcc, s29, v58
	.loc	1 23 23                         ; kernel.py:23:23
	s_bfe_u32 s20, s28, 0x10007
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s20, s10
	.loc	1 20 15                         ; kernel.py:20:15
	v_cndmask_b32_e32 v58, v58, v59, vcc
	v_subrev_u32_e32 v59, s29, v58
	v_cmp_le_u32_e32 vcc, s29, v58
	.loc	1 28 34                         ; kernel.py:28:34
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 20 15                         ; kernel.py:20:15
	v_cndmask_b32_e32 v58, v58, v59, vcc
	v_xor_b32_e32 v58, s30, v58
	v_subrev_u32_e32 v58, s30, v58
	.loc	1 23 23                         ; kernel.py:23:23
	s_mul_i32 s11, s20, s13
	.loc	1 23 53 is_stmt 0               ; kernel.py:23:53
	v_mul_lo_u32 v58, v58, s14
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_add_u32_e32 v58, s11, v58
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v59, 31, v58
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_66
; %bb.65:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[58:59], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v162, v[64:65], off
	s_branch .LBB0_67
.LBB0_66:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v162, 0
.LBB0_67:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v124, s13, 1, v58
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v125, 31, v124
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_69
; %bb.68:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[124:125], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v163, v[64:65], off
	s_branch .LBB0_70
.LBB0_69:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v163, 0
.LBB0_70:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v122, s13, 2, v58
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v123, 31, v122
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_72
; %bb.71:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[122:123], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v164, v[64:65], off
	s_branch .LBB0_73
.LBB0_72:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v164, 0
.LBB0_73:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[120:121], s[30:31], s13, 6, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v121, 31, v120
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_75
; %bb.74:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[120:121], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v165, v[64:65], off
	s_branch .LBB0_76
.LBB0_75:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v165, 0
.LBB0_76:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v118, s13, 3, v58
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v119, 31, v118
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_78
; %bb.77:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[118:119], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v166, v[64:65], off
	s_branch .LBB0_79
.LBB0_78:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v166, 0
.LBB0_79:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[116:117], s[30:31], s13, 10, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v117, 31, v116
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_81
; %bb.80:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[116:117], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v167, v[64:65], off
	s_branch .LBB0_82
.LBB0_81:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v167, 0
.LBB0_82:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[114:115], s[30:31], s13, 12, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v115, 31, v114
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_84
; %bb.83:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[114:115], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v168, v[64:65], off
	s_branch .LBB0_85
.LBB0_84:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v168, 0
.LBB0_85:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[112:113], s[30:31], s13, 14, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v113, 31, v112
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_87
; %bb.86:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[112:113], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v169, v[64:65], off
	s_branch .LBB0_88
.LBB0_87:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v169, 0
.LBB0_88:
	.loc	1 23 23 is_stmt 1               ; kernel.py:23:23
	s_or_b32 s21, s20, 16
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s21, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v110, s13, 4, v58
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v111, 31, v110
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_90
; %bb.89:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[110:111], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v170, v[64:65], off
	s_branch .LBB0_91
.LBB0_90:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v170, 0
.LBB0_91:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[108:109], s[30:31], s13, 18, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v109, 31, v108
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_93
; %bb.92:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[108:109], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v171, v[64:65], off
	s_branch .LBB0_94
.LBB0_93:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v171, 0
.LBB0_94:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[106:107], s[30:31], s13, 20, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v107, 31, v106
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_96
; %bb.95:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[106:107], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v172, v[64:65], off
	s_branch .LBB0_97
.LBB0_96:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v172, 0
.LBB0_97:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[104:105], s[30:31], s13, 22, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v105, 31, v104
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_99
; %bb.98:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[104:105], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v173, v[64:65], off
	s_branch .LBB0_100
.LBB0_99:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v173, 0
.LBB0_100:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[102:103], s[30:31], s13, 24, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v103, 31, v102
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_102
; %bb.101:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[102:103], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v174, v[64:65], off
	s_branch .LBB0_103
.LBB0_102:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v174, 0
.LBB0_103:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[100:101], s[30:31], s13, 26, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v101, 31, v100
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_105
; %bb.104:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[100:101], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v175, v[64:65], off
	s_branch .LBB0_106
.LBB0_105:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v175, 0
.LBB0_106:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[98:99], s[30:31], s13, 28, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v99, 31, v98
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_108
; %bb.107:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[98:99], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v176, v[64:65], off
	s_branch .LBB0_109
.LBB0_108:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v176, 0
.LBB0_109:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[96:97], s[30:31], s13, 30, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v97, 31, v96
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_111
; %bb.110:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[96:97], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v177, v[64:65], off
	s_branch .LBB0_112
.LBB0_111:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v177, 0
.LBB0_112:
	.loc	1 23 23 is_stmt 1               ; kernel.py:23:23
	s_or_b32 s25, s20, 32
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s25, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v94, s13, 5, v58
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v95, 31, v94
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_114
; %bb.113:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[94:95], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v178, v[64:65], off
	s_branch .LBB0_115
.LBB0_114:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v178, 0
.LBB0_115:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[92:93], s[30:31], s13, 34, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v93, 31, v92
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_117
; %bb.116:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[92:93], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v179, v[64:65], off
	s_branch .LBB0_118
.LBB0_117:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v179, 0
.LBB0_118:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[90:91], s[30:31], s13, 36, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v91, 31, v90
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_120
; %bb.119:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[90:91], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v180, v[64:65], off
	s_branch .LBB0_121
.LBB0_120:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v180, 0
.LBB0_121:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[88:89], s[30:31], s13, 38, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v89, 31, v88
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_123
; %bb.122:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[88:89], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v181, v[64:65], off
	s_branch .LBB0_124
.LBB0_123:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v181, 0
.LBB0_124:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[86:87], s[30:31], s13, 40, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v87, 31, v86
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_126
; %bb.125:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[86:87], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v182, v[64:65], off
	s_branch .LBB0_127
.LBB0_126:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v182, 0
.LBB0_127:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[84:85], s[30:31], s13, 42, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v85, 31, v84
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_129
; %bb.128:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[84:85], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v183, v[64:65], off
	s_branch .LBB0_130
.LBB0_129:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v183, 0
.LBB0_130:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[82:83], s[30:31], s13, 44, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v83, 31, v82
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_132
; %bb.131:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[82:83], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v184, v[64:65], off
	s_branch .LBB0_133
.LBB0_132:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v184, 0
.LBB0_133:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[80:81], s[30:31], s13, 46, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v81, 31, v80
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_135
; %bb.134:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[80:81], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v185, v[64:65], off
	s_branch .LBB0_136
.LBB0_135:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v185, 0
.LBB0_136:
	.loc	1 23 23 is_stmt 1               ; kernel.py:23:23
	s_or_b32 s26, s20, 48
	v_mad_u64_u32 v[78:79], s[18:19], s13, 48, v[58:59]
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s26, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v79, 31, v78
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_138
; %bb.137:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[78:79], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v186, v[64:65], off
	s_branch .LBB0_139
.LBB0_138:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v186, 0
.LBB0_139:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[76:77], s[30:31], s13, 50, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v77, 31, v76
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_141
; %bb.140:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[76:77], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v187, v[64:65], off
	s_branch .LBB0_142
.LBB0_141:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v187, 0
.LBB0_142:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[74:75], s[30:31], s13, 52, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v75, 31, v74
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_144
; %bb.143:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[74:75], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v188, v[64:65], off
	s_branch .LBB0_145
.LBB0_144:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v188, 0
.LBB0_145:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[72:73], s[30:31], s13, 54, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v73, 31, v72
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_147
; %bb.146:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[72:73], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v189, v[64:65], off
	s_branch .LBB0_148
.LBB0_147:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v189, 0
.LBB0_148:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[70:71], s[30:31], s13, 56, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v71, 31, v70
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_150
; %bb.149:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[70:71], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v190, v[64:65], off
	s_branch .LBB0_151
.LBB0_150:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v190, 0
.LBB0_151:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[68:69], s[30:31], s13, 58, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v69, 31, v68
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_153
; %bb.152:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[68:69], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v191, v[64:65], off
	s_branch .LBB0_154
.LBB0_153:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v191, 0
.LBB0_154:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[66:67], s[30:31], s13, 60, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v67, 31, v66
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_156
; %bb.155:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[64:65], v[66:67], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v193, v[64:65], off
	s_branch .LBB0_157
.LBB0_156:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v193, 0
.LBB0_157:
	s_and_b32 s14, s28, 0x80
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[64:65], s[28:29], s13, 62, v[58:59]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v65, 31, v64
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_159
; %bb.158:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[194:195], v[64:65], 1, s[4:5]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort v194, v[194:195], off
	s_branch .LBB0_160
.LBB0_159:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v194, 0
.LBB0_160:
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_cmp_eq_u32 s14, 0
	v_lshlrev_b32_e32 v1, 1, v1
	s_cselect_b32 s11, 0, 0x110
	v_xor_b32_e32 v201, s11, v1
	v_add_u32_e32 v1, 0, v201
	v_xor_b32_e32 v202, 32, v201
	s_waitcnt vmcnt(0)
	ds_write_b16 v1, v127
	ds_write_b16 v1, v135 offset:2048
	ds_write_b16 v1, v139 offset:4096
	ds_write_b16 v1, v143 offset:6144
	ds_write_b16 v1, v147 offset:8192
	ds_write_b16 v1, v151 offset:10240
	ds_write_b16 v1, v155 offset:12288
	ds_write_b16 v1, v159 offset:14336
	v_add_u32_e32 v127, 0, v202
	v_xor_b32_e32 v203, 64, v201
	ds_write_b16 v127, v126 offset:512
	ds_write_b16 v127, v134 offset:2560
	ds_write_b16 v127, v138 offset:4608
	ds_write_b16 v127, v142 offset:6656
	ds_write_b16 v127, v146 offset:8704
	ds_write_b16 v127, v150 offset:10752
	ds_write_b16 v127, v154 offset:12800
	ds_write_b16 v127, v158 offset:14848
	v_add_u32_e32 v126, 0, v203
	v_xor_b32_e32 v204, 0x60, v201
	ds_write_b16 v126, v133 offset:1024
	ds_write_b16 v126, v137 offset:3072
	ds_write_b16 v126, v141 offset:5120
	ds_write_b16 v126, v145 offset:7168
	ds_write_b16 v126, v149 offset:9216
	ds_write_b16 v126, v153 offset:11264
	ds_write_b16 v126, v157 offset:13312
	ds_write_b16 v126, v161 offset:15360
	v_add_u32_e32 v133, 0, v204
	v_xor_b32_e32 v205, 0x80, v201
	ds_write_b16 v133, v132 offset:1536
	ds_write_b16 v133, v136 offset:3584
	ds_write_b16 v133, v140 offset:5632
	ds_write_b16 v133, v144 offset:7680
	ds_write_b16 v133, v148 offset:9728
	ds_write_b16 v133, v152 offset:11776
	ds_write_b16 v133, v156 offset:13824
	ds_write_b16 v133, v160 offset:15872
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b16 v1, v162 offset:32768
	ds_write_b16 v1, v170 offset:36864
	ds_write_b16 v1, v178 offset:40960
	ds_write_b16 v1, v186 offset:45056
	ds_write_b16 v127, v163 offset:33280
	ds_write_b16 v127, v171 offset:37376
	ds_write_b16 v127, v179 offset:41472
	ds_write_b16 v127, v187 offset:45568
	ds_write_b16 v126, v164 offset:33792
	ds_write_b16 v126, v172 offset:37888
	ds_write_b16 v126, v180 offset:41984
	ds_write_b16 v126, v188 offset:46080
	ds_write_b16 v133, v165 offset:34304
	ds_write_b16 v133, v173 offset:38400
	ds_write_b16 v133, v181 offset:42496
	ds_write_b16 v133, v189 offset:46592
	v_add_u32_e32 v1, 0, v205
	v_xor_b32_e32 v206, 0xa0, v201
	ds_write_b16 v1, v166 offset:34816
	ds_write_b16 v1, v174 offset:38912
	ds_write_b16 v1, v182 offset:43008
	ds_write_b16 v1, v190 offset:47104
	v_add_u32_e32 v1, 0, v206
	v_xor_b32_e32 v207, 0xc0, v201
	ds_write_b16 v1, v167 offset:35328
	ds_write_b16 v1, v175 offset:39424
	ds_write_b16 v1, v183 offset:43520
	ds_write_b16 v1, v191 offset:47616
	v_add_u32_e32 v1, 0, v207
	v_xor_b32_e32 v208, 0xe0, v201
	ds_write_b16 v1, v168 offset:35840
	ds_write_b16 v1, v176 offset:39936
	ds_write_b16 v1, v184 offset:44032
	ds_write_b16 v1, v193 offset:48128
	v_add_u32_e32 v1, 0, v208
	s_mov_b32 s31, 0
	ds_write_b16 v1, v169 offset:36352
	ds_write_b16 v1, v177 offset:40448
	ds_write_b16 v1, v185 offset:44544
	ds_write_b16 v1, v194 offset:48640
	.loc	1 26 5                          ; kernel.py:26:5
	s_cmpk_gt_i32 s27, 0x7f
	v_and_b32_e32 v1, 44, v0
	v_lshlrev_b32_e32 v197, 3, v0
	v_lshlrev_b32_e32 v126, 1, v0
	s_cbranch_scc1 .LBB0_162
; %bb.161:                              ; %.._crit_edge_crit_edge
	.loc	1 28 13                         ; kernel.py:28:13
	v_and_b32_e32 v127, 24, v197
	v_lshlrev_b32_e32 v198, 2, v1
	v_and_b32_e32 v199, 32, v126
	v_lshl_or_b32 v200, v1, 6, v127
	s_mov_b64 s[18:19], 0
	s_branch .LBB0_163
.LBB0_162:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_mov_b64 s[18:19], -1
                                        ; implicit-def: $vgpr198
                                        ; implicit-def: $vgpr199
                                        ; implicit-def: $vgpr200
.LBB0_163:                              ; %Flow221
	s_and_b64 s[18:19], s[18:19], exec
	v_and_b32_e32 v193, 31, v0
	v_and_b32_e32 v196, 32, v0
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	v_lshlrev_b32_e32 v132, 7, v193
	v_lshrrev_b32_e32 v133, 1, v196
	s_cbranch_scc1 .LBB0_295
; %bb.164:                              ; %.lr.ph
.Ltmp13:
	.loc	2 43 12 is_stmt 1               ; standard.py:43:12 @[ kernel.py:26:23 ]
	s_ashr_i32 s11, s27, 31
	s_lshr_b32 s11, s11, 26
	v_and_b32_e32 v0, 0x70, v197
	s_add_i32 s27, s27, s11
.Ltmp14:
	.loc	1 31 19                         ; kernel.py:31:19
	s_lshl_b32 s18, s13, 6
	.loc	1 30 19                         ; kernel.py:30:19
	s_lshl_b32 s28, s12, 6
	s_lshl_b32 s12, s14, 5
	v_or_b32_e32 v127, v132, v0
.Ltmp15:
	.loc	2 43 12                         ; standard.py:43:12 @[ kernel.py:26:23 ]
	s_ashr_i32 s11, s27, 6
	s_ashr_i32 s19, s18, 31
	v_bitop3_b32 v0, v132, v133, v0 bitop3:0x36
	v_bitop3_b32 v209, s12, v127, v133 bitop3:0xf6
	v_mov_b32_e32 v127, 0x60
	s_ashr_i32 s29, s28, 31
	v_bitop3_b32 v210, s12, 32, v0 bitop3:0x36
	v_bitop3_b32 v211, s12, 64, v0 bitop3:0x36
	v_bitop3_b32 v212, s12, v127, v0 bitop3:0x36
	v_and_b32_e32 v0, 24, v197
	v_lshlrev_b32_e32 v198, 2, v1
.Ltmp16:
	.loc	1 26 5                          ; kernel.py:26:5
	s_max_i32 s11, s11, 2
	s_lshl_b64 s[12:13], s[18:19], 1
	v_lshl_or_b32 v200, v1, 6, v0
	v_bitop3_b32 v0, v198, v126, 32 bitop3:0x78
	s_add_u32 s4, s4, s12
	v_xor_b32_e32 v1, v0, v200
	v_bitop3_b32 v213, s23, v0, v200 bitop3:0xf6
	v_mov_b32_e32 v0, 0x80
	s_addc_u32 s5, s5, s13
	s_lshl_b64 s[18:19], s[28:29], 1
	v_bitop3_b32 v214, s23, v0, v1 bitop3:0x36
	v_mov_b32_e32 v0, 0xc0
	s_add_u32 s2, s2, s18
	v_lshlrev_b64 v[160:161], 1, v[32:33]
	v_mov_b32_e32 v32, 0
	v_accvgpr_write_b32 a57, v132
	v_accvgpr_write_b32 a90, v133
	v_and_b32_e32 v199, 32, v126
	v_bitop3_b32 v215, s23, 64, v1 bitop3:0x36
	v_bitop3_b32 v216, s23, v0, v1 bitop3:0x36
	v_lshlrev_b64 v[64:65], 1, v[64:65]
	v_lshlrev_b64 v[66:67], 1, v[66:67]
	v_lshlrev_b64 v[68:69], 1, v[68:69]
	v_lshlrev_b64 v[70:71], 1, v[70:71]
	v_lshlrev_b64 v[72:73], 1, v[72:73]
	v_lshlrev_b64 v[74:75], 1, v[74:75]
	v_lshlrev_b64 v[76:77], 1, v[76:77]
	v_lshlrev_b64 v[78:79], 1, v[78:79]
	v_lshlrev_b64 v[80:81], 1, v[80:81]
	v_lshlrev_b64 v[82:83], 1, v[82:83]
	v_lshlrev_b64 v[84:85], 1, v[84:85]
	v_lshlrev_b64 v[86:87], 1, v[86:87]
	v_lshlrev_b64 v[88:89], 1, v[88:89]
	v_lshlrev_b64 v[90:91], 1, v[90:91]
	v_lshlrev_b64 v[92:93], 1, v[92:93]
	v_lshlrev_b64 v[94:95], 1, v[94:95]
	v_lshlrev_b64 v[96:97], 1, v[96:97]
	v_lshlrev_b64 v[98:99], 1, v[98:99]
	v_lshlrev_b64 v[100:101], 1, v[100:101]
	v_lshlrev_b64 v[102:103], 1, v[102:103]
	v_lshlrev_b64 v[104:105], 1, v[104:105]
	v_lshlrev_b64 v[106:107], 1, v[106:107]
	v_lshlrev_b64 v[108:109], 1, v[108:109]
	v_lshlrev_b64 v[110:111], 1, v[110:111]
	v_lshlrev_b64 v[112:113], 1, v[112:113]
	v_lshlrev_b64 v[114:115], 1, v[114:115]
	v_lshlrev_b64 v[116:117], 1, v[116:117]
	v_lshlrev_b64 v[118:119], 1, v[118:119]
	v_lshlrev_b64 v[120:121], 1, v[120:121]
	v_lshlrev_b64 v[122:123], 1, v[122:123]
	v_lshlrev_b64 v[124:125], 1, v[124:125]
	v_lshlrev_b64 v[126:127], 1, v[58:59]
	v_lshlrev_b64 v[128:129], 1, v[128:129]
	s_addc_u32 s3, s3, s19
	v_lshlrev_b64 v[130:131], 1, v[130:131]
	v_lshlrev_b64 v[132:133], 1, v[62:63]
	v_lshlrev_b64 v[134:135], 1, v[60:61]
	v_lshlrev_b64 v[136:137], 1, v[56:57]
	v_lshlrev_b64 v[138:139], 1, v[54:55]
	v_lshlrev_b64 v[140:141], 1, v[52:53]
	v_lshlrev_b64 v[142:143], 1, v[50:51]
	v_lshlrev_b64 v[144:145], 1, v[48:49]
	v_lshlrev_b64 v[146:147], 1, v[46:47]
	v_lshlrev_b64 v[148:149], 1, v[44:45]
	v_lshlrev_b64 v[150:151], 1, v[42:43]
	v_lshlrev_b64 v[152:153], 1, v[40:41]
	v_lshlrev_b64 v[154:155], 1, v[38:39]
	v_lshlrev_b64 v[156:157], 1, v[36:37]
	v_lshlrev_b64 v[158:159], 1, v[34:35]
	v_lshlrev_b64 v[162:163], 1, v[30:31]
	v_lshlrev_b64 v[164:165], 1, v[28:29]
	v_lshlrev_b64 v[166:167], 1, v[26:27]
	v_lshlrev_b64 v[168:169], 1, v[24:25]
	v_lshlrev_b64 v[170:171], 1, v[22:23]
	v_lshlrev_b64 v[172:173], 1, v[20:21]
	v_lshlrev_b64 v[174:175], 1, v[18:19]
	v_lshlrev_b64 v[176:177], 1, v[16:17]
	v_lshlrev_b64 v[178:179], 1, v[14:15]
	v_lshlrev_b64 v[180:181], 1, v[12:13]
	v_lshlrev_b64 v[182:183], 1, v[10:11]
	v_lshlrev_b64 v[184:185], 1, v[8:9]
	v_lshlrev_b64 v[186:187], 1, v[6:7]
	v_lshlrev_b64 v[188:189], 1, v[4:5]
	v_lshlrev_b64 v[190:191], 1, v[2:3]
	s_add_i32 s28, s11, -1
	s_mov_b32 s27, 0x8000
	s_sub_i32 s29, s10, 64
	s_mov_b32 s30, 0
	v_mov_b32_e32 v33, v32
	v_mov_b32_e32 v34, v32
	v_mov_b32_e32 v35, v32
	v_mov_b32_e32 v36, v32
	v_mov_b32_e32 v37, v32
	v_mov_b32_e32 v38, v32
	v_mov_b32_e32 v39, v32
	v_mov_b32_e32 v40, v32
	v_mov_b32_e32 v41, v32
	v_mov_b32_e32 v42, v32
	v_mov_b32_e32 v43, v32
	v_mov_b32_e32 v44, v32
	v_mov_b32_e32 v45, v32
	v_mov_b32_e32 v46, v32
	v_mov_b32_e32 v47, v32
	v_mov_b32_e32 v48, v32
	v_mov_b32_e32 v49, v32
	v_mov_b32_e32 v50, v32
	v_mov_b32_e32 v51, v32
	v_mov_b32_e32 v52, v32
	v_mov_b32_e32 v53, v32
	v_mov_b32_e32 v54, v32
	v_mov_b32_e32 v55, v32
	v_mov_b32_e32 v56, v32
	v_mov_b32_e32 v57, v32
	v_mov_b32_e32 v58, v32
	v_mov_b32_e32 v59, v32
	v_mov_b32_e32 v60, v32
	v_mov_b32_e32 v61, v32
	v_mov_b32_e32 v62, v32
	v_mov_b32_e32 v63, v32
	v_mov_b32_e32 v16, v32
	v_mov_b32_e32 v17, v32
	v_mov_b32_e32 v18, v32
	v_mov_b32_e32 v19, v32
	v_mov_b32_e32 v20, v32
	v_mov_b32_e32 v21, v32
	v_mov_b32_e32 v22, v32
	v_mov_b32_e32 v23, v32
	v_mov_b32_e32 v24, v32
	v_mov_b32_e32 v25, v32
	v_mov_b32_e32 v26, v32
	v_mov_b32_e32 v27, v32
	v_mov_b32_e32 v28, v32
	v_mov_b32_e32 v29, v32
	v_mov_b32_e32 v30, v32
	v_mov_b32_e32 v31, v32
	v_mov_b32_e32 v0, v32
	v_mov_b32_e32 v1, v32
	v_mov_b32_e32 v2, v32
	v_mov_b32_e32 v3, v32
	v_mov_b32_e32 v4, v32
	v_mov_b32_e32 v5, v32
	v_mov_b32_e32 v6, v32
	v_mov_b32_e32 v7, v32
	v_mov_b32_e32 v8, v32
	v_mov_b32_e32 v9, v32
	v_mov_b32_e32 v10, v32
	v_mov_b32_e32 v11, v32
	v_mov_b32_e32 v12, v32
	v_mov_b32_e32 v13, v32
	v_mov_b32_e32 v14, v32
	v_mov_b32_e32 v15, v32
	s_branch .LBB0_167
.LBB0_165:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 26 5                          ; kernel.py:26:5
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[64:65]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a56, v[194:195], off
.LBB0_166:                              ;   in Loop: Header=BB0_167 Depth=1
	v_add_u32_e32 v194, s27, v213
	v_add_u32_e32 v195, s27, v215
	ds_read_b64_tr_b16 a[60:61], v195 offset:1024
	ds_read_b64_tr_b16 a[58:59], v194
	ds_read_b64_tr_b16 a[62:63], v194 offset:4096
	ds_read_b64_tr_b16 a[66:67], v194 offset:8192
	ds_read_b64_tr_b16 a[70:71], v194 offset:12288
	ds_read_b64_tr_b16 a[64:65], v195 offset:5120
	ds_read_b64_tr_b16 a[68:69], v195 offset:9216
	ds_read_b64_tr_b16 a[72:73], v195 offset:13312
	v_add_u32_e32 v194, s27, v214
	v_add_u32_e32 v195, s27, v216
	ds_read_b64_tr_b16 a[74:75], v194
	ds_read_b64_tr_b16 a[78:79], v194 offset:4096
	ds_read_b64_tr_b16 a[82:83], v194 offset:8192
	ds_read_b64_tr_b16 a[86:87], v194 offset:12288
	ds_read_b64_tr_b16 a[76:77], v195 offset:1024
	ds_read_b64_tr_b16 a[80:81], v195 offset:5120
	ds_read_b64_tr_b16 a[84:85], v195 offset:9216
	ds_read_b64_tr_b16 a[88:89], v195 offset:13312
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(14)
	v_mfma_f32_32x32x16_bf16 v[32:47], a[58:61], v[246:249], v[32:47]
	.loc	1 26 5                          ; kernel.py:26:5
	s_add_i32 s10, s30, 1
	s_cmp_lt_i32 s10, 2
	s_cselect_b32 s30, s10, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_lshl_b32 s31, s30, 14
	v_add_u32_e32 v194, s31, v201
	v_add_u32_e32 v195, s31, v202
	.loc	1 28 13                         ; kernel.py:28:13
	s_add_i32 s27, s31, 0x8000
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(3)
	v_mfma_f32_32x32x16_bf16 v[48:63], a[74:77], v[246:249], v[48:63]
	.loc	1 27 13                         ; kernel.py:27:13
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_waitcnt vmcnt(0)
	ds_write_b16 v194, v253 offset:2048
	ds_write_b16 v194, a1 offset:4096
	ds_write_b16 v194, a5 offset:6144
	ds_write_b16 v194, a9 offset:8192
	ds_write_b16 v194, a13 offset:10240
	ds_write_b16 v194, a17 offset:12288
	ds_write_b16 v194, a21 offset:14336
	ds_write_b16 v195, v251 offset:512
	ds_write_b16 v195, v255 offset:2560
	ds_write_b16 v195, a3 offset:4608
	ds_write_b16 v195, a7 offset:6656
	ds_write_b16 v195, a11 offset:8704
	ds_write_b16 v195, a15 offset:10752
	.loc	1 26 5                          ; kernel.py:26:5
	s_add_u32 s4, s4, s12
	.loc	1 27 13                         ; kernel.py:27:13
	ds_write_b16 v194, v250
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x16_bf16 v[16:31], a[58:61], v[230:233], v[16:31]
	.loc	1 26 5                          ; kernel.py:26:5
	s_addc_u32 s5, s5, s13
	s_add_u32 s2, s2, s18
	s_addc_u32 s3, s3, s19
	s_add_i32 s28, s28, -1
	s_sub_i32 s29, s29, 64
	s_cmp_lg_u32 s28, 0
	.loc	1 27 13                         ; kernel.py:27:13
	ds_write_b16 v195, a19 offset:12800
	ds_write_b16 v195, a23 offset:14848
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x16_bf16 v[0:15], a[74:77], v[230:233], v[0:15]
	v_mfma_f32_32x32x16_bf16 v[32:47], a[62:65], v[242:245], v[32:47]
	v_mfma_f32_32x32x16_bf16 v[48:63], a[78:81], v[242:245], v[48:63]
	v_mfma_f32_32x32x16_bf16 v[16:31], a[62:65], v[226:229], v[16:31]
	v_mfma_f32_32x32x16_bf16 v[0:15], a[78:81], v[226:229], v[0:15]
	v_mfma_f32_32x32x16_bf16 v[32:47], a[66:69], v[238:241], v[32:47]
	v_mfma_f32_32x32x16_bf16 v[48:63], a[82:85], v[238:241], v[48:63]
	.loc	1 27 13                         ; kernel.py:27:13
	v_add_u32_e32 v238, s31, v203
	ds_write_b16 v238, v217 offset:1024
	ds_write_b16 v238, v254 offset:3072
	ds_write_b16 v238, a2 offset:5120
	ds_write_b16 v238, a6 offset:7168
	v_add_u32_e32 v217, s31, v204
	ds_write_b16 v238, a10 offset:9216
	ds_write_b16 v238, a14 offset:11264
	ds_write_b16 v238, a18 offset:13312
	ds_write_b16 v238, a22 offset:15360
	ds_write_b16 v217, a4 offset:5632
	ds_write_b16 v217, a8 offset:7680
	ds_write_b16 v217, a12 offset:9728
	ds_write_b16 v217, a16 offset:11776
	ds_write_b16 v217, a20 offset:13824
	ds_write_b16 v217, a24 offset:15872
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b16 v194, a25 offset:32768
	ds_write_b16 v194, a33 offset:36864
	ds_write_b16 v194, a41 offset:40960
	ds_write_b16 v194, a49 offset:45056
	ds_write_b16 v195, a26 offset:33280
	ds_write_b16 v195, a34 offset:37376
	ds_write_b16 v195, a42 offset:41472
	v_add_u32_e32 v194, s31, v205
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x16_bf16 v[16:31], a[66:69], v[222:225], v[16:31]
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b16 v195, a50 offset:45568
	ds_write_b16 v238, a27 offset:33792
	ds_write_b16 v238, a35 offset:37888
	ds_write_b16 v238, a43 offset:41984
	ds_write_b16 v238, a51 offset:46080
	ds_write_b16 v217, a28 offset:34304
	ds_write_b16 v217, a36 offset:38400
	ds_write_b16 v194, a29 offset:34816
	ds_write_b16 v194, a37 offset:38912
	ds_write_b16 v194, a45 offset:43008
	ds_write_b16 v194, a53 offset:47104
	v_add_u32_e32 v194, s31, v206
	ds_write_b16 v194, a30 offset:35328
	ds_write_b16 v194, a38 offset:39424
	ds_write_b16 v194, a46 offset:43520
	ds_write_b16 v194, a54 offset:47616
	v_add_u32_e32 v194, s31, v207
	ds_write_b16 v194, a31 offset:35840
	ds_write_b16 v194, a39 offset:39936
	ds_write_b16 v194, a47 offset:44032
	ds_write_b16 v194, a55 offset:48128
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x16_bf16 v[0:15], a[82:85], v[222:225], v[0:15]
	.loc	1 28 13                         ; kernel.py:28:13
	v_add_u32_e32 v194, s31, v208
	.loc	1 27 13                         ; kernel.py:27:13
	ds_write_b16 v217, v252 offset:1536
	ds_write_b16 v217, a0 offset:3584
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b16 v217, a44 offset:42496
	ds_write_b16 v217, a52 offset:46592
	ds_write_b16 v194, a32 offset:36352
	ds_write_b16 v194, a40 offset:40448
	ds_write_b16 v194, a48 offset:44544
	ds_write_b16 v194, a56 offset:48640
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x16_bf16 v[32:47], a[70:73], v[234:237], v[32:47]
	v_mfma_f32_32x32x16_bf16 v[48:63], a[86:89], v[234:237], v[48:63]
	v_mfma_f32_32x32x16_bf16 v[16:31], a[70:73], v[218:221], v[16:31]
	v_mfma_f32_32x32x16_bf16 v[0:15], a[86:89], v[218:221], v[0:15]
	.loc	1 26 5                          ; kernel.py:26:5
	s_cbranch_scc0 .LBB0_296
.LBB0_167:                              ; =>This Inner Loop Header: Depth=1
	.loc	1 27 34                         ; kernel.py:27:34
	v_cmp_gt_i32_e32 vcc, s29, v192
	v_mov_b32_e32 v250, 0
	.loc	1 27 13 is_stmt 0               ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_169
; %bb.168:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[190:191]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v250, v[218:219], off
.LBB0_169:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v217, 0
	v_mov_b32_e32 v251, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_171
; %bb.170:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[188:189]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v251, v[218:219], off
.LBB0_171:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_173
; %bb.172:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[186:187]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v217, v[218:219], off
.LBB0_173:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v253, 0
	v_mov_b32_e32 v252, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_175
; %bb.174:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[184:185]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v252, v[218:219], off
.LBB0_175:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_177
; %bb.176:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[182:183]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v253, v[218:219], off
.LBB0_177:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v254, 0
	v_mov_b32_e32 v255, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_179
; %bb.178:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[180:181]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v255, v[218:219], off
.LBB0_179:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_181
; %bb.180:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[178:179]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort v254, v[218:219], off
.LBB0_181:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a1, 0
	v_accvgpr_write_b32 a0, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_183
; %bb.182:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[176:177]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a0, v[218:219], off
.LBB0_183:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_185
; %bb.184:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[174:175]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a1, v[218:219], off
.LBB0_185:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a2, 0
	v_accvgpr_write_b32 a3, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_187
; %bb.186:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[172:173]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a3, v[218:219], off
.LBB0_187:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_189
; %bb.188:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[170:171]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a2, v[218:219], off
.LBB0_189:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a5, 0
	v_accvgpr_write_b32 a4, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_191
; %bb.190:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[168:169]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a4, v[218:219], off
.LBB0_191:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_193
; %bb.192:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[166:167]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a5, v[218:219], off
.LBB0_193:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a6, 0
	v_accvgpr_write_b32 a7, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_195
; %bb.194:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[164:165]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a7, v[218:219], off
.LBB0_195:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_197
; %bb.196:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[162:163]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a6, v[218:219], off
.LBB0_197:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a9, 0
	v_accvgpr_write_b32 a8, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_199
; %bb.198:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[160:161]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a8, v[218:219], off
.LBB0_199:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_201
; %bb.200:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[158:159]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a9, v[218:219], off
.LBB0_201:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a10, 0
	v_accvgpr_write_b32 a11, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_203
; %bb.202:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[156:157]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a11, v[218:219], off
.LBB0_203:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_205
; %bb.204:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[154:155]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a10, v[218:219], off
.LBB0_205:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a13, 0
	v_accvgpr_write_b32 a12, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_207
; %bb.206:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[152:153]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a12, v[218:219], off
.LBB0_207:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_209
; %bb.208:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[150:151]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a13, v[218:219], off
.LBB0_209:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a14, 0
	v_accvgpr_write_b32 a15, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_211
; %bb.210:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[148:149]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a15, v[218:219], off
.LBB0_211:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_213
; %bb.212:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[146:147]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a14, v[218:219], off
.LBB0_213:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a17, 0
	v_accvgpr_write_b32 a16, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_215
; %bb.214:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[144:145]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a16, v[218:219], off
.LBB0_215:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_217
; %bb.216:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[142:143]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a17, v[218:219], off
.LBB0_217:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a18, 0
	v_accvgpr_write_b32 a19, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_219
; %bb.218:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[140:141]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a19, v[218:219], off
.LBB0_219:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_221
; %bb.220:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[138:139]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a18, v[218:219], off
.LBB0_221:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a21, 0
	v_accvgpr_write_b32 a20, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_223
; %bb.222:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[136:137]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a20, v[218:219], off
.LBB0_223:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_225
; %bb.224:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[134:135]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a21, v[218:219], off
.LBB0_225:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a22, 0
	v_accvgpr_write_b32 a23, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execnz .LBB0_261
; %bb.226:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execnz .LBB0_262
.LBB0_227:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a24, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_229
.LBB0_228:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[128:129]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a24, v[218:219], off
.LBB0_229:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	v_add_u32_e32 v194, s31, v209
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b128 v[246:249], v194
	ds_read_b128 v[230:233], v194 offset:8192
	v_add_u32_e32 v194, s31, v210
	ds_read_b128 v[242:245], v194
	ds_read_b128 v[226:229], v194 offset:8192
	v_add_u32_e32 v194, s31, v211
	ds_read_b128 v[238:241], v194
	ds_read_b128 v[222:225], v194 offset:8192
	v_add_u32_e32 v194, s31, v212
	ds_read_b128 v[234:237], v194
	ds_read_b128 v[218:221], v194 offset:8192
	.loc	1 28 34 is_stmt 1               ; kernel.py:28:34
	s_cmp_lt_i32 s20, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s20, s29
	.loc	1 28 13 is_stmt 0               ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_263
; %bb.230:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[126:127]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a25, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_264
.LBB0_231:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_accvgpr_write_b32 a26, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_265
.LBB0_232:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a27, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_266
.LBB0_233:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a28, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_267
.LBB0_234:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a29, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_268
.LBB0_235:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a30, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_269
.LBB0_236:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a31, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_270
.LBB0_237:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a32, 0
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s21, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s21, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc0 .LBB0_271
.LBB0_238:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a33, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_272
.LBB0_239:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a34, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_273
.LBB0_240:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a35, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_274
.LBB0_241:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a36, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_275
.LBB0_242:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a37, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_276
.LBB0_243:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a38, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_277
.LBB0_244:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a39, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_278
.LBB0_245:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a40, 0
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s25, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s25, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc0 .LBB0_279
.LBB0_246:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a41, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_280
.LBB0_247:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a42, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_281
.LBB0_248:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a43, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_282
.LBB0_249:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a44, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_283
.LBB0_250:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a45, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_284
.LBB0_251:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a46, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_285
.LBB0_252:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a47, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_286
.LBB0_253:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a48, 0
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s26, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s26, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc0 .LBB0_287
.LBB0_254:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a49, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_288
.LBB0_255:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a50, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_289
.LBB0_256:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a51, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_290
.LBB0_257:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a52, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_291
.LBB0_258:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a53, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_292
.LBB0_259:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a54, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_293
.LBB0_260:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a55, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_165
	s_branch .LBB0_294
.LBB0_261:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[132:133]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a23, v[218:219], off
	s_or_b64 exec, exec, s[10:11]
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_227
.LBB0_262:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9                          ; kernel.py:30:9
	v_lshl_add_u64 v[218:219], s[2:3], 0, v[130:131]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ushort a22, v[218:219], off
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a24, 0
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execnz .LBB0_228
	s_branch .LBB0_229
.LBB0_263:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_accvgpr_write_b32 a25, 0
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_231
.LBB0_264:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[124:125]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a26, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_232
.LBB0_265:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[122:123]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a27, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_233
.LBB0_266:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[120:121]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a28, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_234
.LBB0_267:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[118:119]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a29, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_235
.LBB0_268:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[116:117]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a30, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_236
.LBB0_269:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[114:115]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a31, v[194:195], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc1 .LBB0_237
.LBB0_270:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[112:113]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a32, v[194:195], off
	.loc	1 28 34 is_stmt 0               ; kernel.py:28:34
	s_cmp_lt_i32 s21, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s21, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_238
.LBB0_271:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[110:111]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a33, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_239
.LBB0_272:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[108:109]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a34, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_240
.LBB0_273:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[106:107]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a35, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_241
.LBB0_274:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[104:105]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a36, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_242
.LBB0_275:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[102:103]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a37, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_243
.LBB0_276:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[100:101]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a38, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_244
.LBB0_277:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[98:99]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a39, v[194:195], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc1 .LBB0_245
.LBB0_278:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[96:97]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a40, v[194:195], off
	.loc	1 28 34 is_stmt 0               ; kernel.py:28:34
	s_cmp_lt_i32 s25, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s25, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_246
.LBB0_279:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[94:95]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a41, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_247
.LBB0_280:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[92:93]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a42, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_248
.LBB0_281:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[90:91]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a43, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_249
.LBB0_282:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[88:89]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a44, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_250
.LBB0_283:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[86:87]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a45, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_251
.LBB0_284:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[84:85]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a46, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_252
.LBB0_285:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[82:83]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a47, v[194:195], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc1 .LBB0_253
.LBB0_286:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[80:81]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a48, v[194:195], off
	.loc	1 28 34 is_stmt 0               ; kernel.py:28:34
	s_cmp_lt_i32 s26, s29
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s26, s29
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_254
.LBB0_287:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[78:79]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a49, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_255
.LBB0_288:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[76:77]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a50, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_256
.LBB0_289:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[74:75]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a51, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_257
.LBB0_290:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[72:73]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a52, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_258
.LBB0_291:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[70:71]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a53, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_259
.LBB0_292:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[68:69]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a54, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_260
.LBB0_293:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[66:67]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ushort a55, v[194:195], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_165
.LBB0_294:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_accvgpr_write_b32 a56, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_branch .LBB0_166
.LBB0_295:
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v15, 0
	s_mov_b32 s27, 0x8000
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
	v_mov_b32_e32 v31, v15
	v_mov_b32_e32 v30, v15
	v_mov_b32_e32 v29, v15
	v_mov_b32_e32 v28, v15
	v_mov_b32_e32 v27, v15
	v_mov_b32_e32 v26, v15
	v_mov_b32_e32 v25, v15
	v_mov_b32_e32 v24, v15
	v_mov_b32_e32 v23, v15
	v_mov_b32_e32 v22, v15
	v_mov_b32_e32 v21, v15
	v_mov_b32_e32 v20, v15
	v_mov_b32_e32 v19, v15
	v_mov_b32_e32 v18, v15
	v_mov_b32_e32 v17, v15
	v_mov_b32_e32 v16, v15
	v_mov_b32_e32 v63, v15
	v_mov_b32_e32 v62, v15
	v_mov_b32_e32 v61, v15
	v_mov_b32_e32 v60, v15
	v_mov_b32_e32 v59, v15
	v_mov_b32_e32 v58, v15
	v_mov_b32_e32 v57, v15
	v_mov_b32_e32 v56, v15
	v_mov_b32_e32 v55, v15
	v_mov_b32_e32 v54, v15
	v_mov_b32_e32 v53, v15
	v_mov_b32_e32 v52, v15
	v_mov_b32_e32 v51, v15
	v_mov_b32_e32 v50, v15
	v_mov_b32_e32 v49, v15
	v_mov_b32_e32 v48, v15
	v_mov_b32_e32 v47, v15
	v_mov_b32_e32 v46, v15
	v_mov_b32_e32 v45, v15
	v_mov_b32_e32 v44, v15
	v_mov_b32_e32 v43, v15
	v_mov_b32_e32 v42, v15
	v_mov_b32_e32 v41, v15
	v_mov_b32_e32 v40, v15
	v_mov_b32_e32 v39, v15
	v_mov_b32_e32 v38, v15
	v_mov_b32_e32 v37, v15
	v_mov_b32_e32 v36, v15
	v_mov_b32_e32 v35, v15
	v_mov_b32_e32 v34, v15
	v_mov_b32_e32 v33, v15
	v_mov_b32_e32 v32, v15
	s_branch .LBB0_297
.LBB0_296:                              ; %Flow
	v_accvgpr_read_b32 v132, a57
	v_accvgpr_read_b32 v133, a90
.LBB0_297:                              ; %Flow222
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	v_or_b32_e32 v64, v199, v200
	v_bitop3_b32 v64, s23, v64, v198 bitop3:0xf6
	v_add_u32_e32 v64, s27, v64
	.loc	1 27 13                         ; kernel.py:27:13
	s_waitcnt lgkmcnt(0)
	s_barrier
	.loc	1 28 13                         ; kernel.py:28:13
	v_bitop3_b32 v66, v199, v198, v200 bitop3:0x36
	ds_read_b64_tr_b16 v[92:93], v64
	ds_read_b64_tr_b16 v[88:89], v64 offset:4096
	ds_read_b64_tr_b16 v[84:85], v64 offset:8192
	ds_read_b64_tr_b16 v[80:81], v64 offset:12288
	v_mov_b32_e32 v64, 0x440
	v_bitop3_b32 v64, s23, v64, v66 bitop3:0x36
	v_add_u32_e32 v64, s27, v64
	ds_read_b64_tr_b16 v[94:95], v64
	ds_read_b64_tr_b16 v[90:91], v64 offset:4096
	ds_read_b64_tr_b16 v[86:87], v64 offset:8192
	ds_read_b64_tr_b16 v[82:83], v64 offset:12288
	v_mov_b32_e32 v64, 0x80
	v_mov_b32_e32 v67, 0x4c0
	v_bitop3_b32 v64, s23, v64, v66 bitop3:0x36
	v_bitop3_b32 v66, s23, v67, v66 bitop3:0x36
	v_add_u32_e32 v64, s27, v64
	v_add_u32_e32 v66, s27, v66
	ds_read_b64_tr_b16 v[76:77], v64
	ds_read_b64_tr_b16 v[72:73], v64 offset:4096
	ds_read_b64_tr_b16 v[68:69], v64 offset:8192
	ds_read_b64_tr_b16 v[64:65], v64 offset:12288
	ds_read_b64_tr_b16 v[78:79], v66
	ds_read_b64_tr_b16 v[74:75], v66 offset:4096
	ds_read_b64_tr_b16 v[70:71], v66 offset:8192
	ds_read_b64_tr_b16 v[66:67], v66 offset:12288
	s_load_dword s12, s[0:1], 0x38
	.loc	1 29 23                         ; kernel.py:29:23
	s_and_b64 s[0:1], s[16:17], exec
	s_cselect_b32 s0, 1, 0
	s_cmp_lg_u32 s0, 1
	s_cbranch_scc1 .LBB0_299
; %bb.298:
	.loc	1 27 13                         ; kernel.py:27:13
	v_and_b32_e32 v96, 0x70, v197
	s_lshl_b32 s0, s14, 5
	v_or_b32_e32 v97, v132, v96
	v_bitop3_b32 v97, s0, v97, v133 bitop3:0xf6
	v_add_u32_e32 v98, s31, v97
	ds_read_b128 v[102:105], v98
	v_xad_u32 v99, v97, 32, s31
	v_mov_b32_e32 v100, 0x60
	v_bitop3_b32 v96, v132, v133, v96 bitop3:0x36
	ds_read_b128 v[106:109], v99
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x16_bf16 v[32:47], v[92:95], v[102:105], v[32:47]
	.loc	1 27 13                         ; kernel.py:27:13
	v_bitop3_b32 v96, s0, v100, v96 bitop3:0x36
	v_xad_u32 v97, v97, 64, s31
	ds_read_b128 v[110:113], v97
	v_add_u32_e32 v96, s31, v96
	ds_read_b128 v[114:117], v96
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x16_bf16 v[48:63], v[76:79], v[102:105], v[48:63]
	.loc	1 27 13                         ; kernel.py:27:13
	ds_read_b128 v[100:103], v98 offset:8192
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x16_bf16 v[16:31], v[92:95], v[100:103], v[16:31]
	.loc	1 27 13                         ; kernel.py:27:13
	ds_read_b128 v[92:95], v99 offset:8192
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x16_bf16 v[0:15], v[76:79], v[100:103], v[0:15]
	v_mfma_f32_32x32x16_bf16 v[32:47], v[88:91], v[106:109], v[32:47]
	v_mfma_f32_32x32x16_bf16 v[48:63], v[72:75], v[106:109], v[48:63]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x16_bf16 v[16:31], v[88:91], v[92:95], v[16:31]
	.loc	1 27 13                         ; kernel.py:27:13
	ds_read_b128 v[88:91], v97 offset:8192
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x16_bf16 v[0:15], v[72:75], v[92:95], v[0:15]
	v_mfma_f32_32x32x16_bf16 v[32:47], v[84:87], v[110:113], v[32:47]
	v_mfma_f32_32x32x16_bf16 v[48:63], v[68:71], v[110:113], v[48:63]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x16_bf16 v[16:31], v[84:87], v[88:91], v[16:31]
	.loc	1 27 13                         ; kernel.py:27:13
	ds_read_b128 v[84:87], v96 offset:8192
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x16_bf16 v[0:15], v[68:71], v[88:91], v[0:15]
	v_mfma_f32_32x32x16_bf16 v[32:47], v[80:83], v[114:117], v[32:47]
	v_mfma_f32_32x32x16_bf16 v[48:63], v[64:67], v[114:117], v[48:63]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x16_bf16 v[16:31], v[80:83], v[84:87], v[16:31]
	v_mfma_f32_32x32x16_bf16 v[0:15], v[64:67], v[84:87], v[0:15]
.LBB0_299:                              ; %._crit_edge._crit_edge
	.loc	1 19 39                         ; kernel.py:19:39
	s_lshr_b32 s0, s14, 2
	.loc	1 32 9                          ; kernel.py:32:9
	s_nop 6
	v_cvt_pk_f16_f32 v33, v32, v33
	v_cvt_pk_f16_f32 v32, v36, v37
	.loc	1 19 39                         ; kernel.py:19:39
	v_or_b32_e32 v36, s0, v193
	v_lshrrev_b32_e32 v37, 2, v196
	s_lshr_b32 s0, s23, 1
	.loc	1 32 9                          ; kernel.py:32:9
	s_waitcnt lgkmcnt(0)
	v_cvt_pk_f16_f32 v88, v34, v35
	.loc	1 19 39                         ; kernel.py:19:39
	v_or_b32_e32 v34, s0, v37
	.loc	1 19 16 is_stmt 0               ; kernel.py:19:16
	v_or_b32_e32 v82, s22, v36
	.loc	1 20 16 is_stmt 1               ; kernel.py:20:16
	v_or_b32_e32 v64, s24, v34
	.loc	1 32 9                          ; kernel.py:32:9
	v_cvt_pk_f16_f32 v73, v0, v1
	.loc	1 36 22                         ; kernel.py:36:22
	v_mul_lo_u32 v0, v82, s15
	.loc	1 32 9                          ; kernel.py:32:9
	v_cvt_pk_f16_f32 v38, v38, v39
	.loc	1 20 16                         ; kernel.py:20:16
	v_or_b32_e32 v39, 1, v64
	v_or_b32_e32 v89, 2, v64
	v_or_b32_e32 v90, 3, v64
	v_or_b32_e32 v91, 4, v64
	v_or_b32_e32 v92, 5, v64
	v_or_b32_e32 v93, 6, v64
	v_or_b32_e32 v94, 7, v64
	.loc	1 36 14                         ; kernel.py:36:14
	v_ashrrev_i32_e32 v1, 31, v0
	.loc	1 32 9                          ; kernel.py:32:9
	v_cvt_pk_f16_f32 v37, v40, v41
	v_cvt_pk_f16_f32 v36, v42, v43
	v_cvt_pk_f16_f32 v35, v44, v45
	v_cvt_pk_f16_f32 v34, v46, v47
	v_cvt_pk_f16_f32 v87, v48, v49
	v_cvt_pk_f16_f32 v65, v50, v51
	v_cvt_pk_f16_f32 v51, v52, v53
	v_cvt_pk_f16_f32 v50, v54, v55
	v_cvt_pk_f16_f32 v86, v56, v57
	v_cvt_pk_f16_f32 v85, v58, v59
	v_cvt_pk_f16_f32 v84, v60, v61
	v_cvt_pk_f16_f32 v83, v62, v63
	v_cvt_pk_f16_f32 v81, v16, v17
	v_cvt_pk_f16_f32 v80, v18, v19
	v_cvt_pk_f16_f32 v79, v20, v21
	v_cvt_pk_f16_f32 v78, v22, v23
	v_cvt_pk_f16_f32 v77, v24, v25
	v_cvt_pk_f16_f32 v76, v26, v27
	v_cvt_pk_f16_f32 v75, v28, v29
	v_cvt_pk_f16_f32 v74, v30, v31
	v_cvt_pk_f16_f32 v72, v2, v3
	v_cvt_pk_f16_f32 v71, v4, v5
	v_cvt_pk_f16_f32 v70, v6, v7
	v_cvt_pk_f16_f32 v69, v8, v9
	v_cvt_pk_f16_f32 v68, v10, v11
	v_cvt_pk_f16_f32 v67, v12, v13
	v_cvt_pk_f16_f32 v66, v14, v15
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[16:17], v[0:1], 1, s[6:7]
	.loc	1 36 53 is_stmt 0               ; kernel.py:36:53
	v_mul_lo_u32 v12, v64, s12
	v_mul_lo_u32 v14, v39, s12
	v_mul_lo_u32 v0, v89, s12
	v_mul_lo_u32 v2, v90, s12
	v_mul_lo_u32 v4, v91, s12
	v_mul_lo_u32 v6, v92, s12
	v_mul_lo_u32 v8, v93, s12
	v_mul_lo_u32 v10, v94, s12
	.loc	1 37 15 is_stmt 1               ; kernel.py:37:15
	v_cmp_gt_i32_e64 s[0:1], s8, v82
	.loc	1 37 40 is_stmt 0               ; kernel.py:37:40
	v_cmp_gt_i32_e32 vcc, s9, v64
	.loc	1 32 9 is_stmt 1                ; kernel.py:32:9
	v_permlane32_swap_b32_e32 v33, v32
	v_permlane32_swap_b32_e32 v88, v38
	.loc	1 36 14                         ; kernel.py:36:14
	v_ashrrev_i32_e32 v1, 31, v0
	v_ashrrev_i32_e32 v3, 31, v2
	v_ashrrev_i32_e32 v5, 31, v4
	v_ashrrev_i32_e32 v7, 31, v6
	v_ashrrev_i32_e32 v9, 31, v8
	v_ashrrev_i32_e32 v11, 31, v10
	v_ashrrev_i32_e32 v13, 31, v12
	v_ashrrev_i32_e32 v15, 31, v14
	.loc	1 32 9                          ; kernel.py:32:9
	v_permlane32_swap_b32_e32 v37, v35
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[4:5], s[0:1], vcc
	.loc	1 32 9                          ; kernel.py:32:9
	v_permlane32_swap_b32_e32 v36, v34
	v_permlane32_swap_b32_e32 v87, v51
	v_permlane32_swap_b32_e32 v65, v50
	v_permlane32_swap_b32_e32 v86, v84
	v_permlane32_swap_b32_e32 v85, v83
	v_permlane32_swap_b32_e32 v81, v79
	v_permlane32_swap_b32_e32 v80, v78
	v_permlane32_swap_b32_e32 v77, v75
	v_permlane32_swap_b32_e32 v76, v74
	v_permlane32_swap_b32_e32 v73, v71
	v_permlane32_swap_b32_e32 v72, v70
	v_permlane32_swap_b32_e32 v69, v67
	v_permlane32_swap_b32_e32 v68, v66
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[2:3], s[4:5]
	s_cbranch_execz .LBB0_301
; %bb.300:                              ; %.critedge
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[40:41], v[12:13], 1, v[16:17]
	v_lshl_add_u64 v[18:19], v[10:11], 1, v[16:17]
	v_lshl_add_u64 v[20:21], v[8:9], 1, v[16:17]
	v_lshl_add_u64 v[22:23], v[6:7], 1, v[16:17]
	v_lshl_add_u64 v[24:25], v[4:5], 1, v[16:17]
	v_lshl_add_u64 v[26:27], v[2:3], 1, v[16:17]
	v_lshl_add_u64 v[28:29], v[0:1], 1, v[16:17]
	v_lshl_add_u64 v[30:31], v[14:15], 1, v[16:17]
	.loc	1 38 5                          ; kernel.py:38:5
	global_store_short v[40:41], v33, off
	global_store_short_d16_hi v[30:31], v33, off
	global_store_short v[28:29], v88, off
	global_store_short_d16_hi v[26:27], v88, off
	global_store_short v[24:25], v32, off
	global_store_short_d16_hi v[22:23], v32, off
	global_store_short v[20:21], v38, off
	global_store_short_d16_hi v[18:19], v38, off
.LBB0_301:                              ; %.critedge12
	.loc	1 0 5 is_stmt 0                 ; kernel.py:0:5
	s_or_b64 exec, exec, s[2:3]
	.loc	1 20 16 is_stmt 1               ; kernel.py:20:16
	v_or_b32_e32 v38, 16, v64
	v_or_b32_e32 v19, 17, v64
	v_or_b32_e32 v21, 18, v64
	v_or_b32_e32 v23, 19, v64
	v_or_b32_e32 v25, 20, v64
	v_or_b32_e32 v27, 21, v64
	v_or_b32_e32 v29, 22, v64
	v_or_b32_e32 v31, 23, v64
	.loc	1 36 53                         ; kernel.py:36:53
	v_mul_lo_u32 v18, v38, s12
	v_mul_lo_u32 v20, v19, s12
	v_mul_lo_u32 v22, v21, s12
	v_mul_lo_u32 v24, v23, s12
	v_mul_lo_u32 v26, v25, s12
	v_mul_lo_u32 v28, v27, s12
	v_mul_lo_u32 v30, v29, s12
	v_mul_lo_u32 v32, v31, s12
	.loc	1 37 40                         ; kernel.py:37:40
	v_cmp_gt_i32_e64 s[2:3], s9, v38
	.loc	1 36 14                         ; kernel.py:36:14
	v_ashrrev_i32_e32 v19, 31, v18
	v_ashrrev_i32_e32 v21, 31, v20
	v_ashrrev_i32_e32 v23, 31, v22
	v_ashrrev_i32_e32 v25, 31, v24
	v_ashrrev_i32_e32 v27, 31, v26
	v_ashrrev_i32_e32 v29, 31, v28
	v_ashrrev_i32_e32 v31, 31, v30
	v_ashrrev_i32_e32 v33, 31, v32
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[10:11], s[2:3], s[0:1]
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[4:5], s[10:11]
	s_cbranch_execz .LBB0_303
; %bb.302:                              ; %.critedge14
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[38:39], v[18:19], 1, v[16:17]
	v_lshl_add_u64 v[40:41], v[20:21], 1, v[16:17]
	v_lshl_add_u64 v[42:43], v[22:23], 1, v[16:17]
	v_lshl_add_u64 v[44:45], v[24:25], 1, v[16:17]
	v_lshl_add_u64 v[46:47], v[26:27], 1, v[16:17]
	v_lshl_add_u64 v[48:49], v[28:29], 1, v[16:17]
	v_lshl_add_u64 v[52:53], v[30:31], 1, v[16:17]
	v_lshl_add_u64 v[54:55], v[32:33], 1, v[16:17]
	.loc	1 38 5                          ; kernel.py:38:5
	global_store_short v[38:39], v37, off
	global_store_short_d16_hi v[40:41], v37, off
	global_store_short v[42:43], v36, off
	global_store_short_d16_hi v[44:45], v36, off
	global_store_short v[46:47], v35, off
	global_store_short_d16_hi v[48:49], v35, off
	global_store_short v[52:53], v34, off
	global_store_short_d16_hi v[54:55], v34, off
.LBB0_303:                              ; %.critedge26
	.loc	1 0 5 is_stmt 0                 ; kernel.py:0:5
	s_or_b64 exec, exec, s[4:5]
	.loc	1 20 16 is_stmt 1               ; kernel.py:20:16
	v_or_b32_e32 v52, 64, v64
	v_or_b32_e32 v35, 0x41, v64
	v_or_b32_e32 v37, 0x42, v64
	v_or_b32_e32 v39, 0x43, v64
	v_or_b32_e32 v41, 0x44, v64
	v_or_b32_e32 v43, 0x45, v64
	v_or_b32_e32 v45, 0x46, v64
	v_or_b32_e32 v47, 0x47, v64
	.loc	1 36 53                         ; kernel.py:36:53
	v_mul_lo_u32 v34, v52, s12
	v_mul_lo_u32 v36, v35, s12
	v_mul_lo_u32 v38, v37, s12
	v_mul_lo_u32 v40, v39, s12
	v_mul_lo_u32 v42, v41, s12
	v_mul_lo_u32 v44, v43, s12
	v_mul_lo_u32 v46, v45, s12
	v_mul_lo_u32 v48, v47, s12
	.loc	1 37 40                         ; kernel.py:37:40
	v_cmp_gt_i32_e64 s[4:5], s9, v52
	.loc	1 36 14                         ; kernel.py:36:14
	v_ashrrev_i32_e32 v35, 31, v34
	v_ashrrev_i32_e32 v37, 31, v36
	v_ashrrev_i32_e32 v39, 31, v38
	v_ashrrev_i32_e32 v41, 31, v40
	v_ashrrev_i32_e32 v43, 31, v42
	v_ashrrev_i32_e32 v45, 31, v44
	v_ashrrev_i32_e32 v47, 31, v46
	v_ashrrev_i32_e32 v49, 31, v48
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[16:17], s[4:5], s[0:1]
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[10:11], s[16:17]
	s_cbranch_execz .LBB0_305
; %bb.304:                              ; %.critedge28
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[52:53], v[34:35], 1, v[16:17]
	v_lshl_add_u64 v[54:55], v[36:37], 1, v[16:17]
	v_lshl_add_u64 v[56:57], v[38:39], 1, v[16:17]
	v_lshl_add_u64 v[58:59], v[40:41], 1, v[16:17]
	v_lshl_add_u64 v[60:61], v[42:43], 1, v[16:17]
	v_lshl_add_u64 v[62:63], v[44:45], 1, v[16:17]
	v_lshl_add_u64 v[88:89], v[46:47], 1, v[16:17]
	v_lshl_add_u64 v[90:91], v[48:49], 1, v[16:17]
	.loc	1 38 5                          ; kernel.py:38:5
	global_store_short v[52:53], v87, off
	global_store_short_d16_hi v[54:55], v87, off
	global_store_short v[56:57], v65, off
	global_store_short_d16_hi v[58:59], v65, off
	global_store_short v[60:61], v51, off
	global_store_short_d16_hi v[62:63], v51, off
	global_store_short v[88:89], v50, off
	global_store_short_d16_hi v[90:91], v50, off
.LBB0_305:                              ; %.critedge40
	.loc	1 0 5 is_stmt 0                 ; kernel.py:0:5
	s_or_b64 exec, exec, s[10:11]
	.loc	1 20 16 is_stmt 1               ; kernel.py:20:16
	v_or_b32_e32 v87, 0x50, v64
	v_or_b32_e32 v51, 0x51, v64
	v_or_b32_e32 v53, 0x52, v64
	v_or_b32_e32 v55, 0x53, v64
	v_or_b32_e32 v57, 0x54, v64
	v_or_b32_e32 v59, 0x55, v64
	v_or_b32_e32 v61, 0x56, v64
	v_or_b32_e32 v63, 0x57, v64
	.loc	1 36 53                         ; kernel.py:36:53
	v_mul_lo_u32 v50, v87, s12
	v_mul_lo_u32 v52, v51, s12
	v_mul_lo_u32 v54, v53, s12
	v_mul_lo_u32 v56, v55, s12
	v_mul_lo_u32 v58, v57, s12
	v_mul_lo_u32 v60, v59, s12
	v_mul_lo_u32 v62, v61, s12
	v_mul_lo_u32 v64, v63, s12
	.loc	1 37 40                         ; kernel.py:37:40
	v_cmp_gt_i32_e64 s[10:11], s9, v87
	.loc	1 36 14                         ; kernel.py:36:14
	v_ashrrev_i32_e32 v51, 31, v50
	v_ashrrev_i32_e32 v53, 31, v52
	v_ashrrev_i32_e32 v55, 31, v54
	v_ashrrev_i32_e32 v57, 31, v56
	v_ashrrev_i32_e32 v59, 31, v58
	v_ashrrev_i32_e32 v61, 31, v60
	v_ashrrev_i32_e32 v63, 31, v62
	v_ashrrev_i32_e32 v65, 31, v64
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[12:13], s[10:11], s[0:1]
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[0:1], s[12:13]
	s_cbranch_execz .LBB0_307
; %bb.306:                              ; %.critedge42
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[88:89], v[50:51], 1, v[16:17]
	v_lshl_add_u64 v[90:91], v[52:53], 1, v[16:17]
	v_lshl_add_u64 v[92:93], v[54:55], 1, v[16:17]
	v_lshl_add_u64 v[94:95], v[56:57], 1, v[16:17]
	v_lshl_add_u64 v[96:97], v[58:59], 1, v[16:17]
	v_lshl_add_u64 v[98:99], v[60:61], 1, v[16:17]
	v_lshl_add_u64 v[100:101], v[62:63], 1, v[16:17]
	v_lshl_add_u64 v[16:17], v[64:65], 1, v[16:17]
	.loc	1 38 5                          ; kernel.py:38:5
	global_store_short v[88:89], v86, off
	global_store_short_d16_hi v[90:91], v86, off
	global_store_short v[92:93], v85, off
	global_store_short_d16_hi v[94:95], v85, off
	global_store_short v[96:97], v84, off
	global_store_short_d16_hi v[98:99], v84, off
	global_store_short v[100:101], v83, off
	global_store_short_d16_hi v[16:17], v83, off
.LBB0_307:                              ; %.critedge54
	.loc	1 0 5 is_stmt 0                 ; kernel.py:0:5
	s_or_b64 exec, exec, s[0:1]
	.loc	1 19 16 is_stmt 1               ; kernel.py:19:16
	v_or_b32_e32 v82, 64, v82
	.loc	1 36 22                         ; kernel.py:36:22
	v_mul_lo_u32 v16, v82, s15
	.loc	1 36 14 is_stmt 0               ; kernel.py:36:14
	v_ashrrev_i32_e32 v17, 31, v16
	.loc	1 37 15 is_stmt 1               ; kernel.py:37:15
	v_cmp_gt_i32_e64 s[0:1], s8, v82
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[16:17], v[16:17], 1, s[6:7]
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[8:9], s[0:1], vcc
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[6:7], s[8:9]
	s_cbranch_execnz .LBB0_312
; %bb.308:                              ; %.critedge68
	.loc	1 0 5 is_stmt 0                 ; kernel.py:0:5
	s_or_b64 exec, exec, s[6:7]
	.loc	1 37 14 is_stmt 1               ; kernel.py:37:14
	s_and_b64 s[6:7], s[0:1], s[2:3]
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[2:3], s[6:7]
	s_cbranch_execnz .LBB0_313
.LBB0_309:                              ; %.critedge82
	.loc	1 0 5 is_stmt 0                 ; kernel.py:0:5
	s_or_b64 exec, exec, s[2:3]
	.loc	1 37 14 is_stmt 1               ; kernel.py:37:14
	s_and_b64 s[4:5], s[0:1], s[4:5]
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[2:3], s[4:5]
	s_cbranch_execnz .LBB0_314
.LBB0_310:                              ; %.critedge96
	.loc	1 0 5 is_stmt 0                 ; kernel.py:0:5
	s_or_b64 exec, exec, s[2:3]
	.loc	1 37 14 is_stmt 1               ; kernel.py:37:14
	s_and_b64 s[0:1], s[0:1], s[10:11]
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[2:3], s[0:1]
	s_cbranch_execnz .LBB0_315
.LBB0_311:                              ; %.critedge110
	.loc	1 6 1                           ; kernel.py:6:1
	s_endpgm
.LBB0_312:                              ; %.critedge56
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[12:13], v[12:13], 1, v[16:17]
	v_lshl_add_u64 v[14:15], v[14:15], 1, v[16:17]
	v_lshl_add_u64 v[0:1], v[0:1], 1, v[16:17]
	v_lshl_add_u64 v[2:3], v[2:3], 1, v[16:17]
	v_lshl_add_u64 v[4:5], v[4:5], 1, v[16:17]
	v_lshl_add_u64 v[6:7], v[6:7], 1, v[16:17]
	v_lshl_add_u64 v[8:9], v[8:9], 1, v[16:17]
	v_lshl_add_u64 v[10:11], v[10:11], 1, v[16:17]
	.loc	1 38 5                          ; kernel.py:38:5
	global_store_short v[12:13], v81, off
	global_store_short_d16_hi v[14:15], v81, off
	global_store_short v[0:1], v80, off
	global_store_short_d16_hi v[2:3], v80, off
	global_store_short v[4:5], v79, off
	global_store_short_d16_hi v[6:7], v79, off
	global_store_short v[8:9], v78, off
	global_store_short_d16_hi v[10:11], v78, off
	s_or_b64 exec, exec, s[6:7]
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[6:7], s[0:1], s[2:3]
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[2:3], s[6:7]
	s_cbranch_execz .LBB0_309
.LBB0_313:                              ; %.critedge70
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[0:1], v[18:19], 1, v[16:17]
	v_lshl_add_u64 v[2:3], v[20:21], 1, v[16:17]
	v_lshl_add_u64 v[4:5], v[22:23], 1, v[16:17]
	v_lshl_add_u64 v[6:7], v[24:25], 1, v[16:17]
	v_lshl_add_u64 v[8:9], v[26:27], 1, v[16:17]
	v_lshl_add_u64 v[10:11], v[28:29], 1, v[16:17]
	v_lshl_add_u64 v[12:13], v[30:31], 1, v[16:17]
	v_lshl_add_u64 v[14:15], v[32:33], 1, v[16:17]
	.loc	1 38 5                          ; kernel.py:38:5
	global_store_short v[0:1], v77, off
	global_store_short_d16_hi v[2:3], v77, off
	global_store_short v[4:5], v76, off
	global_store_short_d16_hi v[6:7], v76, off
	global_store_short v[8:9], v75, off
	global_store_short_d16_hi v[10:11], v75, off
	global_store_short v[12:13], v74, off
	global_store_short_d16_hi v[14:15], v74, off
	s_or_b64 exec, exec, s[2:3]
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[4:5], s[0:1], s[4:5]
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[2:3], s[4:5]
	s_cbranch_execz .LBB0_310
.LBB0_314:                              ; %.critedge84
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[0:1], v[34:35], 1, v[16:17]
	v_lshl_add_u64 v[2:3], v[36:37], 1, v[16:17]
	v_lshl_add_u64 v[4:5], v[38:39], 1, v[16:17]
	v_lshl_add_u64 v[6:7], v[40:41], 1, v[16:17]
	v_lshl_add_u64 v[8:9], v[42:43], 1, v[16:17]
	v_lshl_add_u64 v[10:11], v[44:45], 1, v[16:17]
	v_lshl_add_u64 v[12:13], v[46:47], 1, v[16:17]
	v_lshl_add_u64 v[14:15], v[48:49], 1, v[16:17]
	.loc	1 38 5                          ; kernel.py:38:5
	global_store_short v[0:1], v73, off
	global_store_short_d16_hi v[2:3], v73, off
	global_store_short v[4:5], v72, off
	global_store_short_d16_hi v[6:7], v72, off
	global_store_short v[8:9], v71, off
	global_store_short_d16_hi v[10:11], v71, off
	global_store_short v[12:13], v70, off
	global_store_short_d16_hi v[14:15], v70, off
	s_or_b64 exec, exec, s[2:3]
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[0:1], s[0:1], s[10:11]
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_saveexec_b64 s[2:3], s[0:1]
	s_cbranch_execz .LBB0_311
.LBB0_315:                              ; %.critedge98
	.loc	1 36 14                         ; kernel.py:36:14
	v_lshl_add_u64 v[0:1], v[50:51], 1, v[16:17]
	v_lshl_add_u64 v[2:3], v[52:53], 1, v[16:17]
	v_lshl_add_u64 v[4:5], v[54:55], 1, v[16:17]
	v_lshl_add_u64 v[6:7], v[56:57], 1, v[16:17]
	v_lshl_add_u64 v[8:9], v[58:59], 1, v[16:17]
	v_lshl_add_u64 v[10:11], v[60:61], 1, v[16:17]
	v_lshl_add_u64 v[12:13], v[62:63], 1, v[16:17]
	v_lshl_add_u64 v[14:15], v[64:65], 1, v[16:17]
	.loc	1 38 5                          ; kernel.py:38:5
	global_store_short v[0:1], v69, off
	global_store_short_d16_hi v[2:3], v69, off
	global_store_short v[4:5], v68, off
	global_store_short_d16_hi v[6:7], v68, off
	global_store_short v[8:9], v67, off
	global_store_short_d16_hi v[10:11], v67, off
	global_store_short v[12:13], v66, off
	global_store_short_d16_hi v[14:15], v66, off
	.loc	1 6 1                           ; kernel.py:6:1
	s_endpgm
.Ltmp17:
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
		.amdhsa_next_free_vgpr 347
		.amdhsa_next_free_sgpr 43
		.amdhsa_accum_offset 256
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
	.set .Lmatmul_kernel.num_vgpr, 256
	.set .Lmatmul_kernel.num_agpr, 91
	.set .Lmatmul_kernel.numbered_sgpr, 43
	.set .Lmatmul_kernel.num_named_barrier, 0
	.set .Lmatmul_kernel.private_seg_size, 0
	.set .Lmatmul_kernel.uses_vcc, 1
	.set .Lmatmul_kernel.uses_flat_scratch, 0
	.set .Lmatmul_kernel.has_dyn_sized_stack, 0
	.set .Lmatmul_kernel.has_recursion, 0
	.set .Lmatmul_kernel.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 14340
; TotalNumSgprs: 49
; NumVgprs: 256
; NumAgprs: 91
; TotalNumVgprs: 347
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 6
; VGPRBlocks: 43
; NumSGPRsForWavesPerEU: 49
; NumVGPRsForWavesPerEU: 347
; AccumOffset: 256
; Occupancy: 1
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 16
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 63
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
	.quad	.Ltmp15-.Lfunc_begin0
	.quad	.Ltmp16-.Lfunc_begin0
	.quad	0
	.quad	0
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"triton"                        ; string offset=0 ; triton
.Linfo_string1:
	.asciz	"kernel.py"                     ; string offset=7 ; kernel.py
.Linfo_string2:
	.asciz	"./././././././././././././././././././././././././" ; string offset=17 ; ./././././././././././././././././././././././././
.Linfo_string3:
	.asciz	"matmul_kernel"                 ; string offset=68 ; matmul_kernel
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     91
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
    .sgpr_count:     49
    .sgpr_spill_count: 0
    .symbol:         matmul_kernel.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     347
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
