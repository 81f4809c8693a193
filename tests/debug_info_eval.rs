//! Variables per lane: the location-expression evaluator against a mock wave, on the expressions of the fixtures
//! (quoted from tests/fixtures/debug_info/*.info.txt, llvm-dwarfdump-22 --debug-info) and on hand-encoded
//! `DW_OP_LLVM_*` expressions (encodings from AMDGPUDwarfExtensionsForHeterogeneousDebugging "DWARF Operation
//! Encodings"); expected values worked out by hand from the mock's registers.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use wavescope::debug_info::*;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/debug_info")
}

/// A wave whose registers default to recognisable values: VGPR n of lane l = 0x1000 n + l, SGPR n = 0x100 + n.
#[derive(Default)]
struct Mock {
    pc: u64,
    exec: u64,
    vcc: u64,
    sgpr: HashMap<u32, u32>,
    vgpr: HashMap<(u32, u32), u32>,
    vgpr_all: HashMap<u32, u32>,
    agpr: HashMap<(u32, u32), u32>,
    /// (space, lane for private spaces else 0, address) -> byte
    mem: HashMap<(AddrSpace, u32, u64), u8>,
    /// Every read succeeds (zeros where nothing was written): for the coverage table.
    permissive: bool,
}

impl Mock {
    fn set_vgpr_all(&mut self, n: u32, v: u32) {
        self.vgpr_all.insert(n, v);
    }
    fn store(&mut self, space: AddrSpace, lane: u32, addr: u64, bytes: &[u8]) {
        for (i, b) in bytes.iter().enumerate() {
            self.mem.insert((space, lane, addr + i as u64), *b);
        }
    }
}

fn per_lane(s: AddrSpace) -> bool {
    matches!(s, AddrSpace::PrivateLane)
}

impl WaveView for Mock {
    fn pc(&self) -> u64 {
        self.pc
    }
    fn exec(&self) -> u64 {
        self.exec
    }
    fn vcc(&self) -> u64 {
        self.vcc
    }
    fn sgpr(&self, n: u32) -> u32 {
        *self.sgpr.get(&n).unwrap_or(&(0x100 + n))
    }
    fn vgpr(&self, n: u32, lane: u32) -> u32 {
        if let Some(v) = self.vgpr.get(&(n, lane)) {
            return *v;
        }
        *self.vgpr_all.get(&n).unwrap_or(&(0x1000 * n + lane))
    }
    fn agpr(&self, n: u32, lane: u32) -> u32 {
        *self
            .agpr
            .get(&(n, lane))
            .unwrap_or(&(0x8000 + 0x1000 * n + lane))
    }
    fn read_memory(&self, space: AddrSpace, lane: u32, addr: u64, buf: &mut [u8]) -> bool {
        let l = if per_lane(space) { lane } else { 0 };
        for (i, b) in buf.iter_mut().enumerate() {
            match self.mem.get(&(space, l, addr + i as u64)) {
                Some(v) => *b = *v,
                None if self.permissive => *b = 0,
                None => return false,
            }
        }
        true
    }
}

fn load(k: &str) -> DebugInfo {
    DebugInfo::load_file(&fixtures().join(format!("{k}.hsaco"))).unwrap()
}

fn show(d: &DebugInfo, pc: u64, w: &Mock, lane: u32) -> Vec<String> {
    d.variables_at(pc)
        .iter()
        .map(|v| format!("#{} {}", v.frame, d.format_variable(v, w, lane)))
        .collect()
}

fn var<'a>(vs: &'a [Variable], name: &str) -> &'a Variable {
    vs.iter()
        .find(|v| &*v.name == name)
        .unwrap_or_else(|| panic!("no variable {name}"))
}

const F15: u32 = 0x3fc0_0000; // 1.5f
const F225: u32 = 0x4010_0000; // 2.25f

