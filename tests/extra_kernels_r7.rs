//! Extra kernels, round 7: Triton 3.9.0 kernels for gfx950 wavescope had not run before (written here, in the
//! style of the Triton tutorials and the AMD backend's tests): causal flash attention with head dim 128 and
//! grouped-query attention in bf16, an online softmax over rows wider than one block, a fused residual +
//! RMSNorm, split-K and stream-K matmuls combining partial tiles with f32 atomics, MFMA shapes not run before
//! (f16 16x16x32, mixed fp8 e4m3 x e5m2, a 3-stage 8-wave bf16 pipeline), and custom reductions / scans /
//! histogram / sort. Each case lives under tests/fixtures/extra_kernels_r7/<name>/ with its object,
//! llvm-objdump-22 listing, case.json (and case_<name>.json), inputs and numpy references, so the tests need no
//! compiler (tests/fixtures/extra_kernels_r7/build_triton.py rebuilds them).

use std::path::PathBuf;

fn dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_r7")
        .join(name)
}

mod common;

/// The listing has every one of `ops` (what the case is meant to exercise), then the full check.
fn run_with(name: &str, ops: &[&str]) {
    let listing = std::fs::read_to_string(dir(name).join("kernel.objdump.txt")).unwrap();
    for op in ops {
        assert!(listing.contains(op), "{name}: no {op} in the listing");
    }
    common::extra_kernels::run_one(&dir(name), name)
}

/// Causal flash attention, head dim 128, two-stage loop (off-band blocks, then the masked diagonal block),
/// padded rows (runtime strides); O and the base-2 log-sum-exp against f64.
#[test]
fn t_attn_causal_hd128() {
    run_with(
        "t_attn_causal_hd128",
        &["v_mfma_f32_32x32x16_f16", "ds_read_b64_tr_b16", "v_exp_f32"],
    );
}

/// Grouped-query attention in bf16 (4 query heads over 2 kv heads), 100 tokens: ragged tails masked on load.
#[test]
fn t_attn_gqa_bf16() {
    run_with(
        "t_attn_gqa_bf16",
        &["v_mfma_f32_32x32x16_bf16", "global_load_lds_dwordx4"],
    );
}

/// Online softmax: running max / rescaled sum over 5 blocks of a 2500-column row, then a second pass.
#[test]
fn t_softmax_online() {
    run_with("t_softmax_online", &["v_exp_f32"]);
}

/// Fused residual add + RMSNorm in bf16 (the new residual written back, rows walked in 4 blocks).
#[test]
fn t_rmsnorm_residual() {
    run_with("t_rmsnorm_residual", &["v_rsq_f32"]);
}

/// Split-K matmul: partial tiles added with f32 atomics from a 2D grid; random inputs within the
/// recursive-summation bound (any atomic order), and exact inputs bit-exact (case_exact.json).
#[test]
fn t_splitk_atomic() {
    let name = "t_splitk_atomic";
    let listing = std::fs::read_to_string(dir(name).join("kernel.objdump.txt")).unwrap();
    assert!(listing.contains("global_atomic_add_f32"));
    for c in ["case.json", "case_exact.json"] {
        let label = format!("{name}/{c}");
        let report = common::extra_kernels::run_checked(&dir(name).join(c), &label, true);
        assert!(
            report.races.iter().all(|r| r.severity == "warning"),
            "{label}: race errors"
        );
    }
    common::extra_kernels::assert_disasm_matches_objdump(&dir(name), name);
}

/// Stream-K matmul: 5 programs cut 24 (tile, k-block) iterations into ranges that split tiles; bf16, exact.
#[test]
fn t_streamk_bf16() {
    run_with(
        "t_streamk_bf16",
        &[
            "global_atomic_add_f32",
            "global_load_lds_dword",
            "s_cbranch",
        ],
    );
}

/// tl.dot f16 with 16x16 tiles on one wave: v_mfma_f32_16x16x32_f16.
#[test]
fn t_dot_f16_16x16_w1() {
    run_with("t_dot_f16_16x16_w1", &["v_mfma_f32_16x16x32_f16"]);
}

/// tl.dot bf16, 8 waves, num_stages 3 (two LDS buffers in flight while one is read).
#[test]
fn t_dot_bf16_s3_w8() {
    run_with(
        "t_dot_bf16_s3_w8",
        &["v_mfma_f32_32x32x16_bf16", "global_load_lds_dword"],
    );
}

/// tl.dot fp8 e4m3 x e5m2: one f8f6f4 MFMA with different A and B formats (cbsz:1 = B is bf8).
#[test]
fn t_dot_fp8_mixed() {
    run_with(
        "t_dot_fp8_mixed",
        &["v_mfma_f32_32x32x64_f8f6f4", "cbsz:1", "ds_read_b64_tr_b8"],
    );
}

