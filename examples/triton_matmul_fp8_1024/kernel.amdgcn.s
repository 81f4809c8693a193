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
	.file	1 "./././././././././././././././././././././././." "kernel.py"
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
	.loc	1 28 13                         ; kernel.py:28:13
	v_readfirstlane_b32 s25, v0
	.loc	1 13 16                         ; kernel.py:13:16
	s_xor_b32 s17, s16, s17
	.loc	1 38 5                          ; kernel.py:38:5
	s_and_b32 s27, s25, 0xc0
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
	s_ashr_i32 s20, s20, 7
.Ltmp10:
	.loc	1 13 16                         ; kernel.py:13:16
	s_ashr_i32 s17, s17, 31
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
	.loc	1 19 39                         ; kernel.py:19:39
	v_and_b32_e32 v192, 63, v0
	v_mov_b32_e32 v2, 0x7f
	v_bitop3_b32 v2, s27, v2, v192 bitop3:0xc8
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
	s_abs_i32 s24, s8
	v_cvt_f32_u32_e32 v1, s24
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
	s_lshl_b32 s22, s16, 7
	.loc	1 19 15 is_stmt 0               ; kernel.py:19:15
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v1, v1
	.loc	1 19 39                         ; kernel.py:19:39
	s_lshr_b32 s18, s25, 6
	.loc	1 19 16                         ; kernel.py:19:16
	s_or_b32 s33, s22, s18
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s18, 0, s24
	v_readfirstlane_b32 s31, v1
	s_bfe_i32 s26, s16, 0x10018
	s_mul_i32 s18, s18, s31
	s_add_i32 s33, s33, s26
	s_mul_hi_u32 s18, s31, s18
	s_xor_b32 s16, s33, s26
	s_add_i32 s31, s31, s18
	s_mul_hi_u32 s18, s16, s31
	s_mul_i32 s18, s18, s24
	s_sub_i32 s16, s16, s18
	s_sub_i32 s18, s16, s24
	s_cmp_ge_u32 s16, s24
	s_cselect_b32 s16, s18, s16
	s_sub_i32 s18, s16, s24
	s_cmp_ge_u32 s16, s24
	s_cselect_b32 s16, s18, s16
	.loc	1 20 15 is_stmt 1               ; kernel.py:20:15
	s_abs_i32 s29, s9
	v_cvt_f32_u32_e32 v1, s29
	.loc	1 19 15                         ; kernel.py:19:15
	s_xor_b32 s16, s16, s26
	s_sub_i32 s18, s16, s26
	s_add_i32 s16, s33, 4
	.loc	1 20 15                         ; kernel.py:20:15
	v_rcp_f32_e32 v1, v1
	.loc	1 19 15                         ; kernel.py:19:15
	s_xor_b32 s35, s16, s26
	s_add_i32 s16, s33, 8
	s_xor_b32 s37, s16, s26
	.loc	1 20 15                         ; kernel.py:20:15
	v_mul_f32_e32 v1, 0x4f7ffffe, v1
	v_cvt_u32_f32_e32 v3, v1
	.loc	1 19 15                         ; kernel.py:19:15
	s_add_i32 s16, s33, 12
	.loc	1 20 16                         ; kernel.py:20:16
	s_lshl_b32 s23, s17, 7
	.loc	1 19 15                         ; kernel.py:19:15
	s_xor_b32 s34, s16, s26
	.loc	1 20 16                         ; kernel.py:20:16
	v_or_b32_e32 v2, s23, v2
	.loc	1 20 15 is_stmt 0               ; kernel.py:20:15
	s_bfe_i32 s30, s17, 0x10018
	s_sub_i32 s16, 0, s29
	v_add_u32_e32 v1, s30, v2
	v_mul_lo_u32 v2, s16, v3
	v_mul_hi_u32 v2, v3, v2
	v_xor_b32_e32 v1, s30, v1
	v_add_u32_e32 v2, v3, v2
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_add_i32 s36, s33, 16
	.loc	1 20 15                         ; kernel.py:20:15
	v_mad_u64_u32 v[2:3], s[16:17], v1, v2, 0
.Ltmp11:
	.loc	2 43 13                         ; standard.py:43:13 @[ kernel.py:26:23 ]
	s_add_i32 s28, s10, 63