#[test]
fn noinline_function_variables_from_vgprs_and_location_lists() {
    let d = load("call");
    let mut w = Mock::default();
    for lane in 0..64 {
        w.vgpr.insert((0, lane), 100 + lane);
    }
    w.set_vgpr_all(1, 7);
    // call.info.txt 0x37..0x52, poly at [0x1600, 0x1614):
    //   x: [0x1600, 0x1610) DW_OP_bregx VGPR0+0, DW_OP_lit5, DW_OP_swap, DW_OP_xderef
    //   c: [0x1600, 0x1608) DW_OP_bregx VGPR1+0, ...
    //   s: [0x1600, 0x1610) DW_OP_bregx VGPR0+0, DW_OP_bregx VGPR0+0, DW_OP_mul, lit5, swap, xderef, stack_value
    //   r: no location
    let vs = d.variables_at(0x1600);
    // Raw bytes of x's expression are the dwarfdump text: bregx (0x92) 2560 (0x80 0x14) +0, lit5, swap, xderef.
    assert_eq!(
        var(&vs, "x").location,
        VarLocation::Expr(vec![0x92, 0x80, 0x14, 0x00, 0x35, 0x16, 0x18].into())
    );
    // lane 3: x = v0 = 103, c = v1 = 7, s = 103 * 103.
    assert_eq!(
        show(&d, 0x1600, &w, 3),
        [
            "#0 x = 103",
            "#0 c = 7",
            "#0 s = 10609",
            "#0 r = <optimized out>"
        ]
    );
    // At 0x1608 c's only range has ended: the location list selects by PC.
    assert_eq!(show(&d, 0x1608, &w, 0)[1], "#0 c = <optimized out>");
    assert_eq!(d.type_name(var(&vs, "x").ty), "int");
}

#[test]
fn pointer_in_two_vgpr_pieces_and_pc_selected_entries() {
    let d = load("call");
    let mut w = Mock::default();
    for lane in 0..64 {
        w.vgpr.insert((0, lane), 0x100 + lane);
        w.vgpr.insert((3, lane), lane);
    }
    w.set_vgpr_all(1, 7);
    w.set_vgpr_all(2, 2);
    // call.info.txt, __clang_ocl_kern_imp_apply_poly [0x1760, 0x1814):
    //   data: [0x17c8, 0x17cc) bregx VGPR0 .. xderef, piece 4, bregx VGPR1 .. xderef, piece 4
    //   c:    [0x17c0, 0x17c8) VGPR1; [0x17c8, 0x17d4) VGPR2
    //   lid:  VGPR3 (single expression); v: [0x179c, 0x17cc) VGPR0; w: [0x17d4, 0x1814) VGPR2
    // lane 5 at 0x17c8: data = v1:v0 = 0x7_00000105, c = v2 = 2, lid = 5, v = 0x105 = 261.
    assert_eq!(
        show(&d, 0x17c8, &w, 5),
        [
            "#0 data = (int *) 0x700000105",
            "#0 c = 2",
            "#0 lid = 5",
            "#0 v = 261",
            "#0 w = <optimized out>"
        ]
    );
    assert_eq!(
        show(&d, 0x17c0, &w, 5)[..2],
        [
            "#0 data = <optimized out>".to_string(),
            "#0 c = 7".to_string()
        ]
    );
    let vs = d.variables_at(0x17c8);
    assert_eq!(d.type_name(var(&vs, "data").ty), "int *");
    // The evaluated location of data is a composite of two lane-valued pieces.
    let loc = d.locate(var(&vs, "data"), &w, 5).unwrap();
    assert_eq!(
        loc,
        Location::Composite(vec![
            (Location::Implicit(0x105u64.to_le_bytes().to_vec()), 4),
            (Location::Implicit(7u64.to_le_bytes().to_vec()), 4)
        ])
    );
}

