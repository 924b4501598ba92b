//! `perft compare`: reading other tools' divide output, and descending to the
//! position where a deliberately wrong rule set (rooks miss corners from the
//! third ply on) and the right one disagree, with the reference given in
//! process and through a canned shell script run as `--reference-cmd`.

mod common;

use common::Toy;
use frozen_core::{NoEvents, Position, Rules};
use frozen_perft::compare::{
    compare, format_divide, parse_divide, reference_command, run_reference_command, CompareOutcome,
    Step,
};
use frozen_perft::{divide, DivideEntry};

/// The reference tool, in process: the buggy rules, replaying `moves` from the root.
fn buggy_divide(root: &Position<u8>, step: &Step<'_>) -> Result<Vec<DivideEntry>, String> {
    let rules = Toy::buggy();
    let mut pos = root.clone();
    for m in step.moves {
        let mut v = Vec::new();
        rules.actions(&pos, &mut v);
        let a = v
            .into_iter()
            .find(|a| rules.format_action(&pos, a) == *m)
            .ok_or_else(|| format!("{m} is not legal for the reference"))?;
        rules.perform(&mut pos, &a, &mut NoEvents);
    }
    Ok(divide(&rules, &mut pos, step.depth))
}

#[test]
fn divide_output_of_other_tools_reads() {
    let text = "a2a3: 380\nb2b3: 420\n\ninfo string something\nTotal time (ms) : 12\nNodes searched: 800\n";
    let d = parse_divide(text).expect("valid");
    assert_eq!(
        d,
        vec![
            DivideEntry {
                action: "a2a3".into(),
                nodes: 380
            },
            DivideEntry {
                action: "b2b3".into(),
                nodes: 420
            }
        ]
    );
    let e = parse_divide("a2a3: 1\na2a3: 2\n").expect_err("twice");
    assert_eq!(e.line, 2);
    let e = parse_divide("a2a3: 1\ne2e4: lots\n").expect_err("not a count");
    assert_eq!(e.line, 2);
    assert_eq!(parse_divide(&format_divide(&d, 800)), Ok(d));
}

#[test]
fn identical_rules_agree() {
    let rules = Toy::new();
    let mut root = rules.initial_position();
    let theirs = divide(&rules, &mut root, 4);
    let want = frozen_perft::perft(&rules, &mut root, 4);
    let mut same = |s: &Step<'_>| -> Result<Vec<DivideEntry>, String> {
        let mut p = root.clone();
        for m in s.moves {
            let mut v = Vec::new();
            rules.actions(&p, &mut v);
            let a = v
                .into_iter()
                .find(|a| rules.format_action(&p, a) == *m)
                .ok_or("illegal")?;
            rules.perform(&mut p, &a, &mut NoEvents);
        }
        Ok(divide(&rules, &mut p, s.depth))
    };
    assert_eq!(
        compare(&rules, &root, 4, theirs, &mut same),
        CompareOutcome::Agree { nodes: want }
    );
}

/// One step the reference was asked for: FEN, depth, moves from the root, its divide.
type Asked = (Option<String>, u32, Vec<String>, Vec<DivideEntry>);

/// Runs the comparison with the in-process reference; returns the outcome and every step asked for.
fn descend(depth: u32) -> (CompareOutcome, Vec<Asked>) {
    let rules = Toy::new();
    let root = rules.initial_position();
    let theirs = buggy_divide(
        &root,
        &Step {
            fen: None,
            depth,
            moves: &[],
        },
    )
    .expect("root");
    let mut steps = vec![(rules.to_fen(&root), depth, Vec::new(), theirs.clone())];
    let mut reference = |s: &Step<'_>| {
        let d = buggy_divide(&root, s);
        if let Ok(d) = &d {
            steps.push((
                s.fen.map(str::to_string),
                s.depth,
                s.moves.to_vec(),
                d.clone(),
            ));
        }
        d
    };
    let outcome = compare(&rules, &root, depth, theirs, &mut reference);
    (outcome, steps)
}