.Ltmp12:
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s18, s18, s11
	.loc	1 22 54 is_stmt 0               ; kernel.py:22:54
	v_mul_lo_u32 v2, s12, v192
	.loc	1 26 5 is_stmt 1                ; kernel.py:26:5
	s_cmp_gt_i32 s28, 63
	.loc	1 22 23                         ; kernel.py:22:23
	v_add_u32_e32 v64, s18, v2
	.loc	1 26 5                          ; kernel.py:26:5
	s_cselect_b64 s[16:17], -1, 0
	.loc	1 27 34                         ; kernel.py:27:34
	v_cmp_gt_i32_e32 vcc, s10, v192
	.loc	1 19 15                         ; kernel.py:19:15
	s_mul_hi_u32 s40, s35, s31
	s_mul_hi_u32 s38, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v65, 31, v64
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], vcc, s[16:17]
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_2
; %bb.1:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[6:7], s[2:3], 0, v[64:65]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v5, v[6:7], off
.LBB0_2:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s24
	s_sub_i32 s20, s35, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 20
	s_xor_b32 s36, s36, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v66, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v67, 31, v66
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_4
; %bb.3:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[6:7], s[2:3], 0, v[66:67]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v4, v[6:7], off
.LBB0_4:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s24
	s_sub_i32 s20, s37, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 24
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v68, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v69, 31, v68
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_6
; %bb.5:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[8:9], s[2:3], 0, v[68:69]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v7, v[8:9], off
.LBB0_6:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s24
	s_sub_i32 s20, s34, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 28
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v70, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v71, 31, v70
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_8
; %bb.7:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[8:9], s[2:3], 0, v[70:71]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v6, v[8:9], off
.LBB0_8:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s24
	s_sub_i32 s20, s36, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 32
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v72, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v73, 31, v72
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_10
; %bb.9:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[10:11], s[2:3], 0, v[72:73]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v9, v[10:11], off
.LBB0_10:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s24
	s_sub_i32 s20, s35, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 36
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v74, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v75, 31, v74
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_12
; %bb.11:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[10:11], s[2:3], 0, v[74:75]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v8, v[10:11], off
.LBB0_12:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s24
	s_sub_i32 s20, s37, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 40
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v76, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v77, 31, v76
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_14
; %bb.13:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[12:13], s[2:3], 0, v[76:77]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v11, v[12:13], off
.LBB0_14:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s24
	s_sub_i32 s20, s34, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 44
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v78, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v79, 31, v78
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_16
; %bb.15:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[12:13], s[2:3], 0, v[78:79]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v10, v[12:13], off
.LBB0_16:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s24
	s_sub_i32 s20, s36, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 48
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v80, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v81, 31, v80
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_18
; %bb.17:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[14:15], s[2:3], 0, v[80:81]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v13, v[14:15], off
.LBB0_18:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s24
	s_sub_i32 s20, s35, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 52
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v82, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v83, 31, v82
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_20
; %bb.19:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[14:15], s[2:3], 0, v[82:83]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v12, v[14:15], off
.LBB0_20:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s24
	s_sub_i32 s20, s37, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 56
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v84, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v85, 31, v84
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_22
; %bb.21:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[16:17], s[2:3], 0, v[84:85]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v15, v[16:17], off
.LBB0_22:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s24
	s_sub_i32 s20, s34, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 60
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v86, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v87, 31, v86
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_24
; %bb.23:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[16:17], s[2:3], 0, v[86:87]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v14, v[16:17], off
.LBB0_24:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s24
	s_sub_i32 s20, s36, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 64
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v88, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v89, 31, v88
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v17, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_26
; %bb.25:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[18:19], s[2:3], 0, v[88:89]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v17, v[18:19], off
.LBB0_26:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s24
	s_sub_i32 s20, s35, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x44
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v90, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v91, 31, v90
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_28
; %bb.27:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[18:19], s[2:3], 0, v[90:91]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v16, v[18:19], off
.LBB0_28:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s24
	s_sub_i32 s20, s37, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x48
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v92, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v93, 31, v92
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v19, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_30
; %bb.29:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[20:21], s[2:3], 0, v[92:93]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v19, v[20:21], off
.LBB0_30:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s24
	s_sub_i32 s20, s34, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x4c
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v94, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v95, 31, v94
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_32
; %bb.31:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[20:21], s[2:3], 0, v[94:95]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v18, v[20:21], off
.LBB0_32:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s24
	s_sub_i32 s20, s36, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x50
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v96, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v97, 31, v96
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v21, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_34
; %bb.33:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[22:23], s[2:3], 0, v[96:97]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v21, v[22:23], off
.LBB0_34:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s24
	s_sub_i32 s20, s35, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x54
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v98, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v99, 31, v98
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_36
; %bb.35:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[22:23], s[2:3], 0, v[98:99]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v20, v[22:23], off
.LBB0_36:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s24
	s_sub_i32 s20, s37, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x58
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v100, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v101, 31, v100
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v23, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_38
; %bb.37:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[24:25], s[2:3], 0, v[100:101]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v23, v[24:25], off
.LBB0_38:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s24
	s_sub_i32 s20, s34, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x5c
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v102, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v103, 31, v102
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_40
; %bb.39:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[24:25], s[2:3], 0, v[102:103]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v22, v[24:25], off
.LBB0_40:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s24
	s_sub_i32 s20, s36, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x60
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v104, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v105, 31, v104
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v25, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_42
; %bb.41:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[26:27], s[2:3], 0, v[104:105]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v25, v[26:27], off
.LBB0_42:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s24
	s_sub_i32 s20, s35, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x64
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v106, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v107, 31, v106
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_44
; %bb.43:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[26:27], s[2:3], 0, v[106:107]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v24, v[26:27], off
.LBB0_44:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s24
	s_sub_i32 s20, s37, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x68
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v108, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v109, 31, v108
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v27, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_46
; %bb.45:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[28:29], s[2:3], 0, v[108:109]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v27, v[28:29], off
.LBB0_46:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s24
	s_sub_i32 s20, s34, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x6c
	s_xor_b32 s37, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v110, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v111, 31, v110
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_48
; %bb.47:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[28:29], s[2:3], 0, v[110:111]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v26, v[28:29], off
.LBB0_48:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s24
	s_sub_i32 s20, s36, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x70
	s_xor_b32 s34, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v112, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s37, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v113, 31, v112
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v29, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_50
; %bb.49:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[30:31], s[2:3], 0, v[112:113]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v29, v[30:31], off
.LBB0_50:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s24
	s_sub_i32 s20, s35, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s42, s33, 0x74
	s_xor_b32 s36, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v114, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s39, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v115, 31, v114
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_52
; %bb.51:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[30:31], s[2:3], 0, v[114:115]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v28, v[30:31], off
.LBB0_52:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s24
	s_sub_i32 s20, s37, s38
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s41, s33, 0x78
	s_xor_b32 s35, s42, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v116, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s40, s36, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v117, 31, v116
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v31, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_54
; %bb.53:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[32:33], s[2:3], 0, v[116:117]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v31, v[32:33], off
.LBB0_54:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s39, s39, s24
	s_sub_i32 s20, s34, s39
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_add_i32 s38, s33, 0x7c
	s_xor_b32 s33, s41, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v118, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s37, s35, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v119, 31, v118
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_56
; %bb.55:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[32:33], s[2:3], 0, v[118:119]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v30, v[32:33], off
.LBB0_56:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s40, s40, s24
	s_sub_i32 s20, s36, s40
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_xor_b32 s34, s38, s26
	.loc	1 19 15                         ; kernel.py:19:15
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23 is_stmt 1               ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v120, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s38, s33, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v121, 31, v120
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v33, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_58
; %bb.57:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[34:35], s[2:3], 0, v[120:121]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v33, v[34:35], off
.LBB0_58:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s37, s37, s24
	s_sub_i32 s20, s35, s37
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v122, s20, v2
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	s_mul_hi_u32 s31, s34, s31
	.loc	1 22 14                         ; kernel.py:22:14
	v_ashrrev_i32_e32 v123, 31, v122
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_60
; %bb.59:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[34:35], s[2:3], 0, v[122:123]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v32, v[34:35], off
.LBB0_60:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s38, s38, s24
	s_sub_i32 s20, s33, s38
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v124, s20, v2
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v125, 31, v124
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v35, 0
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_62
; %bb.61:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[36:37], s[2:3], 0, v[124:125]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v35, v[36:37], off
.LBB0_62:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 19 15 is_stmt 1               ; kernel.py:19:15
	s_mul_i32 s31, s31, s24
	s_sub_i32 s20, s34, s31
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_sub_i32 s21, s20, s24
	s_cmp_ge_u32 s20, s24
	s_cselect_b32 s20, s21, s20
	s_xor_b32 s20, s20, s26
	s_sub_i32 s20, s20, s26
	.loc	1 22 23                         ; kernel.py:22:23
	s_mul_i32 s20, s20, s11
	v_add_u32_e32 v126, s20, v2
	.loc	1 22 14 is_stmt 0               ; kernel.py:22:14
	v_ashrrev_i32_e32 v127, 31, v126
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	s_and_saveexec_b64 s[20:21], s[18:19]
	s_cbranch_execz .LBB0_64
; %bb.63:
	.loc	1 22 14                         ; kernel.py:22:14
	v_lshl_add_u64 v[36:37], s[2:3], 0, v[126:127]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v34, v[36:37], off
