//! Packed f32 VALU speed in ns per wave-instruction (64 lanes, both halves): V_PK_FMA_F32 / V_PK_MUL_F32 /
//! V_PK_ADD_F32 on finite inputs (whole halves in host arithmetic) against the same instruction with one NaN lane
//! (the per-lane MODE/NaN rules, which is how every packed f32 op ran before the host path). Results of the two
//! paths are compared lane by lane on the finite lanes. `cargo bench --bench valu`. Ratios within one run count.

use std::time::Instant;
use wavescope::exec::semantics;
use wavescope::exec::{Apertures, Ctx, GlobalMemory, Wave, WaveId, LANES};
use wavescope::isa::{Format, Inst, Op, Operand};

fn time(op: Op, nan_lane: bool, reps: usize) -> (f64, Vec<[u32; LANES]>) {
    let mut w = Wave::new(WaveId::default());
    w.set_exec(u64::MAX);
    w.mode = 0x3F0;
    for r in 0..12 {
        for l in 0..LANES {
            w.vreg[r][l] = (1.0f32 + (r * 64 + l) as f32 / 4096.0).to_bits();
        }
    }
    if nan_lane {
        w.vreg[0][63] = 0x7FC0_0000;
        w.vreg[1][63] = 0x7FC0_0000;
    }
    let mut inst = Inst::INVALID;
    inst.op = op;
    inst.format = Format::Vop3p;
    inst.size = 8;
    inst.dst = Operand::vgpr(20);
    inst.src = [Operand::vgpr(0), Operand::vgpr(4), Operand::vgpr(8)];
    inst.mods.op_sel_hi = 7;
    let h = semantics::handler(&inst);
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 0];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    let t = Instant::now();
    for _ in 0..reps {
        h(&mut w, &inst, &mut ctx).expect("packed op");
    }
    let dt = t.elapsed().as_secs_f64();
    (dt / reps as f64 * 1e9, w.vreg[20..22].to_vec())
}

fn main() {
    let reps = if std::env::args().any(|a| a == "--quick") {
        20_000
    } else {
        200_000
    };
    for op in [Op::V_PK_FMA_F32, Op::V_PK_MUL_F32, Op::V_PK_ADD_F32] {
        let (mut tf, mut ts) = (f64::MAX, f64::MAX);
        let (mut df, mut ds) = (Vec::new(), Vec::new());
        for _ in 0..3 {
            let (t, d) = time(op, false, reps);
            tf = tf.min(t);
            df = d;
            let (t, d) = time(op, true, reps / 10);
            ts = ts.min(t);
            ds = d;
        }
        for h in 0..2 {
            assert_eq!(df[h][..63], ds[h][..63], "{}: paths differ", op.info().name);
        }
        println!(
            "{}: {tf:.1} ns per wave-instruction (per-lane path {ts:.1} ns, {:.1}x)",
            op.info().name,
            ts / tf
        );
    }
}
