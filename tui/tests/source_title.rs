//! The source pane's title keeps the end of a long path: the file name is what tells the kernels apart
//! (a code object built with an absolute compilation directory names its source by its full path).

mod common;

use common::*;

#[test]
fn a_long_source_path_keeps_its_file_name_in_the_title() {
    let (_e, mut app) = open_at(&example("polybench_gemm_64"));
    let long = format!("/{}/kernel.cl", "very_long_directory_name".repeat(8));
    app.listing.file_name = long.clone();
    for (w, h) in [(140, 44), (80, 24)] {
        let s = screen(&mut app, w, h);
        let title = s.iter().find(|l| l.contains(" Source: ")).unwrap();
        assert!(title.contains("…"), "{w}x{h}: {title}");
        assert!(title.contains("/kernel.cl ("), "{w}x{h}: {title}");
    }
    // A short one is shown whole.
    app.listing.file_name = "./kernel.cl".into();
    let s = screen(&mut app, 140, 44);
    assert!(
        s.iter().any(|l| l.contains(" Source: ./kernel.cl (")),
        "{s:?}"
    );
}