.LBB0_64:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[20:21]
	.loc	1 20 15 is_stmt 1               ; kernel.py:20:15
	v_mul_lo_u32 v2, v3, s29
	v_sub_u32_e32 v1, v1, v2
	v_subrev_u32_e32 v2, s29, v1
	v_cmp_le_u32_e32 vcc, s29, v1
	.loc	1 23 23                         ; kernel.py:23:23
	s_bfe_u32 s20, s25, 0x10007
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s20, s10
	.loc	1 20 15                         ; kernel.py:20:15
	v_cndmask_b32_e32 v1, v1, v2, vcc
	v_subrev_u32_e32 v2, s29, v1
	v_cmp_le_u32_e32 vcc, s29, v1
	.loc	1 28 34                         ; kernel.py:28:34
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 20 15                         ; kernel.py:20:15
	v_cndmask_b32_e32 v1, v1, v2, vcc
	v_xor_b32_e32 v1, s30, v1
	v_subrev_u32_e32 v1, s30, v1
	.loc	1 23 23                         ; kernel.py:23:23
	s_mul_i32 s11, s20, s13
	.loc	1 23 53 is_stmt 0               ; kernel.py:23:53
	v_mul_lo_u32 v1, v1, s14
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_add_u32_e32 v128, s11, v1
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v129, 31, v128
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_66
; %bb.65:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[2:3], s[4:5], 0, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v1, v[2:3], off
	s_branch .LBB0_67
.LBB0_66:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v1, 0
.LBB0_67:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v130, s13, 1, v128
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v131, 31, v130
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_69
; %bb.68:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[2:3], s[4:5], 0, v[130:131]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v2, v[2:3], off
	s_branch .LBB0_70
.LBB0_69:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v2, 0
.LBB0_70:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v132, s13, 2, v128
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v133, 31, v132
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_72
; %bb.71:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[36:37], s[4:5], 0, v[132:133]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v3, v[36:37], off
	s_branch .LBB0_73
.LBB0_72:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v3, 0
.LBB0_73:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[134:135], s[30:31], s13, 6, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v135, 31, v134
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_75
; %bb.74:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[36:37], s[4:5], 0, v[134:135]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v36, v[36:37], off
	s_branch .LBB0_76
.LBB0_75:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v36, 0
.LBB0_76:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v136, s13, 3, v128
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v137, 31, v136
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_78
; %bb.77:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[38:39], s[4:5], 0, v[136:137]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v37, v[38:39], off
	s_branch .LBB0_79
.LBB0_78:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v37, 0
.LBB0_79:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[138:139], s[30:31], s13, 10, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v139, 31, v138
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_81
; %bb.80:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[38:39], s[4:5], 0, v[138:139]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v38, v[38:39], off
	s_branch .LBB0_82
.LBB0_81:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v38, 0
.LBB0_82:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[140:141], s[30:31], s13, 12, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v141, 31, v140
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_84
; %bb.83:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[40:41], s[4:5], 0, v[140:141]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v39, v[40:41], off
	s_branch .LBB0_85
.LBB0_84:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v39, 0
.LBB0_85:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[142:143], s[30:31], s13, 14, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v143, 31, v142
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_87
; %bb.86:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[40:41], s[4:5], 0, v[142:143]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v40, v[40:41], off
	s_branch .LBB0_88
.LBB0_87:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v40, 0
.LBB0_88:
	.loc	1 23 23 is_stmt 1               ; kernel.py:23:23
	s_or_b32 s24, s20, 16
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s24, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v144, s13, 4, v128
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v145, 31, v144
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_90
; %bb.89:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[42:43], s[4:5], 0, v[144:145]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v41, v[42:43], off
	s_branch .LBB0_91
.LBB0_90:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v41, 0
.LBB0_91:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[146:147], s[30:31], s13, 18, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v147, 31, v146
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_93
; %bb.92:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[42:43], s[4:5], 0, v[146:147]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v42, v[42:43], off
	s_branch .LBB0_94
.LBB0_93:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v42, 0
.LBB0_94:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[148:149], s[30:31], s13, 20, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v149, 31, v148
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_96
; %bb.95:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[44:45], s[4:5], 0, v[148:149]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v43, v[44:45], off
	s_branch .LBB0_97
.LBB0_96:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v43, 0
.LBB0_97:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[150:151], s[30:31], s13, 22, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v151, 31, v150
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_99
; %bb.98:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[44:45], s[4:5], 0, v[150:151]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v44, v[44:45], off
	s_branch .LBB0_100
.LBB0_99:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v44, 0
.LBB0_100:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[152:153], s[30:31], s13, 24, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v153, 31, v152
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_102
; %bb.101:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[46:47], s[4:5], 0, v[152:153]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v45, v[46:47], off
	s_branch .LBB0_103
.LBB0_102:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v45, 0
.LBB0_103:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[154:155], s[30:31], s13, 26, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v155, 31, v154
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_105
; %bb.104:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[46:47], s[4:5], 0, v[154:155]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v46, v[46:47], off
	s_branch .LBB0_106
.LBB0_105:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v46, 0
.LBB0_106:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[156:157], s[30:31], s13, 28, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v157, 31, v156
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_108
; %bb.107:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[48:49], s[4:5], 0, v[156:157]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v47, v[48:49], off
	s_branch .LBB0_109
.LBB0_108:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v47, 0
.LBB0_109:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[158:159], s[30:31], s13, 30, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v159, 31, v158
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_111
; %bb.110:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[48:49], s[4:5], 0, v[158:159]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v48, v[48:49], off
	s_branch .LBB0_112
.LBB0_111:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v48, 0
.LBB0_112:
	.loc	1 23 23 is_stmt 1               ; kernel.py:23:23
	s_or_b32 s26, s20, 32
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s26, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_lshl_add_u32 v160, s13, 5, v128
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v161, 31, v160
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_114
; %bb.113:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[50:51], s[4:5], 0, v[160:161]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v49, v[50:51], off
	s_branch .LBB0_115
.LBB0_114:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v49, 0
.LBB0_115:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[162:163], s[30:31], s13, 34, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v163, 31, v162
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_117
; %bb.116:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[50:51], s[4:5], 0, v[162:163]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v50, v[50:51], off
	s_branch .LBB0_118
.LBB0_117:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v50, 0
.LBB0_118:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[164:165], s[30:31], s13, 36, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v165, 31, v164
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_120
; %bb.119:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[52:53], s[4:5], 0, v[164:165]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v51, v[52:53], off
	s_branch .LBB0_121
.LBB0_120:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v51, 0
.LBB0_121:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[166:167], s[30:31], s13, 38, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v167, 31, v166
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_123
; %bb.122:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[52:53], s[4:5], 0, v[166:167]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v52, v[52:53], off
	s_branch .LBB0_124
.LBB0_123:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v52, 0
.LBB0_124:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[168:169], s[30:31], s13, 40, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v169, 31, v168
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_126
; %bb.125:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[54:55], s[4:5], 0, v[168:169]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v53, v[54:55], off
	s_branch .LBB0_127
.LBB0_126:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v53, 0
.LBB0_127:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[170:171], s[30:31], s13, 42, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v171, 31, v170
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_129
; %bb.128:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[54:55], s[4:5], 0, v[170:171]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v54, v[54:55], off
	s_branch .LBB0_130
.LBB0_129:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v54, 0
.LBB0_130:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[172:173], s[30:31], s13, 44, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v173, 31, v172
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_132
; %bb.131:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[56:57], s[4:5], 0, v[172:173]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v55, v[56:57], off
	s_branch .LBB0_133