/// Tuple tl.reduce (argmax, first index on ties), xor reduce, reverse cumsum, cumprod, masked histogram with
/// atomics, descending 2D sort; the buffer ops (resource descriptors) Triton's AMD backend emits.
#[test]
fn t_reduce_scan() {
    run_with(
        "t_reduce_scan",
        &[
            "buffer_load_dword",
            "buffer_store_dword",
            "buffer_atomic_add",
        ],
    );
}

/// A 256x256 tile on 4 waves: the MFMAs read and accumulate in AGPRs (`a[..]` operands; acc_cd set).
#[test]
fn t_dot_agpr_256() {
    let listing =
        std::fs::read_to_string(dir("t_dot_agpr_256").join("kernel.objdump.txt")).unwrap();
    assert!(listing
        .lines()
        .any(|l| l.contains("v_mfma_f32_32x32x16_f16 a[") && l.contains("], a[")));
    run_with("t_dot_agpr_256", &["v_accvgpr_read_b32"]);
}

/// matrix_instr_nonkdim=16: 16x16x32 MFMAs on 64x64 tiles with 4 waves.
#[test]
fn t_dot_nonkdim16() {
    run_with("t_dot_nonkdim16", &["v_mfma_f32_16x16x32_f16"]);
}

/// Async copy off (global loads then ds_write_b128), buffer ops on small tensors, in-thread transpose.
#[test]
fn t_dot_no_async_buf() {
    run_with(
        "t_dot_no_async_buf",
        &["ds_write_b128", "v_mfma_f32_32x32x16_bf16"],
    );
}

/// TRITON_HIP_USE_BLOCK_PINGPONG=1 with 8 waves on a 256x256 tile (136 KB of LDS, AGPR accumulators).
#[test]
fn t_dot_pingpong_w8() {
    run_with("t_dot_pingpong_w8", &["v_mfma_f32_32x32x16_f16 a["]);
}

/// tl.dot on f64: v_mfma_f64_16x16x4_f64, bit-exact.
#[test]
fn t_dot_f64() {
    run_with("t_dot_f64", &["v_mfma_f64_16x16x4_f64"]);
}

/// f32 tl.dot with input_precision="bf16x3": operands split into bf16 high / low parts (v_cvt_pk_bf16_f32),
/// three bf16 MFMAs per step; random inputs within the split's error bound.
#[test]
fn t_dot_f32_bf16x3() {
    run_with(
        "t_dot_f32_bf16x3",
        &["v_cvt_pk_bf16_f32", "v_mfma_f32_32x32x16_bf16"],
    );
}

/// tl.dot on AMD's fnuz fp8 formats (fp8e4b8 x fp8e5b16): gfx950 has no fnuz MFMA, so Triton converts to f16
/// in software and uses the f16 MFMA.
#[test]
fn t_dot_fnuz() {
    run_with(
        "t_dot_fnuz",
        &["v_mfma_f32_32x32x16_f16", "ds_read_b64_tr_b8"],
    );
}

/// tl.dot_scaled with different MX formats for A and B (e4m3 x e2m1, e2m1 x e5m2): v_mfma_scale_f32_32x32x64_f8f6f4
/// with distinct cbsz / blgp format codes and op_sel picking the scale bytes; bit-exact.
#[test]
fn t_dot_scaled_mixed() {
    run_with(
        "t_dot_scaled_e4m3_e2m1",
        &[
            "v_mfma_scale_f32_32x32x64_f8f6f4",
            "cbsz:4",
            "op_sel:[1,1,0]",
        ],
    );
    run_with(
        "t_dot_scaled_e2m1_e5m2",
        &["v_mfma_scale_f32_32x32x64_f8f6f4", "cbsz:1 blgp:4"],
    );
}

/// File offset of kernel `name`'s 64-byte descriptor (the `<name>.kd` symbol) in a code object.
fn descriptor_offset(elf: &[u8]) -> usize {
    use object::{Object, ObjectSection, ObjectSymbol};
    let f = object::File::parse(elf).unwrap();
    let kd = f
        .symbols()
        .find(|s| s.name().is_ok_and(|n| n.ends_with(".kd")))
        .unwrap();
    let sec = f.section_by_index(kd.section_index().unwrap()).unwrap();
    (kd.address() - sec.address() + sec.file_range().unwrap().0) as usize
}