#[test]
fn inlined_kernel_body_constants_struct_array_and_vector_types() {
    let d = load("loop");
    let mut w = Mock::default();
    w.set_vgpr_all(4, F15);
    w.set_vgpr_all(12, F225);
    // loop.info.txt: at 0x1670 (inlined __clang_ocl_kern_imp_row_sum, blocks 0x129 and 0x139):
    //   v [0x165c, 0x1678) VGPR12; k has no entry at 0x1670; acc [0x164c, 0x1738) VGPR4;
    //   row [0x1610, 0x1788) VGPR0 (lane 5: 5); m, out, p, hist, quad exist only in the abstract origin 0x33;
    //   frame 1 is row_sum with m, out, p and no locations.
    assert_eq!(
        show(&d, 0x1670, &w, 5),
        [
            "#0 v = 2.25",
            "#0 k = <optimized out>",
            "#0 acc = 1.5",
            "#0 row = 5",
            "#0 m = <optimized out>",
            "#0 out = <optimized out>",
            "#0 p = <optimized out>",
            "#0 hist = <optimized out>",
            "#0 quad = <optimized out>",
            "#1 m = <optimized out>",
            "#1 out = <optimized out>",
            "#1 p = <optimized out>",
        ]
    );
    // Frame numbering matches the inline chain.
    let f: Vec<&str> = d.frames(0x1670).iter().map(|f| &*f.function).collect();
    assert_eq!(f, ["__clang_ocl_kern_imp_row_sum", "row_sum"]);
    // 0x1620: acc = DW_OP_lit0 ... DW_OP_stack_value, k = DW_OP_consts +0 ... DW_OP_stack_value.
    let s = show(&d, 0x1620, &w, 0);
    assert!(
        s.contains(&"#0 acc = 0".to_string()) && s.contains(&"#0 k = 0".to_string()),
        "{s:?}"
    );

    let vs = d.variables_at(0x1670);
    let ty = |n: &str| d.type_name(var(&vs, n).ty);
    assert_eq!(
        (
            ty("m"),
            ty("out"),
            ty("p"),
            ty("hist"),
            ty("quad"),
            ty("row")
        ),
        (
            "const float *".into(),
            "float *".into(),
            "params_t".into(),
            "float[8]".into(),
            "float4".into(),
            "uint".into()
        )
    );
    // Values formatted by type (bytes worked by hand).
    let p = var(&vs, "p").ty;
    let mut b = 3i32.to_le_bytes().to_vec();
    b.extend(1.5f32.to_le_bytes());
    assert_eq!(d.format_value(p, &b), "{count = 3, scale = 1.5}");
    let fl: Vec<u8> = [1.0f32, 2.0, 3.0, 4.5]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    assert_eq!(d.format_value(var(&vs, "quad").ty, &fl), "{1, 2, 3, 4.5}");
    let h: Vec<u8> = (0..8).flat_map(|i| (i as f32).to_le_bytes()).collect();
    assert_eq!(
        d.format_value(var(&vs, "hist").ty, &h),
        "{0, 1, 2, 3, 4, 5, 6, 7}"
    );
    assert_eq!(
        d.format_value(var(&vs, "m").ty, &0x100000u64.to_le_bytes()),
        "(const float *) 0x100000"
    );
    assert_eq!(d.types().size_of(p.unwrap()), Some(8));
}