.LBB0_132:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v55, 0
.LBB0_133:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[174:175], s[30:31], s13, 46, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v175, 31, v174
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_135
; %bb.134:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[56:57], s[4:5], 0, v[174:175]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v56, v[56:57], off
	s_branch .LBB0_136
.LBB0_135:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v56, 0
.LBB0_136:
	.loc	1 23 23 is_stmt 1               ; kernel.py:23:23
	s_or_b32 s29, s20, 48
	v_mad_u64_u32 v[176:177], s[18:19], s13, 48, v[128:129]
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s29, s10
	s_cselect_b64 s[18:19], -1, 0
	.loc	1 26 5                          ; kernel.py:26:5
	s_and_b64 s[18:19], s[16:17], s[18:19]
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v177, 31, v176
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_138
; %bb.137:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[58:59], s[4:5], 0, v[176:177]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v57, v[58:59], off
	s_branch .LBB0_139
.LBB0_138:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v57, 0
.LBB0_139:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[178:179], s[30:31], s13, 50, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v179, 31, v178
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_141
; %bb.140:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[58:59], s[4:5], 0, v[178:179]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v58, v[58:59], off
	s_branch .LBB0_142
.LBB0_141:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v58, 0
.LBB0_142:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[180:181], s[30:31], s13, 52, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v181, 31, v180
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_144
; %bb.143:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[60:61], s[4:5], 0, v[180:181]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v59, v[60:61], off
	s_branch .LBB0_145
.LBB0_144:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v59, 0
.LBB0_145:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[182:183], s[30:31], s13, 54, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v183, 31, v182
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_147
; %bb.146:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[60:61], s[4:5], 0, v[182:183]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v60, v[60:61], off
	s_branch .LBB0_148
.LBB0_147:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v60, 0
.LBB0_148:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[184:185], s[30:31], s13, 56, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v185, 31, v184
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_150
; %bb.149:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[62:63], s[4:5], 0, v[184:185]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v61, v[62:63], off
	s_branch .LBB0_151
.LBB0_150:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v61, 0
.LBB0_151:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[186:187], s[30:31], s13, 58, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v187, 31, v186
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_153
; %bb.152:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[62:63], s[4:5], 0, v[186:187]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v62, v[62:63], off
	s_branch .LBB0_154
.LBB0_153:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v62, 0
.LBB0_154:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[30:31], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[188:189], s[30:31], s13, 60, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14                         ; kernel.py:23:14
	v_ashrrev_i32_e32 v189, 31, v188
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_156
; %bb.155:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[190:191], s[4:5], 0, v[188:189]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v63, v[190:191], off
	s_branch .LBB0_157
.LBB0_156:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v63, 0
.LBB0_157:
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[18:19], s[18:19], exec
	.loc	1 23 23                         ; kernel.py:23:23
	v_mad_u64_u32 v[190:191], s[30:31], s13, 62, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	s_cselect_b32 s11, 1, 0
	.loc	1 0 0 is_stmt 0                 ; kernel.py:0
	v_or_b32_e32 v199, s27, v192
	.loc	1 28 13                         ; kernel.py:28:13
	s_cmp_lg_u32 s11, 1
	.loc	1 23 14 is_stmt 1               ; kernel.py:23:14
	v_ashrrev_i32_e32 v191, 31, v190
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_159
; %bb.158:
	.loc	1 23 14                         ; kernel.py:23:14
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[190:191]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte v193, v[194:195], off
	s_branch .LBB0_160
.LBB0_159:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_mov_b32_e32 v193, 0
.LBB0_160:
	.loc	1 27 13 is_stmt 1               ; kernel.py:27:13
	v_add_u32_e32 v194, 0, v199
	v_xor_b32_e32 v200, 16, v199
	s_waitcnt vmcnt(0)
	ds_write_b8 v194, v5
	ds_write_b8 v194, v9 offset:1024
	ds_write_b8 v194, v13 offset:2048
	ds_write_b8 v194, v17 offset:3072
	ds_write_b8 v194, v21 offset:4096
	ds_write_b8 v194, v25 offset:5120
	ds_write_b8 v194, v29 offset:6144
	ds_write_b8 v194, v33 offset:7168
	v_add_u32_e32 v5, 0, v200
	v_xor_b32_e32 v201, 32, v199
	ds_write_b8 v5, v4 offset:256
	ds_write_b8 v5, v8 offset:1280
	ds_write_b8 v5, v12 offset:2304
	ds_write_b8 v5, v16 offset:3328
	ds_write_b8 v5, v20 offset:4352
	ds_write_b8 v5, v24 offset:5376
	ds_write_b8 v5, v28 offset:6400
	ds_write_b8 v5, v32 offset:7424
	v_add_u32_e32 v4, 0, v201
	v_xor_b32_e32 v202, 48, v199
	ds_write_b8 v4, v7 offset:512
	ds_write_b8 v4, v11 offset:1536
	ds_write_b8 v4, v15 offset:2560
	ds_write_b8 v4, v19 offset:3584
	ds_write_b8 v4, v23 offset:4608
	ds_write_b8 v4, v27 offset:5632
	ds_write_b8 v4, v31 offset:6656
	ds_write_b8 v4, v35 offset:7680
	v_add_u32_e32 v7, 0, v202
	v_xor_b32_e32 v203, 64, v199
	ds_write_b8 v7, v6 offset:768
	ds_write_b8 v7, v10 offset:1792
	ds_write_b8 v7, v14 offset:2816
	ds_write_b8 v7, v18 offset:3840
	ds_write_b8 v7, v22 offset:4864
	ds_write_b8 v7, v26 offset:5888
	ds_write_b8 v7, v30 offset:6912
	ds_write_b8 v7, v34 offset:7936
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b8 v194, v1 offset:16384
	ds_write_b8 v194, v41 offset:18432
	ds_write_b8 v194, v49 offset:20480
	ds_write_b8 v194, v57 offset:22528
	ds_write_b8 v5, v2 offset:16640
	ds_write_b8 v5, v42 offset:18688
	ds_write_b8 v5, v50 offset:20736
	ds_write_b8 v5, v58 offset:22784
	ds_write_b8 v4, v3 offset:16896
	ds_write_b8 v4, v43 offset:18944
	ds_write_b8 v4, v51 offset:20992
	ds_write_b8 v4, v59 offset:23040
	ds_write_b8 v7, v36 offset:17152
	ds_write_b8 v7, v44 offset:19200
	ds_write_b8 v7, v52 offset:21248
	ds_write_b8 v7, v60 offset:23296
	v_add_u32_e32 v1, 0, v203
	v_xor_b32_e32 v204, 0x50, v199
	ds_write_b8 v1, v37 offset:17408
	ds_write_b8 v1, v45 offset:19456
	ds_write_b8 v1, v53 offset:21504
	ds_write_b8 v1, v61 offset:23552
	v_add_u32_e32 v1, 0, v204
	v_xor_b32_e32 v205, 0x60, v199
	.loc	1 19 39                         ; kernel.py:19:39
	s_lshr_b32 s11, s25, 1
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b8 v1, v38 offset:17664
	ds_write_b8 v1, v46 offset:19712
	ds_write_b8 v1, v54 offset:21760
	ds_write_b8 v1, v62 offset:23808
	v_add_u32_e32 v1, 0, v205
	v_xor_b32_e32 v206, 0x70, v199
	.loc	1 19 39                         ; kernel.py:19:39
	s_and_b32 s14, s11, 32
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b8 v1, v39 offset:17920
	ds_write_b8 v1, v47 offset:19968
	ds_write_b8 v1, v55 offset:22016
	ds_write_b8 v1, v63 offset:24064
	v_add_u32_e32 v1, 0, v206
	.loc	1 27 13                         ; kernel.py:27:13
	s_mov_b32 s31, 0
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b8 v1, v40 offset:18176
	ds_write_b8 v1, v48 offset:20224
	ds_write_b8 v1, v56 offset:22272
	ds_write_b8 v1, v193 offset:24320
	.loc	1 26 5                          ; kernel.py:26:5
	s_cmpk_gt_i32 s28, 0x7f
	v_lshlrev_b32_e32 v4, 2, v0
	v_lshlrev_b32_e32 v1, 6, v0
	v_lshlrev_b32_e32 v3, 3, v0
	v_and_b32_e32 v2, 16, v0
	s_cbranch_scc1 .LBB0_162
