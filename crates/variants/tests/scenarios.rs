//! Runs every scenario fixture under `fixtures/scenarios/<variant>/<ID>-<short>.ron`
//! against the variant named by its folder. Adding a rule test is adding a file.
//!
//! The run fails if the fixtures folder is missing or empty, if a registered variant has no
//! fixture, if a folder holds anything but `.ron` files, or if a file's name does not start
//! with one of the rule IDs it names. The IDs must be defined in the variant's rulings
//! document (`docs/rules/<doc>.md`, see [`RULINGS`]). The runner's own refusals are tested
//! with the fixtures under `crates/variants/tests/scenario_rejects/`, each of which must be
//! refused. (Non-canonical action text, which no registered variant's parser accepts, is
//! tested with a toy rule set in `crates/frozen-core/tests/scenario_runner.rs`.)

use frozen_core::scenario::{parse_scenario, run_scenario, RuleCatalog};
use frozen_core::{Rules, VariantVisitor};
use std::path::{Path, PathBuf};

/// The rulings document of each registered variant (under `docs/rules/`).
const RULINGS: &[(&str, &str)] = &[
    ("fc6", "fc6.md"),
    ("fc11", "fc11.md"),
    ("fc12", "fc12.md"),
    ("denial-bait", "denial-bait.md"),
    ("normal-chess", "parlett.md"),
    ("fairy-chess", "parlett.md"),
    ("fide", "parlett.md"),
    ("capablanca", "parlett.md"),
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixtures() -> PathBuf {
    repo().join("fixtures/scenarios")
}

fn rejects() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenario_rejects")
}

/// The rule catalog of `variant`, read from its rulings document.
fn catalog(variant: &str) -> Result<RuleCatalog, String> {
    let doc = RULINGS
        .iter()
        .find(|(v, _)| *v == variant)
        .map(|(_, d)| *d)
        .ok_or_else(|| {
            format!("no rulings document known for variant {variant:?}: add it to RULINGS in crates/variants/tests/scenarios.rs")
        })?;
    let path = repo().join("docs/rules").join(doc);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let cat = RuleCatalog::from_markdown(&text);
    if cat.is_empty() {
        return Err(format!("{} defines no rule ID", path.display()));
    }
    Ok(cat)
}

struct RunScenario<'a> {
    text: &'a str,
    file_name: &'a str,
    catalog: &'a RuleCatalog,
}

impl VariantVisitor for RunScenario<'_> {
    type Output = Result<(), String>;
    fn visit<R: Rules + Clone>(self, rules: R) -> Self::Output {
        let sc = parse_scenario::<R::State>(self.text, self.catalog)?;
        if !sc
            .rules
            .iter()
            .any(|id| self.file_name.starts_with(&format!("{id}-")))
        {
            return Err(format!(
                "the file name must be `<ID>-<short-name>.ron` with an ID of `rules` ({})",
                sc.rules.join(", ")
            ));
        }
        run_scenario(&rules, self.text, self.catalog)
    }
}

/// Runs one fixture file as a scenario of `variant`.
fn run_file(variant: &str, catalog: &RuleCatalog, file: &Path) -> Result<(), String> {
    let text =
        std::fs::read_to_string(file).map_err(|e| format!("cannot read the fixture: {e}"))?;
    let file_name = file
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    frozen_variants::visit(
        variant,
        RunScenario {
            text: &text,
            file_name: &file_name,
            catalog,
        },
    )
    .map_err(|e| e.to_string())
    .and_then(|r| r)
}

/// Sorted entries of a folder.
fn entries(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let rd = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut v = Vec::new();
    for e in rd {
        v.push(
            e.map_err(|e| format!("cannot read {}: {e}", dir.display()))?
                .path(),
        );
    }
    v.sort();
    Ok(v)
}

/// Runs every fixture under `root` (`<root>/<variant>/*.ron`). Returns the number of
/// fixtures run per variant, or every failure.
fn run_folder(root: &Path) -> Result<Vec<(String, usize)>, String> {
    if !root.is_dir() {
        return Err(format!("the fixtures folder {} is missing", root.display()));
    }
    let mut counts = Vec::new();
    let mut failures = Vec::new();
    for dir in entries(root)? {
        if !dir.is_dir() {
            failures.push(format!(
                "{}: not a variant folder (only `<variant>/` folders belong here)",
                dir.display()
            ));
            continue;
        }
        let variant = dir
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let cat = match catalog(&variant) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{}: {e}", dir.display()));
                continue;
            }
        };
        let mut count = 0;
        for f in entries(&dir)? {
            if !(f.is_file() && f.extension().is_some_and(|e| e == "ron")) {
                failures.push(format!("{}: not a `.ron` fixture file", f.display()));
                continue;
            }
            count += 1;
            if let Err(e) = run_file(&variant, &cat, &f) {
                failures.push(format!("{}: {e}", f.display()));
            }
        }
        if count == 0 {
            failures.push(format!("{}: no fixture in this folder", dir.display()));
        }
        counts.push((variant, count));
    }
    if counts.is_empty() && failures.is_empty() {
        failures.push(format!(
            "the fixtures folder {} holds no variant folder",
            root.display()
        ));
    }
    if failures.is_empty() {
        Ok(counts)
    } else {
        Err(format!(
            "{} problem(s):\n{}",
            failures.len(),
            failures.join("\n\n")
        ))
    }
}