#[test]
fn o0_variables_live_in_private_memory_at_the_frame_base() {
    let d = load("call_O0");
    // call_O0.info.txt: poly at 0x1a70 has DW_AT_frame_base DW_OP_regx SGPR33; x is
    // DW_OP_fbreg +4, DW_OP_lit5, DW_OP_swap, DW_OP_xderef: private (lane) memory at s33 + 4.
    let f = d.functions().iter().find(|f| &*f.name == "poly").unwrap();
    let pc = f.prologue_end;
    let mut w = Mock::default();
    w.sgpr.insert(33, 0x20);
    w.store(AddrSpace::PrivateLane, 2, 0x24, &41i32.to_le_bytes());
    w.store(AddrSpace::PrivateLane, 2, 0x28, &(-6i32).to_le_bytes());
    let vs = d.variables_at(pc);
    assert_eq!(
        d.locate(var(&vs, "x"), &w, 2).unwrap(),
        Location::Memory {
            space: AddrSpace::PrivateLane,
            addr: 0x24
        }
    );
    assert_eq!(d.format_variable(var(&vs, "x"), &w, 2), "x = 41");
    assert_eq!(d.format_variable(var(&vs, "c"), &w, 2), "c = -6");
    // Lane 3 has nothing stored there: the read fails with the address in the message.
    assert_eq!(
        d.format_variable(var(&vs, "x"), &w, 3),
        "x = <unavailable: cannot read 4 bytes of private_lane memory at 0x24>"
    );
}

fn env() -> ExprEnv<'static> {
    ExprEnv::dwarf5()
}

/// ULEB128 of a DWARF register number.
fn uleb(mut v: u64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return out;
        }
        out.push(b | 0x80);
    }
}

const VGPR0_W64: u64 = 2560; // AMDGPUUsage: VGPR0-255 wave64 = 2560-2815
const SGPR0: u64 = 32; // SGPR0-63 = 32-95
const DW_OP_REGX: u8 = 0x90;
const DW_OP_PIECE: u8 = 0x93;
const LLVM_USER: u8 = 0xe9;

fn regx(r: u64) -> Vec<u8> {
    let mut v = vec![DW_OP_REGX];
    v.extend(uleb(r));
    v
}

#[test]
fn heterogeneous_lane_selection_of_a_vgpr() {
    // DW_OP_regx VGPR5; DW_OP_LLVM_push_lane; DW_OP_lit4; DW_OP_mul; DW_OP_LLVM_offset
    // (the form of AMDGPUUsage "Register Identifier": lane l's dword is at byte 4 l of the register).
    let mut e = regx(VGPR0_W64 + 5);
    e.extend([LLVM_USER, 0x03, 0x34, 0x1e, LLVM_USER, 0x04]);
    let w = Mock::default();
    let loc = evaluate(&e, &env(), &w, 9).unwrap();
    assert_eq!(
        loc,
        Location::Register {
            reg: Reg::Vgpr { n: 5, lanes: 64 },
            offset: 36,
            lane_implicit: false
        }
    );
    assert_eq!(
        read_location(&loc, 4, &w, 9).unwrap(),
        (0x5009u32).to_le_bytes()
    );
    // Lane 63 is the last dword of the 256-byte register; one more byte is out of bounds.
    let loc = evaluate(&e, &env(), &w, 63).unwrap();
    assert_eq!(
        read_location(&loc, 4, &w, 63).unwrap(),
        (0x503fu32).to_le_bytes()
    );
    assert!(read_location(&loc, 8, &w, 63).is_err());
    // Without lane selection (producers without the extensions): the focused lane, wider values continue in
    // the next register: v[5:6] of lane 9.
    let loc = evaluate(&regx(VGPR0_W64 + 5), &env(), &w, 9).unwrap();
    let b = read_location(&loc, 8, &w, 9).unwrap();
    assert_eq!(
        b,
        [0x5009u32.to_le_bytes(), 0x6009u32.to_le_bytes()].concat()
    );
    // AGPR3 in wave64 (3072 + 3).
    let loc = evaluate(&regx(3075), &env(), &w, 1).unwrap();
    assert_eq!(
        read_location(&loc, 4, &w, 1).unwrap(),
        (0xb001u32).to_le_bytes()
    );
}