; %bb.161:                              ; %.._crit_edge_crit_edge
	.loc	1 27 13                         ; kernel.py:27:13
	v_and_b32_e32 v193, 48, v4
	.loc	1 28 13                         ; kernel.py:28:13
	s_movk_i32 s11, 0xb80
	v_and_or_b32 v5, v1, s11, v193
	v_and_b32_e32 v197, 8, v3
	v_bitop3_b32 v198, s14, v5, v2 bitop3:0x36
	s_mov_b64 s[18:19], 0
	s_branch .LBB0_163
.LBB0_162:
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_mov_b64 s[18:19], -1
                                        ; implicit-def: $vgpr193
                                        ; implicit-def: $vgpr197
                                        ; implicit-def: $vgpr198
.LBB0_163:                              ; %Flow479
	s_and_b32 s21, s25, 0x80
	s_and_b64 s[18:19], s[18:19], exec
	v_and_b32_e32 v196, 32, v0
	s_cselect_b32 s11, 1, 0
	v_and_b32_e32 v194, 31, v0
	s_cmp_lg_u32 s11, 1
	v_lshrrev_b32_e32 v195, 1, v196
	s_cbranch_scc1 .LBB0_295
; %bb.164:                              ; %.lr.ph
.Ltmp13:
	.loc	2 43 12 is_stmt 1               ; standard.py:43:12 @[ kernel.py:26:23 ]
	s_ashr_i32 s11, s28, 31
	s_lshr_b32 s11, s11, 26
	s_add_i32 s28, s28, s11
	s_ashr_i32 s11, s28, 6
.Ltmp14:
	.loc	1 31 19                         ; kernel.py:31:19
	s_lshl_b32 s13, s13, 6
	.loc	1 30 19                         ; kernel.py:30:19
	s_lshl_b32 s12, s12, 6
	s_ashr_i32 s18, s12, 31
	s_ashr_i32 s19, s13, 31
	v_lshlrev_b32_e32 v0, 6, v194
	v_and_b32_e32 v193, 48, v4
	s_lshl_b32 s25, s21, 4
	.loc	1 26 5                          ; kernel.py:26:5
	s_max_i32 s11, s11, 2
	v_or_b32_e32 v4, v0, v193
	v_bitop3_b32 v0, v0, v195, v193 bitop3:0x36
	s_add_u32 s4, s4, s13
	v_bitop3_b32 v207, s25, v4, v195 bitop3:0xf6
	v_bitop3_b32 v208, s25, 32, v0 bitop3:0x36
	s_movk_i32 s25, 0xb80
	s_addc_u32 s5, s5, s19
	v_and_or_b32 v0, v1, s25, v193
	s_add_u32 s2, s2, s12
	v_mov_b32_e32 v32, 0
	v_accvgpr_write_b32 a33, v194
	v_accvgpr_write_b32 a50, v195
	v_and_b32_e32 v197, 8, v3
	v_bitop3_b32 v198, s14, v0, v2 bitop3:0x36
	s_addc_u32 s3, s3, s18
	s_add_i32 s25, s11, -1
	s_movk_i32 s28, 0x4000
	s_sub_i32 s27, s10, 64
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
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[190:191]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a31, v[194:195], off
.LBB0_166:                              ;   in Loop: Header=BB0_167 Depth=1
	v_add3_u32 v194, s28, v197, v198
	ds_read_b64_tr_b8 a[38:39], v194 offset:4096
	ds_read_b64_tr_b8 a[40:41], v194 offset:5184
	ds_read_b64_tr_b8 a[34:35], v194
	ds_read_b64_tr_b8 a[36:37], v194 offset:1088
	ds_read_b64_tr_b8 a[42:43], v194 offset:64
	ds_read_b64_tr_b8 a[44:45], v194 offset:1024
	ds_read_b64_tr_b8 a[46:47], v194 offset:4160
	ds_read_b64_tr_b8 a[48:49], v194 offset:5120
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(4)
	v_mfma_f32_32x32x64_f8f6f4 v[32:47], a[34:41], v[218:225], v[32:47]
	.loc	1 26 5                          ; kernel.py:26:5
	s_add_i32 s10, s30, 1
	s_cmp_lt_i32 s10, 2
	s_cselect_b32 s30, s10, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_lshl_b32 s31, s30, 13
	v_add_u32_e32 v194, s31, v199
	v_add_u32_e32 v195, s31, v200
	.loc	1 28 13                         ; kernel.py:28:13
	s_add_i32 s28, s31, 0x4000
	.loc	1 27 13                         ; kernel.py:27:13
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_waitcnt vmcnt(0)
	ds_write_b8 v194, v226
	ds_write_b8 v194, v229 offset:1024
	ds_write_b8 v194, v233 offset:2048
	ds_write_b8 v194, v237 offset:3072
	ds_write_b8 v194, v241 offset:4096
	ds_write_b8 v194, v245 offset:5120
	ds_write_b8 v194, v249 offset:6144
	ds_write_b8 v194, v253 offset:7168
	ds_write_b8 v195, v227 offset:256
	ds_write_b8 v195, v231 offset:1280
	ds_write_b8 v195, v235 offset:2304
	ds_write_b8 v195, v239 offset:3328
	ds_write_b8 v195, v243 offset:4352
	ds_write_b8 v195, v247 offset:5376
	ds_write_b8 v195, v251 offset:6400
	ds_write_b8 v195, v255 offset:7424
	.loc	1 26 5                          ; kernel.py:26:5
	s_add_u32 s4, s4, s13
	s_addc_u32 s5, s5, s19
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x64_f8f6f4 v[48:63], a[42:49], v[218:225], v[48:63]
	.loc	1 27 13                         ; kernel.py:27:13
	v_add_u32_e32 v218, s31, v201
	ds_write_b8 v218, v209 offset:512
	ds_write_b8 v218, v230 offset:1536
	ds_write_b8 v218, v234 offset:2560
	ds_write_b8 v218, v238 offset:3584
	ds_write_b8 v218, v242 offset:4608
	ds_write_b8 v218, v246 offset:5632
	ds_write_b8 v218, v250 offset:6656
	ds_write_b8 v218, v254 offset:7680
	v_add_u32_e32 v209, s31, v202
	ds_write_b8 v209, v228 offset:768
	ds_write_b8 v209, v232 offset:1792
	ds_write_b8 v209, v236 offset:2816
	ds_write_b8 v209, v240 offset:3840
	ds_write_b8 v209, v244 offset:4864
	ds_write_b8 v209, v248 offset:5888
	ds_write_b8 v209, v252 offset:6912
	ds_write_b8 v209, a0 offset:7936
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b8 v194, a1 offset:16384
	ds_write_b8 v194, a9 offset:18432
	ds_write_b8 v194, a17 offset:20480
	ds_write_b8 v194, a25 offset:22528
	ds_write_b8 v195, a2 offset:16640
	ds_write_b8 v195, a10 offset:18688
	v_add_u32_e32 v194, s31, v203
	ds_write_b8 v195, a18 offset:20736
	ds_write_b8 v195, a26 offset:22784
	ds_write_b8 v218, a3 offset:16896
	ds_write_b8 v218, a11 offset:18944
	ds_write_b8 v218, a19 offset:20992
	ds_write_b8 v218, a27 offset:23040
	ds_write_b8 v209, a4 offset:17152
	ds_write_b8 v209, a12 offset:19200
	ds_write_b8 v209, a20 offset:21248
	ds_write_b8 v209, a28 offset:23296
	ds_write_b8 v194, a5 offset:17408
	ds_write_b8 v194, a13 offset:19456
	ds_write_b8 v194, a21 offset:21504
	ds_write_b8 v194, a29 offset:23552
	v_add_u32_e32 v194, s31, v204
	.loc	1 26 5                          ; kernel.py:26:5
	s_add_u32 s2, s2, s12
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b8 v194, a6 offset:17664
	ds_write_b8 v194, a14 offset:19712
	ds_write_b8 v194, a22 offset:21760
	ds_write_b8 v194, a30 offset:23808
	v_add_u32_e32 v194, s31, v205
	.loc	1 26 5                          ; kernel.py:26:5
	s_addc_u32 s3, s3, s18
	s_add_i32 s25, s25, -1
	s_sub_i32 s27, s27, 64
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x64_f8f6f4 v[16:31], a[34:41], v[210:217], v[16:31]
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b8 v194, a7 offset:17920
	ds_write_b8 v194, a15 offset:19968
	ds_write_b8 v194, a23 offset:22016
	ds_write_b8 v194, a32 offset:24064
	v_add_u32_e32 v194, s31, v206
	.loc	1 26 5                          ; kernel.py:26:5
	s_cmp_lg_u32 s25, 0
	.loc	1 28 13                         ; kernel.py:28:13
	ds_write_b8 v194, a8 offset:18176
	ds_write_b8 v194, a16 offset:20224
	ds_write_b8 v194, a24 offset:22272
	ds_write_b8 v194, a31 offset:24320
	.loc	1 29 23                         ; kernel.py:29:23
	v_mfma_f32_32x32x64_f8f6f4 v[0:15], a[42:49], v[210:217], v[0:15]
	.loc	1 26 5                          ; kernel.py:26:5
	s_cbranch_scc0 .LBB0_296
