//! Runs every scenario fixture under `fixtures/scenarios/<variant>/*.ron`
//! against the variant named by its folder. Adding a rule test is adding a file.

use frozen_core::scenario::run_scenario;
use frozen_core::{Rules, VariantVisitor};
use std::path::{Path, PathBuf};

struct RunScenario<'a>(&'a str);

impl VariantVisitor for RunScenario<'_> {
    type Output = Result<(), String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Self::Output {
        run_scenario(&rules, self.0)
    }
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/scenarios")
}

#[test]
fn all_scenarios_pass() {
    let mut failures = Vec::new();
    let mut count = 0;
    let Ok(dirs) = std::fs::read_dir(fixtures()) else {
        return;
    };
    let mut dirs: Vec<_> = dirs.flatten().filter(|d| d.path().is_dir()).collect();
    dirs.sort_by_key(|d| d.path());
    for dir in dirs {
        let variant = dir.file_name().to_string_lossy().to_string();
        let mut files: Vec<_> = std::fs::read_dir(dir.path())
            .expect("readable fixture folder")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        files.sort();
        for f in files {
            count += 1;
            let text = std::fs::read_to_string(&f).expect("readable fixture");
            let r = frozen_variants::visit(&variant, RunScenario(&text))
                .map_err(|e| e.to_string())
                .and_then(|r| r);
            if let Err(e) = r {
                failures.push(format!("{}: {e}", f.display()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} scenarios failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
