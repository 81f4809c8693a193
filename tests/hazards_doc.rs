//! docs/hazards.md and data/isa/hazards.csv cover the checker's rules: every rule the checker can report has its
//! anchor on the page (the `doc` link of each finding resolves), and the wait states of the data table (the
//! guide's tables) are the checker's own, for every MFMA pass count.

use std::collections::BTreeMap;
use wavescope::observers::hazards::rules::{Rule, ALL_RULES};

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// data/isa/hazards.csv: id -> (wait_states, reported_as).
fn table() -> BTreeMap<String, (String, String)> {
    let text = std::fs::read_to_string(root().join("data/isa/hazards.csv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id,"))
        .map(|l| {
            let c: Vec<&str> = l.splitn(5, ',').collect();
            (c[0].to_string(), (c[2].to_string(), c[3].to_string()))
        })
        .collect()
}

#[test]
fn every_rule_has_its_anchor_on_the_page() {
    let page = std::fs::read_to_string(root().join("docs/hazards.md")).unwrap();
    for r in ALL_RULES {
        let doc = r.doc();
        let anchor = doc.strip_prefix("docs/hazards.md#").unwrap();
        assert!(
            page.contains(&format!("<a id=\"{anchor}\"></a>\n### {}:", r.id())),
            "{doc}: no such section"
        );
    }
    let missing = wavescope::observers::hazards::MISSING_WAIT_DOC;
    let anchor = missing.strip_prefix("docs/hazards.md#").unwrap();
    assert!(page.contains(&format!("<a id=\"{anchor}\"></a>")));
    assert_eq!(Rule::H4_5_18a.doc(), "docs/hazards.md#h4-5-18a");
}

#[test]
fn the_data_table_and_the_checker_agree() {
    let t = table();
    for r in ALL_RULES {
        let (wait, reported_as) = t
            .get(r.id())
            .unwrap_or_else(|| panic!("{} is not in data/isa/hazards.csv", r.id()));
        assert_eq!(reported_as, "", "{}", r.id());
        let want: Vec<u32> = wait.split('/').map(|w| w.parse().unwrap()).collect();
        let got: Vec<u32> = if want.len() == 4 {
            [2u8, 4, 8, 16]
                .iter()
                .map(|&p| r.wait_for_passes(p))
                .collect()
        } else {
            vec![r.fixed_wait().unwrap_or_else(|| panic!("{}", r.id()))]
        };
        assert_eq!(got, want, "{}", r.id());
    }
    // Rows the checker reports under another id name one it has.
    for (id, (_, reported_as)) in &t {
        if Rule::from_id(id).is_none() {
            assert!(
                Rule::from_id(reported_as).is_some(),
                "{id} is neither a rule nor reported as one"
            );
        }
    }
}