.LBB0_167:                              ; =>This Inner Loop Header: Depth=1
	.loc	1 27 34                         ; kernel.py:27:34
	v_cmp_gt_i32_e32 vcc, s27, v192
	v_mov_b32_e32 v226, 0
	.loc	1 27 13 is_stmt 0               ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_169
; %bb.168:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[64:65]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v226, v[210:211], off
.LBB0_169:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v209, 0
	v_mov_b32_e32 v227, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_171
; %bb.170:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[66:67]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v227, v[210:211], off
.LBB0_171:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_173
; %bb.172:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[68:69]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v209, v[210:211], off
.LBB0_173:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v229, 0
	v_mov_b32_e32 v228, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_175
; %bb.174:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[70:71]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v228, v[210:211], off
.LBB0_175:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_177
; %bb.176:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[72:73]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v229, v[210:211], off
.LBB0_177:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v230, 0
	v_mov_b32_e32 v231, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_179
; %bb.178:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[74:75]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v231, v[210:211], off
.LBB0_179:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_181
; %bb.180:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[76:77]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v230, v[210:211], off
.LBB0_181:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v233, 0
	v_mov_b32_e32 v232, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_183
; %bb.182:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[78:79]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v232, v[210:211], off
.LBB0_183:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_185
; %bb.184:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[80:81]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v233, v[210:211], off
.LBB0_185:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v234, 0
	v_mov_b32_e32 v235, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_187
; %bb.186:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[82:83]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v235, v[210:211], off
.LBB0_187:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_189
; %bb.188:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[84:85]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v234, v[210:211], off
.LBB0_189:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v237, 0
	v_mov_b32_e32 v236, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_191
; %bb.190:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[86:87]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v236, v[210:211], off
.LBB0_191:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_193
; %bb.192:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[88:89]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v237, v[210:211], off
.LBB0_193:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v238, 0
	v_mov_b32_e32 v239, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_195
; %bb.194:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[90:91]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v239, v[210:211], off
.LBB0_195:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_197
; %bb.196:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[92:93]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v238, v[210:211], off
.LBB0_197:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v241, 0
	v_mov_b32_e32 v240, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_199
; %bb.198:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[94:95]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v240, v[210:211], off
.LBB0_199:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_201
; %bb.200:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[96:97]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v241, v[210:211], off
.LBB0_201:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v242, 0
	v_mov_b32_e32 v243, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_203
; %bb.202:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[98:99]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v243, v[210:211], off
.LBB0_203:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_205
; %bb.204:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[100:101]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v242, v[210:211], off
.LBB0_205:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v245, 0
	v_mov_b32_e32 v244, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_207
; %bb.206:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[102:103]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v244, v[210:211], off
.LBB0_207:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_209
; %bb.208:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[104:105]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v245, v[210:211], off
.LBB0_209:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v246, 0
	v_mov_b32_e32 v247, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_211
; %bb.210:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[106:107]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v247, v[210:211], off
.LBB0_211:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_213
; %bb.212:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[108:109]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v246, v[210:211], off
.LBB0_213:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v249, 0
	v_mov_b32_e32 v248, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_215
; %bb.214:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[110:111]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v248, v[210:211], off
.LBB0_215:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_217
; %bb.216:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[112:113]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v249, v[210:211], off
.LBB0_217:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v250, 0
	v_mov_b32_e32 v251, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_219
; %bb.218:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[114:115]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v251, v[210:211], off
.LBB0_219:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_221
; %bb.220:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[116:117]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v250, v[210:211], off
.LBB0_221:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v253, 0
	v_mov_b32_e32 v252, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_223