#[test]
fn all_scenarios_pass() {
    let counts = run_folder(&fixtures()).unwrap_or_else(|e| panic!("{e}"));
    let total: usize = counts.iter().map(|(_, n)| n).sum();
    for (variant, n) in &counts {
        eprintln!("scenarios: {variant}: {n} fixtures passed");
    }
    eprintln!("scenarios: {total} fixtures passed in all");
    for v in frozen_variants::VARIANTS {
        assert!(
            counts.iter().any(|(name, n)| name == v.name && *n > 0),
            "registered variant {} has no scenario fixture under fixtures/scenarios/{}/",
            v.name,
            v.name
        );
    }
}

#[test]
fn every_fixture_is_cited_in_its_rulings_document() {
    // docs/rules lists the tests of each rule ID: a fixture must appear there by its file
    // name, or through a pattern `<variant>/<ID>-*` of its folder.
    let mut missing = Vec::new();
    for (variant, doc) in RULINGS {
        let text = std::fs::read_to_string(repo().join("docs/rules").join(doc)).expect("doc");
        for f in entries(&fixtures().join(variant)).expect("fixture folder") {
            let name = f.file_name().expect("name").to_string_lossy().to_string();
            let id: String = name.split('-').take(3).collect::<Vec<_>>().join("-");
            if !text.contains(&name) && !text.contains(&format!("{variant}/{id}-*")) {
                missing.push(format!("{variant}/{name} (docs/rules/{doc})"));
            }
        }
    }
    assert!(missing.is_empty(), "fixtures not cited: {missing:#?}");
}

/// The error the runner gives for `scenario_rejects/<variant>/<file>`; panics if it passes.
fn rejected(variant: &str, file: &str) -> String {
    let cat = catalog(variant).expect("catalog");
    let path = rejects().join(variant).join(file);
    assert!(
        path.is_file(),
        "missing negative fixture {}",
        path.display()
    );
    match run_file(variant, &cat, &path) {
        Ok(()) => panic!("{} was accepted; it must be refused", path.display()),
        Err(e) => e,
    }
}

fn assert_rejected(variant: &str, file: &str, why: &str) {
    let e = rejected(variant, file);
    assert!(
        e.contains(why),
        "{variant}/{file} refused for another reason than {why:?}: {e}"
    );
}

/// A scratch folder under the target dir, emptied first.
fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

#[test]
fn a_missing_fixtures_folder_fails() {
    let d = scratch("scenarios-missing").join("nothing-here");
    let e = run_folder(&d).expect_err("a missing folder must fail");
    assert!(e.contains("is missing"), "{e}");
}

#[test]
fn an_empty_fixtures_folder_fails() {
    let d = scratch("scenarios-empty");
    let e = run_folder(&d).expect_err("an empty folder must fail");
    assert!(e.contains("holds no variant folder"), "{e}");
}

#[test]
fn an_empty_variant_folder_fails() {
    let d = scratch("scenarios-empty-variant");
    std::fs::create_dir_all(d.join("fide")).expect("folder");
    let e = run_folder(&d).expect_err("a variant folder without fixtures must fail");
    assert!(e.contains("no fixture in this folder"), "{e}");
}

#[test]
fn a_stray_file_in_a_variant_folder_fails() {
    let d = scratch("scenarios-stray");
    std::fs::create_dir_all(d.join("fide")).expect("folder");
    let good = fixtures().join("fide/PAR-NORM-08-fide-castling-c1.ron");
    std::fs::copy(&good, d.join("fide/PAR-NORM-08-fide-castling-c1.ron")).expect("copy");
    assert_eq!(run_folder(&d), Ok(vec![("fide".to_string(), 1)]));
    std::fs::copy(&good, d.join("fide/PAR-NORM-08-copy.rn")).expect("copy");
    let e = run_folder(&d).expect_err("a misnamed fixture must not be skipped silently");
    assert!(e.contains("not a `.ron` fixture file"), "{e}");
}