#[test]
fn address_spaces_and_aspace_bregx() {
    let mut w = Mock::default();
    w.sgpr.insert(33, 0x40);
    // DW_OP_constu 0x200; DW_OP_lit3; DW_OP_LLVM_form_aspace_address -> LDS (DW_ASPACE_AMDGPU_local) 0x200.
    let e = [0x10, 0x80, 0x04, 0x33, LLVM_USER, 0x02];
    assert_eq!(
        evaluate(&e, &env(), &w, 0).unwrap(),
        Location::Memory {
            space: AddrSpace::Local,
            addr: 0x200
        }
    );
    // DW_OP_lit5; DW_OP_LLVM_aspace_bregx SGPR33, 8 -> private_lane at s33 + 8 = 0x48.
    let mut e = vec![0x35, LLVM_USER, 0x09];
    e.extend(uleb(SGPR0 + 33));
    e.push(0x08);
    assert_eq!(
        evaluate(&e, &env(), &w, 0).unwrap(),
        Location::Memory {
            space: AddrSpace::PrivateLane,
            addr: 0x48
        }
    );
    w.store(AddrSpace::PrivateLane, 4, 0x48, &[1, 2, 3, 4]);
    let loc = evaluate(&e, &env(), &w, 4).unwrap();
    assert_eq!(read_location(&loc, 4, &w, 4).unwrap(), [1, 2, 3, 4]);
    // DW_OP_LLVM_offset_uconst 4 on it -> 0x4c.
    let mut e2 = e.clone();
    e2.extend([LLVM_USER, 0x05, 0x04]);
    assert_eq!(
        evaluate(&e2, &env(), &w, 0).unwrap(),
        Location::Memory {
            space: AddrSpace::PrivateLane,
            addr: 0x4c
        }
    );
    // SGPR64+ use the second range: SGPR70 = 1088 + 6.
    let mut e = vec![0x92];
    e.extend(uleb(1088 + 6));
    e.extend([0x00, 0x9f]); // +0, DW_OP_stack_value
    assert_eq!(
        evaluate(&e, &env(), &w, 0).unwrap(),
        Location::Implicit((0x100u64 + 70).to_le_bytes().to_vec())
    );
}

#[test]
fn pieces_undefined_parts_and_sgpr_pairs() {
    let mut w = Mock::default();
    w.sgpr.insert(4, 0x1000);
    w.sgpr.insert(5, 0x7);
    // call.info.txt DW_AT_call_target_clobbered: DW_OP_regx SGPR4, DW_OP_piece 0x4, DW_OP_regx SGPR5, DW_OP_piece 0x4
    let mut e = regx(SGPR0 + 4);
    e.extend([DW_OP_PIECE, 4]);
    e.extend(regx(SGPR0 + 5));
    e.extend([DW_OP_PIECE, 4]);
    let loc = evaluate(&e, &env(), &w, 0).unwrap();
    assert_eq!(
        read_location(&loc, 8, &w, 0).unwrap(),
        0x7_0000_1000u64.to_le_bytes()
    );
    // DW_OP_LLVM_undefined; DW_OP_piece 4; DW_OP_regx SGPR4; DW_OP_piece 4: the low half is optimized out.
    let mut e = vec![LLVM_USER, 0x08, DW_OP_PIECE, 4];
    e.extend(regx(SGPR0 + 4));
    e.extend([DW_OP_PIECE, 4]);
    let loc = evaluate(&e, &env(), &w, 0).unwrap();
    assert_eq!(read_location(&loc, 8, &w, 0), Err(EvalError::OptimizedOut));
    // An empty piece (no operations before it) is undefined too, as in loclist entries such as
    // "DW_OP_piece 0x4, DW_OP_bregx VGPR.. DW_OP_piece 0x4" (examples).
    let mut e = vec![DW_OP_PIECE, 4];
    e.extend(regx(SGPR0 + 4));
    e.extend([DW_OP_PIECE, 4]);
    let loc = evaluate(&e, &env(), &w, 0).unwrap();
    assert!(matches!(&loc, Location::Composite(p) if p[0].0 == Location::Undefined));
    // Empty expression: optimized out.
    assert_eq!(evaluate(&[], &env(), &w, 0).unwrap(), Location::Undefined);
}