; %bb.222:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[118:119]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v252, v[210:211], off
.LBB0_223:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_225
; %bb.224:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[120:121]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v253, v[210:211], off
.LBB0_225:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	v_mov_b32_e32 v254, 0
	v_mov_b32_e32 v255, 0
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
	v_accvgpr_write_b32 a0, 0
	.loc	1 27 13                         ; kernel.py:27:13
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_229
.LBB0_228:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[126:127]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte a0, v[210:211], off
.LBB0_229:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	s_or_b64 exec, exec, s[10:11]
	.loc	1 27 13                         ; kernel.py:27:13
	v_add_u32_e32 v194, s31, v207
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b128 v[218:221], v194
	ds_read_b128 v[210:213], v194 offset:4096
	v_add_u32_e32 v194, s31, v208
	ds_read_b128 v[222:225], v194
	.loc	1 28 34 is_stmt 1               ; kernel.py:28:34
	ds_read_b128 v[214:217], v194 offset:4096
	s_cmp_lt_i32 s20, s27
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s20, s27
	.loc	1 28 13 is_stmt 0               ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_263
; %bb.230:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[128:129]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a1, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_264
.LBB0_231:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_accvgpr_write_b32 a2, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_265
.LBB0_232:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a3, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_266
.LBB0_233:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a4, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_267
.LBB0_234:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a5, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_268
.LBB0_235:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a6, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_269
.LBB0_236:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a7, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_270
.LBB0_237:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a8, 0
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s24, s27
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s24, s27
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc0 .LBB0_271
.LBB0_238:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a9, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_272
.LBB0_239:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a10, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_273
.LBB0_240:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a11, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_274
.LBB0_241:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a12, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_275
.LBB0_242:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a13, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_276
.LBB0_243:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a14, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_277
.LBB0_244:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a15, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_278
.LBB0_245:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a16, 0
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s26, s27
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s26, s27
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc0 .LBB0_279
.LBB0_246:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a17, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_280
.LBB0_247:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a18, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_281
.LBB0_248:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a19, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_282
.LBB0_249:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a20, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_283
.LBB0_250:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a21, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_284
.LBB0_251:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a22, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_285
.LBB0_252:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a23, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_286
.LBB0_253:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a24, 0
	.loc	1 28 34                         ; kernel.py:28:34
	s_cmp_lt_i32 s29, s27
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s29, s27
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc0 .LBB0_287
.LBB0_254:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a25, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_288
.LBB0_255:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a26, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_289
.LBB0_256:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a27, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_290
.LBB0_257:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a28, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_291
.LBB0_258:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a29, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_292
.LBB0_259:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a30, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc0 .LBB0_293
.LBB0_260:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13                          ; kernel.py:0:13
	v_accvgpr_write_b32 a32, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_165
	s_branch .LBB0_294
.LBB0_261:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9 is_stmt 1                ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[122:123]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v255, v[210:211], off
	s_or_b64 exec, exec, s[10:11]
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execz .LBB0_227
.LBB0_262:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 30 9                          ; kernel.py:30:9
	v_lshl_add_u64 v[210:211], s[2:3], 0, v[124:125]
	.loc	1 27 13                         ; kernel.py:27:13
	global_load_ubyte v254, v[210:211], off
	s_or_b64 exec, exec, s[10:11]
	v_accvgpr_write_b32 a0, 0
	s_and_saveexec_b64 s[10:11], vcc
	s_cbranch_execnz .LBB0_228
	s_branch .LBB0_229
.LBB0_263:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_accvgpr_write_b32 a1, 0
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_231
.LBB0_264:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[130:131]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a2, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_232
.LBB0_265:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[132:133]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a3, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_233
.LBB0_266:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[134:135]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a4, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_234
.LBB0_267:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[136:137]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a5, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_235
.LBB0_268:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[138:139]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a6, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_236
.LBB0_269:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[140:141]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a7, v[194:195], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc1 .LBB0_237
.LBB0_270:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[142:143]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a8, v[194:195], off
	.loc	1 28 34 is_stmt 0               ; kernel.py:28:34
	s_cmp_lt_i32 s24, s27
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s24, s27
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_238
.LBB0_271:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[144:145]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a9, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_239
.LBB0_272:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[146:147]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a10, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_240
.LBB0_273:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[148:149]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a11, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_241
.LBB0_274:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[150:151]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a12, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_242
.LBB0_275:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[152:153]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a13, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_243
.LBB0_276:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[154:155]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a14, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_244
.LBB0_277:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[156:157]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a15, v[194:195], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc1 .LBB0_245
.LBB0_278:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[158:159]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a16, v[194:195], off
	.loc	1 28 34 is_stmt 0               ; kernel.py:28:34
	s_cmp_lt_i32 s26, s27
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s26, s27
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_246
.LBB0_279:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[160:161]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a17, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_247
.LBB0_280:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[162:163]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a18, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_248
.LBB0_281:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[164:165]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a19, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_249
.LBB0_282:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[166:167]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a20, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_250
.LBB0_283:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[168:169]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a21, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_251
.LBB0_284:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[170:171]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a22, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_252
.LBB0_285:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[172:173]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a23, v[194:195], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc1 .LBB0_253
.LBB0_286:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[174:175]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a24, v[194:195], off
	.loc	1 28 34 is_stmt 0               ; kernel.py:28:34
	s_cmp_lt_i32 s29, s27
	s_cselect_b64 s[10:11], -1, 0
	s_cmp_ge_i32 s29, s27
	.loc	1 28 13                         ; kernel.py:28:13
	s_cbranch_scc1 .LBB0_254
.LBB0_287:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9 is_stmt 1                ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[176:177]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a25, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_255
.LBB0_288:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[178:179]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a26, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_256
.LBB0_289:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[180:181]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a27, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_257
.LBB0_290:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[182:183]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a28, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_258
.LBB0_291:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[184:185]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a29, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_259
.LBB0_292:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[186:187]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a30, v[194:195], off
	s_and_b64 s[34:35], s[10:11], exec
	s_cselect_b32 s31, 1, 0
	s_cmp_lg_u32 s31, 1
	s_cbranch_scc1 .LBB0_260
.LBB0_293:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 31 9                          ; kernel.py:31:9
	v_lshl_add_u64 v[194:195], s[4:5], 0, v[188:189]
	.loc	1 28 13                         ; kernel.py:28:13
	global_load_ubyte a32, v[194:195], off
	s_and_b64 s[10:11], s[10:11], exec
	s_cselect_b32 s10, 1, 0
	s_cmp_lg_u32 s10, 1
	s_cbranch_scc0 .LBB0_165
.LBB0_294:                              ;   in Loop: Header=BB0_167 Depth=1
	.loc	1 0 13 is_stmt 0                ; kernel.py:0:13
	v_accvgpr_write_b32 a31, 0
	.loc	1 28 13                         ; kernel.py:28:13
	s_branch .LBB0_166
.LBB0_295:
	.loc	1 0 13                          ; kernel.py:0:13
	v_mov_b32_e32 v15, 0
	s_movk_i32 s28, 0x4000
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
	v_accvgpr_read_b32 v194, a33
	v_accvgpr_read_b32 v195, a50