#[test]
fn an_unknown_variant_folder_fails() {
    let d = scratch("scenarios-unknown-variant");
    std::fs::create_dir_all(d.join("fidee")).expect("folder");
    let e = run_folder(&d).expect_err("an unknown variant must fail");
    assert!(e.contains("no rulings document known"), "{e}");
}

#[test]
fn rulings_catalogs_define_the_expected_ids() {
    // The catalog reader sees both heading IDs (fc12, denial-bait) and table IDs (Parlett).
    let fc12 = catalog("fc12").expect("fc12 catalog");
    assert!(fc12.contains("F12-JEST-05") && fc12.contains("F12-SETU-01"));
    assert!(!fc12.contains("F12-JEST-99"));
    let db = catalog("denial-bait").expect("denial-bait catalog");
    assert!(db.contains("DB-ROOK-07") && db.contains("DB-QUEN-05"));
    let par = catalog("fide").expect("parlett catalog");
    assert!(par.contains("PAR-COND-01") && par.contains("PAR-NORM-11"));
    assert!(!par.contains("F12-JEST-05"));
}

#[test]
fn rejects_an_illegal_step_that_does_not_parse() {
    assert_rejected(
        "fide",
        "PAR-NORM-11-illegal-step-unparsable.ron",
        "does not parse as an action",
    );
}

#[test]
fn rejects_an_illegal_step_off_the_board() {
    assert_rejected(
        "fide",
        "PAR-NORM-11-illegal-step-off-board.ron",
        "names a square off the board",
    );
}

#[test]
fn rejects_an_illegal_step_without_error_contains() {
    assert_rejected(
        "fide",
        "PAR-NORM-06-illegal-step-no-reason.ron",
        "an illegal step needs `error_contains`",
    );
}

#[test]
fn rejects_error_contains_that_matches_only_the_action_text() {
    // The refusal message repeats the action; `error_contains` must match the reason.
    assert_rejected(
        "fide",
        "PAR-NORM-07-illegal-step-reason-is-action-text.ron",
        "does not contain \"e2e5\"",
    );
}

#[test]
fn rejects_events_on_an_illegal_step() {
    assert_rejected(
        "fide",
        "PAR-NORM-07-illegal-step-with-events.ron",
        "`events` on a step expected to be illegal",
    );
}

#[test]
fn rejects_error_contains_on_a_legal_step() {
    assert_rejected(
        "fide",
        "PAR-NORM-07-legal-step-with-error.ron",
        "`error_contains` on a step expected to be legal",
    );
}

#[test]
fn rejects_an_unparsable_actions_exclude() {
    assert_rejected(
        "fide",
        "PAR-NORM-07-exclude-unparsable.ron",
        "does not parse as an action of the variant",
    );
}

#[test]
fn rejects_a_misspelled_field() {
    assert_rejected("fide", "PAR-NORM-07-misspelled-field.ron", "actions_exlude");
}

#[test]
fn rejects_a_fixture_without_rule_ids() {
    assert_rejected("fide", "no-rule-ids.ron", "`rules` names no rule ID");
}

#[test]
fn rejects_a_rule_id_absent_from_the_rulings() {
    assert_rejected(
        "fide",
        "PAR-NORM-99-unknown-id.ron",
        "PAR-NORM-99 is not defined in the variant's rulings document",
    );
    // An ID of another variant's catalog is absent too.
    assert_rejected(
        "fide",
        "F12-JEST-05-other-catalog.ron",
        "F12-JEST-05 is not defined",
    );
}

#[test]
fn rejects_a_malformed_rule_id() {
    assert_rejected("fide", "malformed-rule-id.ron", "is not a rule ID");
}

#[test]
fn rejects_a_file_name_without_its_rule_id() {
    assert_rejected(
        "fide",
        "castling-c1-wrong-name.ron",
        "the file name must be `<ID>-<short-name>.ron`",
    );
}

#[test]
fn rejects_a_fixture_that_checks_nothing() {
    assert_rejected("fide", "PAR-NORM-11-checks-nothing.ron", "checks nothing");
}

#[test]
fn the_negative_fixtures_all_have_a_test() {
    // Every file under scenario_rejects/ is named by a test above, so none is dead weight.
    let me =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios.rs"))
            .expect("this test's source");
    let mut n = 0;
    for dir in entries(&rejects()).expect("scenario_rejects folder") {
        for f in entries(&dir).expect("variant folder") {
            n += 1;
            let name = f.file_name().expect("name").to_string_lossy().to_string();
            assert!(
                me.contains(&format!("\"{name}\"")),
                "{} is not used by any test",
                f.display()
            );
        }
    }
    assert!(n >= 14, "only {n} negative fixtures found");
}
