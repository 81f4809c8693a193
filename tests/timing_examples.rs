//! The cycle model on the example kernels: filled into the run report, deterministic across host threads,
//! and its stall lines name source lines.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::observers::timing::MODEL_NAME;
use wavescope::session::Session;

fn example_dirs() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|r| {
            r.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.join("case.json").exists())
                .filter(|p| !p.file_name().unwrap().to_string_lossy().ends_with("_512"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn examples_have_deterministic_modelled_cycles() {
    let dirs = example_dirs();
    assert!(!dirs.is_empty());
    let mut with_stalls = 0;
    for dir in &dirs {
        let mut reports = Vec::new();
        for jobs in [1, 2] {
            let opts = RunOptions {
                jobs,
                max_instructions: 1_000_000_000, // per dispatch
                ..RunOptions::default()
            };
            let s = Session::load(dir, &opts).unwrap();
            let o = s.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
            assert!(o.fault.is_none(), "{}", dir.display());
            assert_eq!(o.report.timing_model, MODEL_NAME);
            assert_eq!(o.report.cycles, o.timing.cycles);
            assert!(o.report.cycles > 0, "{}", dir.display());
            assert_eq!(o.report.waitcnt_stall_cycles, o.timing.waitcnt_stall_cycles);
            // every stall's parts add up to it
            for st in &o.timing.waitcnt_stalls {
                assert!(st.waited_for.iter().map(|w| w.1).sum::<u64>() <= st.cycles);
                assert!(!st.waited_for.is_empty());
            }
            if jobs == 1 && !o.timing.waitcnt_stalls.is_empty() {
                with_stalls += 1;
                let lines = o.timing.stall_lines(3, |pc| {
                    let src = s
                        .source_line(pc)
                        .map(|l| format!(" ({l})"))
                        .unwrap_or_default();
                    format!("0x{pc:x} `{}`{src}", s.inst_text(pc))
                });
                assert!(lines[0].contains("s_waitcnt"), "{}", lines[0]);
                if s.debug_info.is_some() && s.source_line(o.timing.waitcnt_stalls[0].pc).is_some()
                {
                    assert!(lines[0].contains(':'), "{}", lines[0]);
                }
                eprintln!("{}: {}", dir.display(), o.timing.summary_line());
                eprintln!("  {}", lines[0]);
            }
            reports.push(o.timing);
        }
        assert_eq!(reports[0], reports[1], "{}: jobs 1 vs 2", dir.display());
    }
    assert!(with_stalls > 0, "some example waits for memory");
}