/// t_softmax_online with bytes `at..` of its kernel descriptor replaced by `value`: the load error, if any.
fn load_with_descriptor(at: usize, value: &[u8]) -> Result<(), String> {
    let d = dir("t_softmax_online");
    let mut elf = std::fs::read(d.join("kernel.hsaco")).unwrap();
    let kd = descriptor_offset(&elf);
    elf[kd + at..kd + at + value.len()].copy_from_slice(value);
    let tmp = std::env::temp_dir().join(format!(
        "ws-r7-kd-{}-{at}-{:x}",
        std::process::id(),
        value.iter().fold(0u64, |h, b| h << 8 | *b as u64)
    ));
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(tmp.join("kernel.hsaco"), &elf).unwrap();
    // the manifest with its input and reference files named in the fixture directory
    let mut case: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("case.json")).unwrap()).unwrap();
    for key in ["args", "outputs"] {
        for e in case[key].as_array_mut().unwrap() {
            if let Some(f) = e.get("file").and_then(|f| f.as_str()) {
                e["file"] = d.join(f).display().to_string().into();
            }
        }
    }
    std::fs::write(tmp.join("case.json"), case.to_string()).unwrap();
    let r = wavescope::session::Session::load(&tmp, &wavescope::launch::RunOptions::default())
        .map(|_| ())
        .map_err(|e| e.to_string());
    std::fs::remove_dir_all(&tmp).unwrap();
    r
}

/// Kernel descriptors asking for more than gfx950 has (AMDGPUUsage "Code Object V3 Kernel Descriptor": bytes
/// 0-3 group_segment_fixed_size, 4-7 private_segment_fixed_size, 8-11 kernarg_size) give one error naming the
/// field, before anything of that size is allocated; sizes near 2^32 must not wrap (0xffffffff static LDS plus
/// 16 dynamic bytes used to wrap to 15 and run, a 2 GiB scratch request aborted the process on allocation, a
/// 2 GiB kernarg_size failed on overlapping regions after allocating it).
#[test]
fn impossible_descriptor_sizes() {
    assert_eq!(load_with_descriptor(0, &0u32.to_le_bytes()), Ok(()));
    let e = load_with_descriptor(0, &u32::MAX.to_le_bytes()).unwrap_err();
    assert!(
        e.contains("needs 4294967311 bytes of LDS (4294967295 static + 16 dynamic)"),
        "{e}"
    );
    let e = load_with_descriptor(0, &(160 * 1024 - 15u32).to_le_bytes()).unwrap_err();
    assert!(e.contains("163841 bytes of LDS"), "{e}");
    // the largest scratch per lane the hardware allows loads; one byte more does not
    assert_eq!(load_with_descriptor(4, &131056u32.to_le_bytes()), Ok(()));
    for p in [131057u32, 0x7fff_ffff, u32::MAX] {
        let e = load_with_descriptor(4, &p.to_le_bytes()).unwrap_err();
        assert!(
            e.contains(&format!("needs {p} bytes of scratch per lane")) && e.contains("131056"),
            "{e}"
        );
    }
    assert_eq!(load_with_descriptor(8, &0x10000u32.to_le_bytes()), Ok(()));
    for k in [0x7fff_ffffu32, u32::MAX] {
        let e = load_with_descriptor(8, &k.to_le_bytes()).unwrap_err();
        assert!(
            e.contains(&format!("kernarg segment of {k} bytes")) && e.contains("kernarg_size"),
            "{e}"
        );
    }
}

/// ELF notes whose namesz / descsz do not fit (the metadata note's header, ELF gABI "Note Section": namesz,
/// descsz, type, 4 bytes each) give one load error that names the note segment and its extent, for every
/// command (run, disasm, serve and tui all load through CodeObject::parse).
#[test]
fn malformed_note_sizes() {
    use object::{Object, ObjectSection};
    let elf = std::fs::read(dir("t_softmax_online").join("kernel.hsaco")).unwrap();
    let (off, size) = object::File::parse(&*elf)
        .unwrap()
        .section_by_name(".note")
        .unwrap()
        .file_range()
        .unwrap();
    let want = format!("PT_NOTE segment at file offset {off:#x} ({size} bytes)");
    for (field, value) in [
        (0, 0u32),
        (0, 1),
        (0, u32::MAX),
        (0, size as u32),
        (4, 1),
        (4, size as u32),
        (4, u32::MAX),
        (4, 0x7fff_fff0),
    ] {
        let mut b = elf.clone();
        let at = off as usize + field;
        b[at..at + 4].copy_from_slice(&value.to_le_bytes());
        let e = wavescope::code_object::CodeObject::parse(b)
            .err()
            .unwrap_or_else(|| panic!("note field {field} = {value:#x} loaded"))
            .to_string();
        assert!(
            e.contains(&want) && e.contains("runs past"),
            "{field} = {value:#x}: {e}"
        );
    }
}
