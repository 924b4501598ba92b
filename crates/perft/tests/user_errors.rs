//! What a user of the `perft` binary meets when the input is wrong: unreadable divide
//! text is a usage error (exit 2), an unknown fixture variant is an error, not 0 cases.

use std::io::Write;
use std::process::{Command, Stdio};

fn perft_in(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the perft binary starts");
    {
        let mut input = child.stdin.take().expect("piped");
        let _ = input.write_all(stdin.as_bytes());
    }
    let o = child.wait_with_output().expect("it finishes");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn compare_refuses_divide_text_it_cannot_read() {
    for (input, line) in [
        ("garbage\n", "line 1"),
        ("", "line 1"),
        ("\n\n", "line 2"),
        ("e2e4 600\n", "line 1"),
        ("a2a3: 380\ne2e4 600\n", "line 2"),
        ("a2a3: 380\na2a3: 380\n", "line 2"),
    ] {
        let (code, out, err) = perft_in(&["compare", "fide", "2"], input);
        assert_eq!(code, 2, "{input:?}: exit code\n{out}\n{err}");
        assert!(err.contains(line), "{input:?}: {err}");
        assert!(!out.contains("only ours"), "{input:?}: {out}");
    }
    // Engine chatter and the summary are skipped; a readable divide still compares.
    let (code, out, err) = perft_in(
        &["compare", "fide", "1"],
        "info string hello\nNodes searched: 0\n",
    );
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("only ours"), "{out}");
}

#[test]
fn fixtures_of_an_unknown_variant_is_an_error() {
    let (code, out, err) = perft_in(&["fixtures", "nosuch"], "");
    assert_eq!(code, 2, "{out}\n{err}");
    assert!(err.contains("nosuch") && err.contains("fide"), "{err}");
    assert!(!out.contains("0 failed"), "{out}");
}
