//! The label checks of the parser (PAR-LABL-01, PAR-LABL-02): every move label defined
//! once, every reference naming a label of its line, no label reaching itself through
//! references. The parser ([`super::parse`]) records definitions and references while it
//! reads a line and calls [`check_labels`] at the end.
//!
//! Uses [`super::error`].

use super::error::ParseError;
use std::collections::HashMap;
use std::ops::Range;

/// A move label definition seen while parsing, with the references made
/// inside its body (`refs` indexes the list of references).
#[derive(Debug)]
pub(super) struct DefInfo {
    pub name: String,
    pub column: usize,
    pub refs: Range<usize>,
}

/// A move label reference `$name$` seen while parsing.
#[derive(Debug)]
pub(super) struct RefInfo {
    pub name: String,
    pub column: usize,
}

/// Load checks on move labels (PAR-LABL-01, PAR-LABL-02): no duplicate
/// definitions, no undefined references, no label reaching itself.
pub(super) fn check_labels(
    input: &str,
    defs: &[DefInfo],
    refs: &[RefInfo],
) -> Result<(), ParseError> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut errors: Vec<ParseError> = Vec::new();
    for (k, def) in defs.iter().enumerate() {
        if let Some(&first) = index.get(def.name.as_str()) {
            let first_column = defs.get(first).map_or(0, |d| d.column);
            errors.push(ParseError::new(
                def.column,
                "a label name not yet defined on this line (PAR-LABL-01: no redefinition)",
                format!("'{}' (already defined at column {first_column})", def.name),
                input,
            ));
        } else {
            index.insert(def.name.as_str(), k);
        }
    }
    for r in refs {
        if !index.contains_key(r.name.as_str()) {
            errors.push(ParseError::new(
                r.column,
                "a reference to a move label defined on this line (PAR-LABL-02)",
                format!("'${}$' (no label '{}' on this line)", r.name, r.name),
                input,
            ));
        }
    }
    if let Some(first) = errors.into_iter().min_by_key(|e| e.column) {
        return Err(first);
    }
    // Recursion: a cycle in the graph "label -> labels referenced in
    // its body", found with an iterative depth-first search.
    let edges: Vec<Vec<(usize, usize)>> = defs
        .iter()
        .map(|def| {
            def.refs
                .clone()
                .filter_map(|r| {
                    let target = refs.get(r)?;
                    index.get(target.name.as_str()).map(|&t| (t, r))
                })
                .collect()
        })
        .collect();
    const WHITE: u8 = 0;
    const GREY: u8 = 1;
    const BLACK: u8 = 2;
    let mut colour = vec![WHITE; defs.len()];
    for root in 0..defs.len() {
        if colour.get(root) != Some(&WHITE) {
            continue;
        }
        if let Some(c) = colour.get_mut(root) {
            *c = GREY;
        }
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        while let Some(top) = stack.last_mut() {
            let (node, next) = *top;
            top.1 += 1;
            match edges.get(node).and_then(|e| e.get(next)) {
                None => {
                    if let Some(c) = colour.get_mut(node) {
                        *c = BLACK;
                    }
                    stack.pop();
                }
                Some(&(target, reference)) => match colour.get(target).copied() {
                    Some(WHITE) => {
                        if let Some(c) = colour.get_mut(target) {
                            *c = GREY;
                        }
                        stack.push((target, 0));
                    }
                    Some(GREY) => {
                        return Err(recursion_error(input, defs, refs, target, reference))
                    }
                    _ => {}
                },
            }
        }
    }
    Ok(())
}

/// The error for reference number `reference`, which leads back to
/// label number `target`.
fn recursion_error(
    input: &str,
    defs: &[DefInfo],
    refs: &[RefInfo],
    target: usize,
    reference: usize,
) -> ParseError {
    let name = defs.get(target).map_or("", |d| d.name.as_str());
    let column = refs.get(reference).map_or(1, |r| r.column);
    let inside = defs
        .get(target)
        .is_some_and(|d| d.refs.contains(&reference));
    let found = if inside {
        format!(
            "'${name}$' inside the definition of '{name}', which reaches the end of the line \
             or its closing ')'"
        )
    } else {
        format!("'${name}$' (label '{name}' reaches itself through references)")
    };
    ParseError::new(
        column,
        "a reference that does not lead back to its own label (PAR-LABL-01: no recursion)",
        found,
        input,
    )
}

/// The check `parlett explain` adds (not a load check): the first tile label `%L%` in
/// `used` (name, column of its `%`) that no `@L@` of the line binds, as an error at its
/// `%`. PAR-LABL-03 gives an unbound `%L%` no outcome, so a set may hold one; one that no
/// `@L@` of its line binds can never have an outcome and is almost surely a typo.
pub(super) fn check_tiles(
    input: &str,
    bound: &[String],
    used: &[(String, usize)],
) -> Result<(), ParseError> {
    match used.iter().find(|(name, _)| !bound.contains(name)) {
        Some((name, column)) => Err(ParseError::new(
            *column,
            format!(
                "a tile label bound on this line by '@{name}@' (PAR-LABL-03: an unbound \
                 '%{name}%' never has an outcome)"
            ),
            format!("'%{name}%' (no '@{name}@' on this line)"),
            input,
        )),
        None => Ok(()),
    }
}