.LBB0_297:                              ; %Flow480
	.loc	1 28 13 is_stmt 1               ; kernel.py:28:13
	v_add3_u32 v70, s28, v197, v198
	.loc	1 27 13                         ; kernel.py:27:13
	s_waitcnt lgkmcnt(0)
	s_barrier
	.loc	1 28 13                         ; kernel.py:28:13
	ds_read_b64_tr_b8 v[72:73], v70
	ds_read_b64_tr_b8 v[74:75], v70 offset:1088
	ds_read_b64_tr_b8 v[64:65], v70 offset:64
	ds_read_b64_tr_b8 v[66:67], v70 offset:1024
	ds_read_b64_tr_b8 v[76:77], v70 offset:4096
	ds_read_b64_tr_b8 v[78:79], v70 offset:5184
	ds_read_b64_tr_b8 v[68:69], v70 offset:4160
	ds_read_b64_tr_b8 v[70:71], v70 offset:5120
	s_load_dword s12, s[0:1], 0x38
	.loc	1 29 23                         ; kernel.py:29:23
	s_and_b64 s[0:1], s[16:17], exec
	s_cselect_b32 s0, 1, 0
	s_cmp_lg_u32 s0, 1
	s_cbranch_scc1 .LBB0_299
; %bb.298:
	.loc	1 27 13                         ; kernel.py:27:13
	s_lshl_b32 s0, s21, 4
	v_lshl_or_b32 v80, v194, 6, v193
	v_bitop3_b32 v80, s0, v80, v195 bitop3:0xf6
	v_xad_u32 v81, v80, 32, s31
	v_add_u32_e32 v80, s31, v80
	ds_read_b128 v[86:89], v81
	ds_read_b128 v[82:85], v80
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x64_f8f6f4 v[32:47], v[72:79], v[82:89], v[32:47]
	v_mfma_f32_32x32x64_f8f6f4 v[48:63], v[64:71], v[82:89], v[48:63]
	.loc	1 27 13                         ; kernel.py:27:13
	ds_read_b128 v[84:87], v81 offset:4096
	ds_read_b128 v[80:83], v80 offset:4096
	.loc	1 29 23                         ; kernel.py:29:23
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x64_f8f6f4 v[16:31], v[72:79], v[80:87], v[16:31]
	v_mfma_f32_32x32x64_f8f6f4 v[0:15], v[64:71], v[80:87], v[0:15]
.LBB0_299:                              ; %._crit_edge._crit_edge
	.loc	1 19 39                         ; kernel.py:19:39
	s_lshr_b32 s0, s21, 2
	.loc	1 32 9                          ; kernel.py:32:9
	s_nop 12
	v_cvt_pk_f16_f32 v33, v32, v33
	v_cvt_pk_f16_f32 v32, v36, v37
	.loc	1 19 39                         ; kernel.py:19:39
	v_or_b32_e32 v36, s0, v194
	v_lshrrev_b32_e32 v37, 2, v196
	v_or_b32_e32 v37, s14, v37
	.loc	1 19 16 is_stmt 0               ; kernel.py:19:16
	v_or_b32_e32 v81, s22, v36
	.loc	1 20 16 is_stmt 1               ; kernel.py:20:16
	s_waitcnt lgkmcnt(0)
	v_or_b32_e32 v64, s23, v37
	.loc	1 32 9                          ; kernel.py:32:9
	v_cvt_pk_f16_f32 v73, v0, v1
	.loc	1 36 22                         ; kernel.py:36:22
	v_mul_lo_u32 v0, v81, s15
	.loc	1 20 16                         ; kernel.py:20:16
	v_or_b32_e32 v89, 1, v64
	v_or_b32_e32 v90, 2, v64
	v_or_b32_e32 v91, 3, v64
	v_or_b32_e32 v92, 4, v64
	v_or_b32_e32 v93, 5, v64
	v_or_b32_e32 v94, 6, v64
	v_or_b32_e32 v95, 7, v64
	.loc	1 36 14                         ; kernel.py:36:14
	v_ashrrev_i32_e32 v1, 31, v0
	.loc	1 32 9                          ; kernel.py:32:9
	v_cvt_pk_f16_f32 v88, v34, v35
	v_cvt_pk_f16_f32 v38, v38, v39
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
	v_cvt_pk_f16_f32 v82, v16, v17
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
	v_mul_lo_u32 v14, v89, s12
	v_mul_lo_u32 v0, v90, s12
	v_mul_lo_u32 v2, v91, s12
	v_mul_lo_u32 v4, v92, s12
	v_mul_lo_u32 v6, v93, s12
	v_mul_lo_u32 v8, v94, s12
	v_mul_lo_u32 v10, v95, s12
	.loc	1 37 15 is_stmt 1               ; kernel.py:37:15
	v_cmp_gt_i32_e64 s[0:1], s8, v81
	.loc	1 37 40 is_stmt 0               ; kernel.py:37:40
	v_cmp_gt_i32_e32 vcc, s9, v64
	.loc	1 32 9 is_stmt 1                ; kernel.py:32:9
	v_permlane32_swap_b32_e32 v33, v32
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
	v_permlane32_swap_b32_e32 v88, v38
	.loc	1 37 14                         ; kernel.py:37:14
	s_and_b64 s[4:5], s[0:1], vcc
	.loc	1 32 9                          ; kernel.py:32:9
	v_permlane32_swap_b32_e32 v37, v35
	v_permlane32_swap_b32_e32 v36, v34
	v_permlane32_swap_b32_e32 v87, v51
	v_permlane32_swap_b32_e32 v65, v50
	v_permlane32_swap_b32_e32 v86, v84
	v_permlane32_swap_b32_e32 v85, v83
	v_permlane32_swap_b32_e32 v82, v79
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
	v_or_b32_e32 v81, 64, v81
	.loc	1 36 22                         ; kernel.py:36:22
	v_mul_lo_u32 v16, v81, s15
	.loc	1 36 14 is_stmt 0               ; kernel.py:36:14
	v_ashrrev_i32_e32 v17, 31, v16
	.loc	1 37 15 is_stmt 1               ; kernel.py:37:15
	v_cmp_gt_i32_e64 s[0:1], s8, v81
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
	global_store_short v[12:13], v82, off
	global_store_short_d16_hi v[14:15], v82, off
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
		.amdhsa_next_free_vgpr 307
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
	.set .Lmatmul_kernel.num_agpr, 51
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
; codeLenInByte = 13108
; TotalNumSgprs: 49
; NumVgprs: 256
; NumAgprs: 51
; TotalNumVgprs: 307
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 6
; VGPRBlocks: 38
; NumSGPRsForWavesPerEU: 49
; NumVGPRsForWavesPerEU: 307
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
	.quad	0
	.quad	0
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"triton"                        ; string offset=0 ; triton
.Linfo_string1:
	.asciz	"kernel.py"                     ; string offset=7 ; kernel.py
.Linfo_string2:
	.asciz	"./././././././././././././././././././././././." ; string offset=17 ; ./././././././././././././././././././././././.
.Linfo_string3:
	.asciz	"matmul_kernel"                 ; string offset=65 ; matmul_kernel
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     51
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
    .vgpr_count:     307
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
