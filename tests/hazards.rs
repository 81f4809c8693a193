//! Every hazards.md rule caught, on llvm-mc-22 assembled sequences (tests/fixtures/hazards, made by gen.py +
//! regen.sh): for each rule a producer/consumer pair with one wait state fewer than the table requires is
//! flagged with that rule at the producer and consumer labels' addresses, and the same pair with the required
//! wait states is not. Pairs whose required wait is 0 are checked to produce nothing. The missing-wait cases
//! follow waitcnt.md's counter rules (VMEM in order, LDS in order, SMEM out of order, FLAT with LDS lanes).

use object::{Object, ObjectSection, ObjectSymbol};
use std::collections::HashMap;
use wavescope::exec::observe::Observer;
use wavescope::exec::{Apertures, Ctx, GlobalMemory, Program, Wave, WaveId};
use wavescope::isa::Op;
use wavescope::observers::hazards::effects::{class, effects_of};
use wavescope::observers::hazards::rules::{Rule, ALL_RULES};
use wavescope::observers::hazards::{
    format_finding, format_missing_wait, Findings, HazardChecker, HazardTable,
};

struct Fixture {
    program: Program,
    syms: HashMap<String, u64>,
}

fn fixture() -> Fixture {
    let path = format!(
        "{}/tests/fixtures/hazards/rules.o",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(path).unwrap();
    let f = object::File::parse(&*bytes).unwrap();
    let s = f.section_by_name(".text").unwrap();
    let program = Program::new(s.data().unwrap(), s.address());
    let syms = f
        .symbols()
        .filter_map(|s| Some((s.name().ok()?.to_string(), s.address())))
        .collect();
    Fixture { program, syms }
}

impl Fixture {
    fn sym(&self, name: &str) -> u64 {
        *self
            .syms
            .get(name)
            .unwrap_or_else(|| panic!("no label {name} in rules.o"))
    }

    /// Issue the instructions from `label` to its s_endpgm in order as one wave, executing each (for the
    /// register values M0-relative and FLAT operands need; faults of the synthetic wave are ignored).
    fn run(&self, label: &str) -> Findings {
        let p = &self.program;
        let table = HazardTable::with_apertures(p, Apertures::default());
        let mut checker = HazardChecker::new(&table);
        let mut wave = Wave::new(WaveId {
            wave: 3,
            ..WaveId::default()
        });
        wave.set_exec(u64::MAX);
        let mem = GlobalMemory::new();
        let mut lds = vec![0u8; 65536];
        let mut ctx = Ctx {
            mem: &mem,
            lds: &mut lds,
            apertures: Apertures::default(),
        };
        checker.wave_start(&wave);
        let mut i = p
            .index_of(self.sym(label))
            .expect("label at an instruction");
        loop {
            let inst = p.insts[i];
            wave.pc = p.pcs[i];
            checker.before(&wave, i, &inst);
            let _ = p.step(&mut wave, &mut ctx);
            if inst.op == Op::S_ENDPGM {
                break;
            }
            i += 1;
            assert!(i < p.insts.len(), "{label}: no s_endpgm");
        }
        checker.wave_end(&wave);
        checker.findings()
    }
}

fn describe(f: &Findings) -> String {
    let mut s: Vec<String> = f.hazards.iter().map(format_finding).collect();
    s.extend(f.missing_waits.iter().map(format_missing_wait));
    if s.is_empty() {
        "(nothing)".into()
    } else {
        s.join("\n")
    }
}

struct Case {
    kind: String,
    name: String,
    rule: String,
    required: u32,
    allowed: Vec<String>,
    register: String,
    counter: String,
}

fn cases() -> Vec<Case> {
    let path = format!(
        "{}/tests/fixtures/hazards/cases.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            Case {
                kind: c[0].into(),
                name: c[1].into(),
                rule: c[2].into(),
                required: c[3].parse().unwrap_or(0),
                allowed: if c[4] == "-" {
                    vec![]
                } else {
                    c[4].split(',').map(String::from).collect()
                },
                register: c[5].into(),
                counter: c[6].into(),
            }
        })
        .collect()
}