#[test]
fn select_bit_piece_and_extend() {
    let w = Mock::default();
    // DW_OP_regx VGPR1; DW_OP_regx VGPR2; DW_OP_constu 0b1010; DW_OP_LLVM_select_bit_piece 32, 64:
    // lane i's dword comes from v2 where bit i of the mask is set, else from v1.
    let mut e = regx(VGPR0_W64 + 1);
    e.extend(regx(VGPR0_W64 + 2));
    e.extend([0x10, 0b1010, LLVM_USER, 0x0c, 32, 64]);
    let loc = evaluate(&e, &env(), &w, 0).unwrap();
    let b = read_location(&loc, 16, &w, 0).unwrap();
    let want: Vec<u8> = [0x1000u32, 0x2001, 0x1002, 0x2003]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    assert_eq!(b, want);
    // DW_OP_lit7; DW_OP_stack_value; DW_OP_LLVM_extend 32, 4 -> four copies of the 32-bit value 7.
    let e = [0x37, 0x9f, LLVM_USER, 0x0b, 32, 4];
    let loc = evaluate(&e, &env(), &w, 0).unwrap();
    let b = read_location(&loc, 16, &w, 0).unwrap();
    assert_eq!(b, [7u32.to_le_bytes(); 4].concat());
}

#[test]
fn control_flow_and_bad_operations_do_not_panic() {
    let w = Mock::default();
    // c; DW_OP_bra +5; DW_OP_lit2; DW_OP_stack_value; DW_OP_skip +2; DW_OP_lit3; DW_OP_stack_value
    for (c, want) in [(0x31u8, 3u64), (0x30, 2)] {
        let e = [
            c, 0x28, 0x05, 0x00, 0x32, 0x9f, 0x2f, 0x02, 0x00, 0x33, 0x9f,
        ];
        assert_eq!(
            evaluate(&e, &env(), &w, 0).unwrap(),
            Location::Implicit(want.to_le_bytes().to_vec())
        );
    }
    // DW_OP_skip -3 forever.
    assert!(matches!(
        evaluate(&[0x2f, 0xfd, 0xff], &env(), &w, 0),
        Err(EvalError::Malformed(_))
    ));
    // Unknown DW_OP_LLVM_user sub-operation, DW_OP_entry_value, an undefined opcode, truncated operands,
    // a reserved register, an empty stack.
    assert!(matches!(
        evaluate(&[LLVM_USER, 0x7f], &env(), &w, 0),
        Err(EvalError::Unsupported(_))
    ));
    assert!(matches!(
        evaluate(&[0xa3, 0x01, 0x50], &env(), &w, 0),
        Err(EvalError::Unsupported(_))
    ));
    assert!(matches!(
        evaluate(&[0xff], &env(), &w, 0),
        Err(EvalError::Unsupported(_))
    ));
    assert!(evaluate(&[0x92, 0x80], &env(), &w, 0).is_err());
    assert_eq!(
        evaluate(&regx(200), &env(), &w, 0),
        Err(EvalError::UnknownRegister(200))
    );
    assert!(evaluate(&[0x16], &env(), &w, 0).is_err());
    // DW_OP_fbreg without a frame base (kernels): offset 4 of the lane's private segment.
    assert_eq!(
        evaluate(&[0x91, 0x04], &env(), &w, 0),
        Ok(Location::Memory {
            space: AddrSpace::PrivateLane,
            addr: 4
        })
    );
    // Every single byte and byte pair as an expression: errors, never panics.
    for a in 0..=255u8 {
        let _ = evaluate(&[a], &env(), &w, 0);
        for b in [0u8, 1, 0x7f, 0x80, 0xff] {
            let _ = evaluate(&[a, b], &env(), &w, 0);
            let _ = evaluate(&[LLVM_USER, a, b], &env(), &w, 0);
        }
    }
}