#[test]
fn the_descent_stops_where_the_action_lists_differ() {
    let (outcome, steps) = descend(4);
    let CompareOutcome::Differ(d) = outcome else {
        panic!("expected a difference, got {outcome:?}");
    };
    // The bug starts at ply 2: the lists agree at plies 0 and 1, so the descent goes two deep.
    assert_eq!(d.path.len(), 2, "{d}");
    assert_eq!(d.depth, 2);
    assert!(d.only_theirs.is_empty(), "{d}");
    assert!(!d.only_ours.is_empty(), "{d}");
    for e in &d.only_ours {
        let to = &e.action[e.action.len() - 2..];
        assert!(
            ["a1", "d1", "a4", "d4"].contains(&to),
            "only ours should be corner landings: {d}"
        );
    }
    assert_eq!(steps.len(), 3);
    let rules = Toy::new();
    let mut pos = rules.initial_position();
    for m in &d.path {
        let mut v = Vec::new();
        rules.actions(&pos, &mut v);
        let a = v
            .into_iter()
            .find(|a| rules.format_action(&pos, a) == *m)
            .expect("path is legal");
        rules.perform(&mut pos, &a, &mut NoEvents);
    }
    assert_eq!(d.fen, rules.to_fen(&pos));
    let text = d.to_string();
    assert!(
        text.contains("FEN: ") && text.contains("only ours:"),
        "{text}"
    );
}

#[test]
fn a_canned_reference_command_drives_the_same_descent() {
    // Record what the reference says at each step, then replay it from files through a
    // shell script that also logs the placeholders it was given.
    let (expected, steps) = descend(4);
    let dir = std::env::temp_dir().join(format!("frozen-perft-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (_, _, moves, d) in &steps {
        let total = d.iter().map(|e| e.nodes).sum();
        std::fs::write(
            dir.join(format!("divide_{}.txt", moves.len())),
            format_divide(d, total),
        )
        .expect("write");
    }
    let log = dir.join("log.txt");
    let script = dir.join("reference.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\necho \"$1|$2|$MOVES\" >> '{}'\nn=$(echo \"$MOVES\" | wc -w | tr -d ' ')\ncat '{}'/divide_$n.txt\n",
            log.display(),
            dir.display()
        ),
    )
    .expect("write script");
    let template = format!("sh '{}' '{{fen}}' {{depth}}", script.display());
    let rules = Toy::new();
    let root = rules.initial_position();
    let fen = rules.to_fen(&root);
    let theirs = run_reference_command(
        &template,
        &Step {
            fen: fen.as_deref(),
            depth: 4,
            moves: &[],
        },
    )
    .expect("root divide from the script");
    let mut reference = reference_command(&template);
    let outcome = compare(&rules, &root, 4, theirs, &mut reference);
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(outcome, expected);
    let lines: Vec<&str> = logged.lines().collect();
    assert_eq!(lines.len(), steps.len(), "{logged}");
    for (line, (fen, depth, moves, _)) in lines.iter().zip(&steps) {
        assert_eq!(
            *line,
            format!(
                "{}|{depth}|{}",
                fen.as_deref().unwrap_or(""),
                moves.join(" ")
            )
        );
    }
}

#[test]
fn a_failing_reference_command_stops_the_descent_with_a_reason() {
    let rules = Toy::new();
    let mut root = rules.initial_position();
    let mut theirs = divide(&rules, &mut root, 3);
    theirs[0].nodes += 1;
    let mut reference = reference_command("echo broken >&2; exit 3");
    match compare(&rules, &root, 3, theirs, &mut reference) {
        CompareOutcome::Stuck { at, reason } => {
            assert!(at.path.is_empty());
            assert_eq!(at.different.len(), 1);
            assert!(reason.contains("failed"), "{reason}");
        }
        other => panic!("expected Stuck, got {other:?}"),
    }
}