fn pc(a: u64) -> String {
    format!("0x{a:x}")
}

#[test]
fn every_rule_short_by_one_is_flagged_and_with_the_required_waits_is_not() {
    let fx = fixture();
    let mut failures = Vec::new();
    let mut n = 0;
    for c in cases().iter().filter(|c| c.kind == "hazard") {
        n += 1;
        let short = fx.run(&format!("{}_short", c.name));
        let (p, cons) = (
            fx.sym(&format!("{}_short_p", c.name)),
            fx.sym(&format!("{}_short_c", c.name)),
        );
        let hit = short
            .hazards
            .iter()
            .find(|h| h.rule == c.rule && h.producer_pc == pc(p) && h.consumer_pc == pc(cons));
        match hit {
            None => failures.push(format!(
                "{} ({}): short by one not flagged at {} -> {}:\n{}",
                c.name,
                c.rule,
                pc(p),
                pc(cons),
                describe(&short)
            )),
            Some(h) => {
                if h.required != c.required || h.provided != c.required - 1 || h.waves != 1 {
                    failures.push(format!("{}: {}", c.name, format_finding(h)));
                }
            }
        }
        let stray: Vec<_> = short
            .hazards
            .iter()
            .filter(|h| h.rule != c.rule && !c.allowed.contains(&h.rule))
            .collect();
        if !stray.is_empty() || !short.missing_waits.is_empty() {
            failures.push(format!(
                "{} short: unexpected findings:\n{}",
                c.name,
                describe(&short)
            ));
        }
        let ok = fx.run(&format!("{}_ok", c.name));
        if ok
            .hazards
            .iter()
            .any(|h| h.rule == c.rule || !c.allowed.contains(&h.rule))
            || !ok.missing_waits.is_empty()
        {
            failures.push(format!(
                "{} ({}): flagged with the required {} wait states:\n{}",
                c.name,
                c.rule,
                c.required,
                describe(&ok)
            ));
        }
    }
    println!("{n} hazard cases");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn zero_wait_pairs_are_never_flagged() {
    let fx = fixture();
    let mut failures = Vec::new();
    for c in cases().iter().filter(|c| c.kind == "zero") {
        let f = fx.run(&format!("{}_ok", c.name));
        if !f.is_empty() {
            failures.push(format!("{} ({}): {}", c.name, c.rule, describe(&f)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fixtures_cover_every_rule() {
    let cs = cases();
    for r in ALL_RULES {
        let kind = if r.fixed_wait() == Some(0) {
            "zero"
        } else {
            "hazard"
        };
        assert!(
            cs.iter().any(|c| c.kind == kind && c.rule == r.id()),
            "no {kind} fixture for {}",
            r.id()
        );
    }
}

#[test]
fn missing_waits_follow_the_counter_rules() {
    let fx = fixture();
    let mut failures = Vec::new();
    for c in cases().iter().filter(|c| c.kind == "wait") {
        let f = fx.run(&c.name);
        if !f.hazards.is_empty() {
            failures.push(format!("{}: hazards: {}", c.name, describe(&f)));
        }
        if c.register == "-" {
            if !f.missing_waits.is_empty() {
                failures.push(format!("{}: false report: {}", c.name, describe(&f)));
            }
            continue;
        }
        let (l, u) = (
            fx.sym(&format!("{}_l", c.name)),
            fx.sym(&format!("{}_u", c.name)),
        );
        let ok = f.missing_waits.len() == 1 && {
            let m = &f.missing_waits[0];
            m.load_pc == pc(l)
                && m.use_pc == pc(u)
                && m.register == c.register
                && m.counter == c.counter
        };
        if !ok {
            failures.push(format!(
                "{}: expected {} -> {} {} {}, got:\n{}",
                c.name,
                pc(l),
                pc(u),
                c.register,
                c.counter,
                describe(&f)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A finding is reported once per (rule, producer, consumer) however often a wave repeats it, and counts
/// waves: two waves running the same short sequence give one finding with 2 waves.
#[test]
fn findings_are_per_pc_pair_with_wave_counts() {
    let fx = fixture();
    let p = &fx.program;
    let table = HazardTable::new(p);
    let mut checker = HazardChecker::new(&table);
    let start = p.index_of(fx.sym("trans_valu_short")).unwrap();
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 1024];
    for w in [5u32, 9] {
        let mut wave = Wave::new(WaveId {
            wave: w,
            ..WaveId::default()
        });
        wave.set_exec(u64::MAX);
        checker.wave_start(&wave);
        for _ in 0..3 {
            // the same two instructions three times in the wave
            for i in start..start + 2 {
                wave.pc = p.pcs[i];
                checker.before(&wave, i, &p.insts[i]);
                let mut ctx = Ctx {
                    mem: &mem,
                    lds: &mut lds,
                    apertures: Apertures::default(),
                };
                let _ = p.step(&mut wave, &mut ctx);
            }
        }
        checker.wave_end(&wave);
    }
    let f = checker.findings();
    assert_eq!(f.hazards.len(), 1, "{}", describe(&f));
    let h = &f.hazards[0];
    assert_eq!(h.rule, "H4.5-21");
    assert_eq!(h.waves, 2);
    assert_eq!(h.first_wave, 5);
    assert_eq!(f.events.len(), 2);
}

#[test]
fn rule_catalogue_is_consistent() {
    for (i, r) in ALL_RULES.iter().enumerate() {
        assert_eq!(*r as usize, i);
        assert_eq!(Rule::from_id(r.id()), Some(*r));
    }
    // Table 38 pass-dependent rows at 2/4/8/16 passes (hazards.md)
    let row = |r: Rule| [2, 4, 8, 16].map(|p| r.wait_for_passes(p));
    assert_eq!(row(Rule::H7_06), [4, 6, 10, 18]);
    assert_eq!(row(Rule::H7_07), [3, 6, 10, 18]);
    assert_eq!(row(Rule::H7_08), [5, 8, 12, 20]);
    assert_eq!(row(Rule::H7_11), [2, 4, 8, 16]);
    assert_eq!(row(Rule::H7_34), [1, 3, 7, 15]);
}

/// Effects of a few instructions against llvm-objdump's operand text in rules.objdump.txt.
#[test]
fn effects_match_the_listing() {
    let fx = fixture();
    let p = &fx.program;
    let at = |label: &str| effects_of(&p.insts[p.index_of(fx.sym(label)).unwrap()]);
    // v_mfma_f32_32x32x4_2b_f16 v[0:31], v[32:33], v[34:35], v[0:31]: 16 passes, XDL
    let e = at("xdl16_valu_short_p");
    assert!(e.is(class::XDL));
    assert_eq!(e.passes, 16);
    assert_eq!(e.mfma_dst().count, 32);
    // v_cmpx_eq_u32_e32 vcc, v0, v1 writes VCC and EXEC
    let e = at("cmpx_dpp_short_p");
    assert!(e.is(class::VCMPX));
    assert!(e.writes_sgpr(106) && e.writes_sgpr(107) && e.writes_sgpr(126) && e.writes_sgpr(127));
    // global_store_dwordx4 v[0:1], v[2:5], off: wide store; buffer store with SGPR soffset is not
    assert!(at("store_x4_valu_short_p").is(class::WIDE_STORE));
    assert!(!at("buffer_x4_sgpr_soffset_ok").is(class::WIDE_STORE));
    assert!(at("buffer_x4_soff0_valu_08_short_p").is(class::WIDE_STORE));
}

#[test]
fn console_lines() {
    let fx = fixture();
    let f = fx.run("xdl4_store_short");
    let h = &f.hazards[0];
    let line = format_finding(h);
    let p = fx.sym("xdl4_store_short_p");
    let c = fx.sym("xdl4_store_short_c");
    assert_eq!(
        line,
        format!(
            "hazard H7-09 (XDL/SMFMAC writes then VMEM/LDS/FLAT reads or a VALU reads/writes the VGPR): \
             0x{p:x} -> 0x{c:x} needs 8 wait states, has 7 (1 wave, first wave 3) (docs/hazards.md#h7-09)"
        )
    );
    assert_eq!(
        f.summary_line(),
        "hazards: 1 finding (H7-09), missing waits: 0"
    );
    let f = fx.run("vm_raw");
    let m = &f.missing_waits[0];
    let (l, u) = (fx.sym("vm_raw_l"), fx.sym("vm_raw_u"));
    assert_eq!(
        format_missing_wait(m),
        format!(
            "missing wait: v1 used at 0x{u:x} before the memory op at 0x{l:x} wrote it \
             (needs s_waitcnt vmcnt; 1 wave) (docs/hazards.md#missing-wait)"
        )
    );
}

/// An SMEM load stays outstanding until `lgkmcnt(0)` however many VMEM loads come and complete meanwhile
/// (waitcnt.md: SMEM may return out of order, only lgkmcnt(0) completes it): with 2^23 + 3 VMEM loads, each
/// completed by `vmcnt(0)`, between `s_load_dword s6` and a VALU reading s6, the read is a missing lgkmcnt wait;
/// with `s_waitcnt lgkmcnt(0)` before the read it is not. (So many ops reuse the checker's op slots past the
/// count of uses a slot's seq can name, and the SMEM op must keep its slot throughout.)
#[test]
fn smem_load_stays_pending_across_millions_of_vmem_loads() {
    let words: [u32; 7] = [
        0xC002_0180, // 0x00 s_load_dword s6, s[0:1], 0x4
        0x0000_0004,
        0xDC50_8000, // 0x08 global_load_dword v4, v[0:1], off
        0x047F_0000,
        0xBF8C_0F70, // 0x10 s_waitcnt vmcnt(0)
        0xBF8C_C07F, // 0x14 s_waitcnt lgkmcnt(0)
        0x6804_0206, // 0x18 v_add_u32_e32 v2, s6, v1
    ];
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let p = Program::new(&bytes, 0x1000);
    let idx = |pc: u64| p.index_of(0x1000 + pc).expect("instruction");
    let (load, vload, vmwait, lgkmwait, use_) =
        (idx(0), idx(0x08), idx(0x10), idx(0x14), idx(0x18));
    let table = HazardTable::new(&p);
    for waited in [false, true] {
        let mut checker = HazardChecker::new(&table);
        let mut wave = Wave::new(WaveId::default());
        wave.set_exec(u64::MAX);
        checker.wave_start(&wave);
        let issue = |c: &mut HazardChecker, i: usize| c.before(&wave, i, &p.insts[i]);
        issue(&mut checker, load);
        for _ in 0..(1u32 << 23) + 3 {
            issue(&mut checker, vload);
            issue(&mut checker, vmwait);
        }
        if waited {
            issue(&mut checker, lgkmwait);
        }
        issue(&mut checker, use_);
        let f = checker.findings();
        assert!(f.hazards.is_empty(), "{}", describe(&f));
        if waited {
            assert!(f.missing_waits.is_empty(), "{}", describe(&f));
            continue;
        }
        assert_eq!(f.missing_waits.len(), 1, "{}", describe(&f));
        let m = &f.missing_waits[0];
        assert_eq!(
            (m.load_pc.as_str(), m.use_pc.as_str(), m.register.as_str()),
            ("0x1000", "0x1018", "s6")
        );
        assert_eq!(m.counter, "lgkmcnt");
    }
}