/// Why an evaluation failed, for the table.
fn reason(e: &EvalError) -> String {
    match e {
        EvalError::Unsupported(s) => format!("unsupported {s}"),
        EvalError::Malformed(s) => format!("malformed: {s}"),
        other => other.to_string(),
    }
}

/// The coverage table of the report: every variable/parameter DIE with a location in the fixtures and the
/// examples, evaluated (every location list entry) for lane 0 of a permissive mock wave.
#[test]
fn variable_coverage_table() {
    let mut objects: Vec<(String, PathBuf)> = ["saxpy", "loop", "call", "call_O0"]
        .iter()
        .map(|k| (k.to_string(), fixtures().join(format!("{k}.hsaco"))))
        .collect();
    let ex = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    if let Ok(rd) = std::fs::read_dir(&ex) {
        let mut v: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path().join("kernel.hsaco")))
            .filter(|p| p.is_file())
            .collect();
        v.sort();
        for p in v {
            objects.push((
                p.parent()
                    .unwrap()
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
                p,
            ));
        }
    }
    let w = Mock {
        permissive: true,
        ..Default::default()
    };
    let (mut dies, mut with_loc, mut ok, mut entries) = (0usize, 0usize, 0usize, 0usize);
    let mut kinds: HashMap<String, usize> = HashMap::new();
    let mut failures: HashMap<String, usize> = HashMap::new();
    println!("| object | variable DIEs | with a location | evaluated | not evaluated |");
    println!("|---|---|---|---|---|");
    for (name, path) in &objects {
        let d = DebugInfo::load_file(path).unwrap();
        let (mut o_dies, mut o_loc, mut o_ok) = (0, 0, 0);
        for v in d.all_variables() {
            o_dies += 1;
            let locs = d.variable_locations(&v);
            if locs.is_empty() {
                continue;
            }
            o_loc += 1;
            let mut good = true;
            for (_, l) in &locs {
                entries += 1;
                let mut one = v.clone();
                one.location = l.clone();
                match d.locate(&one, &w, 0) {
                    Ok(loc) => {
                        let k = match loc {
                            Location::Implicit(_) => "value (register or constant)",
                            Location::Memory {
                                space: AddrSpace::PrivateLane,
                                ..
                            } => "private_lane memory",
                            Location::Memory {
                                space: AddrSpace::Local,
                                ..
                            } => "LDS memory",
                            Location::Memory { .. } => "other memory",
                            Location::Register { .. } => "register",
                            Location::Composite(_) => "pieces",
                            Location::Undefined => "undefined",
                        };
                        *kinds.entry(k.into()).or_default() += 1;
                        match d.read_variable(&one, &w, 0) {
                            Ok(_) => {}
                            // Some pieces undefined: evaluated, and shown as optimized out (as gdb does).
                            Err(EvalError::OptimizedOut) => {
                                *kinds.entry("partly optimized out".into()).or_default() += 1
                            }
                            Err(e) => {
                                good = false;
                                *failures.entry(format!("read: {}", reason(&e))).or_default() += 1;
                            }
                        }
                    }
                    Err(e) => {
                        good = false;
                        *failures.entry(reason(&e)).or_default() += 1;
                    }
                }
            }
            if good {
                o_ok += 1;
            }
        }
        println!(
            "| {name} | {o_dies} | {o_loc} | {o_ok} | {} |",
            o_loc - o_ok
        );
        dies += o_dies;
        with_loc += o_loc;
        ok += o_ok;
    }
    println!("| total | {dies} | {with_loc} | {ok} | {} |", with_loc - ok);
    println!(
        "location descriptions evaluated: {entries}; kinds: {kinds:?}; failures: {failures:?}"
    );
    assert!(with_loc > 100, "{with_loc}");
    assert_eq!(ok, with_loc, "failures: {failures:?}");
}
