//! Typed syntax tree of the extended Parlett movement notation.
//!
//! The tree follows the grammar of the rules catalogue `parlett.md`
//! ("Extended Parlett notation — grammar and rules catalogue", parts A.2 and
//! A.3); rule IDs such as PAR-SYNT-04 refer to it. Binding, from loosest to
//! tightest (PAR-SYNT-04):
//!
//! 1. a move label definition `x:M` ([`LabelDef`]), which reaches the end of
//!    the line or the enclosing `)`;
//! 2. `,` alternatives ([`MoveExpr::alternatives`], [`MultiExpr::alternatives`]);
//! 3. `;` parts of a multi-piece move ([`Tuple`], top level only);
//! 4. `.` and `?` links of a [`Chain`];
//! 5. the postfix marks `&`, `@L@` and `!` of a [`Unit`];
//! 6. a single [`Step`]: modifiers and a [`Target`].
//!
//! Every node is plain data. The parser (see [`super::parse`]) only builds
//! trees that satisfy the invariants written on each type, so a compiler can
//! rely on them: label references name a label defined on the same line, no
//! label reaches itself, riders follow fixed-distance steps only, and a
//! multi-piece line has exactly one part per piece in every alternative.
//!
//! [`std::fmt::Display`] prints every node back in canonical notation; parsing
//! the printed text gives the same tree again.

use serde::Serialize;
use std::fmt;
use std::num::NonZeroU32;

/// One logical definition line: `Pieces: body [caption]` (PAR-SYNT-01).
///
/// Markdown decoration (`> ` and `**`) is not kept. Several lines for the
/// same letter add up; combining them is the loader's job (PAR-SYNT-01).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Definition {
    /// The piece letters before the `:` in written order, case-sensitive
    /// (PAR-NAME-02). One letter for an ordinary line, two or more for a
    /// multi-piece line (PAR-MULT-01). Always ASCII letters; a letter may
    /// repeat (`K;K` names two distinct pieces with the letter K).
    pub pieces: Vec<char>,
    /// What the line says the pieces can do.
    pub body: Body,
    /// A trailing caption such as `(Castling)`, a comment with no meaning
    /// (PAR-SYNT-03). Stored as its words joined by single spaces.
    pub caption: Option<String>,
}

/// The body of a definition line (A.2 `body`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Body {
    /// The moves of a single piece: the line has exactly one piece letter.
    Moves(MoveExpr),
    /// A multi-piece move `P1;P2: M1; M2, ...` (PAR-MULT-01): the line has
    /// two or more piece letters and every alternative has one part per
    /// letter, in the same order.
    MultiPiece(MultiExpr),
    /// The natural-language history rule
    /// `If piece at <d><dir> played <pattern> last turn then <expr>`
    /// (PAR-HIST-01). Only on single-piece lines: the rule's consequence has
    /// no `;` parts, so the parser rejects it after a multi-piece prefix.
    History(HistoryRule),
}

/// The history rule of L49 (PAR-HIST-01, PAR-NORM-09).
///
/// `If piece at 1= played oi2> last turn then c1=.o1>` reads: for every
/// vector `v` of `at_direction`, the square `at_distance · v` away holds a
/// piece whose part of the previous turn was produced by a move element equal
/// to `pattern` (matching by source, not by effect: Q12). Then `then` is
/// evaluated with `v` bound: every occurrence of the same direction symbol
/// inside `then` means only `v`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HistoryRule {
    /// The distance of the inspected square (`1` in L49).
    pub at_distance: Distance,
    /// The direction symbol of the inspected square (`=` in L49); it is the
    /// symbol that gets bound inside [`HistoryRule::then`].
    pub at_direction: Direction,
    /// The move element the neighbour must have played (`oi2>` in L49).
    pub pattern: Chain,
    /// The consequence (`c1=.o1>` in L49).
    pub then: MoveExpr,
}

/// A move expression whose alternatives are single chains: the moves of one
/// piece, the content of a group `( )`, the body of a move label, or the
/// consequence of a history rule (A.2 `expr` with one chain per tuple).
///
/// Invariant: `alternatives` is non-empty or `label` is set (or both).
/// Exactly one alternative is played per move (PAR-GRUP-04).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveExpr {
    /// The `,`-separated alternatives, in written order (PAR-GRUP-04).
    pub alternatives: Vec<Chain>,
    /// A move label definition written as the last alternative
    /// (A.2 `alt-list = tuple {"," tuple} ["," label-def]`), or as the whole
    /// expression when `alternatives` is empty. Where it stands it plays
    /// nothing in bare context; in `?` context it is the test (PAR-LABL-05).
    pub label: Option<Box<LabelDef>>,
}

/// The top-level expression of a multi-piece line (PAR-MULT-01).
///
/// Invariant: every tuple has exactly as many parts as the line has piece
/// letters (at least two); `alternatives` is non-empty or `label` is set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MultiExpr {
    /// The `,`-separated alternatives; each one is a complete tuple
    /// (PAR-SYNT-04: `,` binds more loosely than `;`).
    pub alternatives: Vec<Tuple>,
    /// A trailing move label definition; its body is an ordinary
    /// [`MoveExpr`] because `;` is only allowed at the top level (A.2).
    pub label: Option<Box<LabelDef>>,
}

/// One alternative of a multi-piece line: one chain per piece, run one
/// after another in the listed order on one changing board (PAR-MULT-01,
/// Q20). The tuple is all-or-nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tuple {
    /// `parts[k]` is played by a piece with letter `pieces[k]`.
    pub parts: Vec<Chain>,
}

/// A move label definition `name:body` (PAR-LABL-01, PAR-LABL-05).
///
/// Label names are unique within one logical line and may be referenced
/// anywhere on that line, before or after the definition. The parser checks
/// that every reference names a defined label and that no label reaches
/// itself through references. The check is textual, which makes it sound
/// whatever context a label is evaluated in: a reference anywhere inside a
/// label's body, including inside a nested label definition (which `?` may
/// evaluate, PAR-LABL-05), counts as a use by that label. Since a definition
/// reaches the end of the line, `x:1+, y:$x$` nests `y` inside `x` and is
/// rejected; `(x:1+), (y:$x$)` keeps the two apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LabelDef {
    /// The label name (an ASCII identifier: a letter, then letters, digits
    /// or `_`).
    pub name: String,
    /// The labelled move `M`: everything after the `:` to the end of the
    /// line or to the `)` closing the group the definition opens.
    pub body: MoveExpr,
}

/// A sequence of units joined by `.` ("then") and `?` ("if possible")
/// (PAR-GRUP-03, PAR-EXTN-01).
///
/// The link written after a unit decides that unit's role: a unit followed
/// by `?` is tested (not played; its bindings are dropped), every other
/// unit is played. So `X.A?B` plays `X`, tests `A` from where `X` ended and
/// plays `B` from that same place. The last unit has no link and is always
/// played. Both links bind equally tightly and are read left to right
/// (PAR-SYNT-04).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chain {
    /// The units before the last one, each with the link written after it.
    pub leading: Vec<LinkedUnit>,
    /// The final unit of the chain.
    pub last: Unit,
}

/// A unit of a [`Chain`] together with the link that follows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkedUnit {
    /// The unit.
    pub unit: Unit,
    /// The link after it.
    pub link: Link,
}

/// The link between two units of a chain (A.2 `link`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Link {
    /// `.`: play the unit, then continue from where it ended (PAR-GRUP-03).
    Then,
    /// `?`: test the unit; if it has an outcome, continue from the
    /// unchanged state (PAR-EXTN-01).
    IfPossible,
}

/// A primary with its postfix marks (A.2 `unit`; PAR-LABL-03, PAR-EXTN-02).
///
/// The rider mark `&` is stored on the [`Step`] it repeats, because it is
/// only allowed after a step of fixed distance (PAR-GRUP-02).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unit {
    /// The step, group or label reference.
    pub primary: Primary,
    /// Tile labels `@L@` written after the primary, in order; each binds
    /// tile `L` to the cursor after the unit (PAR-LABL-03). A later binding
    /// of the same name rebinds it.
    pub tiles: Vec<String>,
    /// The `!` mark: in bare context the unit's outcomes are not playable
    /// and the chain continues from before it, keeping its bindings; in `?`
    /// context it means "if the unit is impossible" (PAR-EXTN-02).
    pub invalid: bool,
}

/// The core of a unit (A.2 `primary`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Primary {
    /// A single step (modifiers and target).
    Step(Step),
    /// A parenthesised expression; it also limits the reach of a move label
    /// defined inside it (PAR-GRUP-05, PAR-LABL-01).
    Group(Box<MoveExpr>),
    /// A move label reference `$name$` (PAR-LABL-02): behaves like `(M)`
    /// written at this point. The name is guaranteed to be defined on the
    /// same line.
    Ref(String),
}

/// One step: `{modifier} target [&]` (A.2 `step`, PAR-COND-05).
///
/// Modifiers form one unordered prefix in the source (`~i2l` and `i~2l` are
/// the same step). Each letter may appear once, `c` and `o` exclude each
/// other, and there is at most one move type (PAR-COND-05). The canonical
/// order printed is: move type, `c`/`o`, `i`, `s`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The move type: slide (no mark), `~` or `^` (PAR-TYPE-01..03).
    pub kind: MoveKind,
    /// The capture condition: none, `c` or `o` (PAR-COND-02, PAR-COND-03).
    pub capture: CaptureRule,
    /// The `i` condition: the piece has never moved (PAR-COND-01).
    pub initial: bool,
    /// The `s` condition: no opponent move could capture the piece right
    /// after this step (PAR-COND-04).
    pub safe: bool,
    /// Where the step goes.
    pub target: Target,
    /// The rider mark `&` (PAR-GRUP-02): repeat the chosen vector one or
    /// more times. Only set when `target` is a [`Target::Line`] with a
    /// [`Distance::Exactly`] distance or a [`Target::Hippogonal`] leap; the
    /// parser rejects `&` anywhere else.
    pub rider: bool,
}

/// The move type of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum MoveKind {
    /// No mark: a straight slide, blocked by intermediate pieces, capturing
    /// by landing (PAR-TYPE-01; a number without `~` slides, Q2).
    Slide,
    /// `~`: a leap that ignores the squares in between (PAR-TYPE-02).
    Leap,
    /// `^`: a locust that lands on an empty square and captures the enemies
    /// it jumps (PAR-TYPE-03, Q1). Never combined with a hippogonal target.
    Locust,
}

/// The capture condition of a step (PAR-COND-02, PAR-COND-03). Having one
/// field for both letters makes `c` together with `o` unrepresentable
/// (PAR-COND-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum CaptureRule {
    /// No letter: Parlett's default, the step may or may not capture.
    May,
    /// `c`: the step must capture at least one enemy.
    Only,
    /// `o`: the step captures nothing.
    Never,
}

/// The target of a step (A.2 `target`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Target {
    /// `0`: stand still (PAR-DIST-03). Takes no direction.
    StandStill,
    /// A distance along a direction set: `1*`, `n+`, `{1..3}+`
    /// (PAR-DIST-01..04, PAR-DIRN-01..04).
    Line {
        /// How far.
        distance: Distance,
        /// Which way.
        direction: Direction,
    },
    /// A hippogonal leap `a/b`: the eight vectors `(±a,±b)` and `(±b,±a)`
    /// (PAR-DIRN-05, PAR-GRUP-01). The parser only accepts it with the leap
    /// type `~` (`/` without `~` is rejected, PAR-DIRN-05; `^a/b` is an
    /// error, PAR-TYPE-03) and never with a direction after it.
    Hippogonal {
        /// The first count.
        a: NonZeroU32,
        /// The second count.
        b: NonZeroU32,
    },
    /// `%L%`: the tile bound by an earlier `@L@` on the same path
    /// (PAR-LABL-04). Following PAR-LABL-03 an unbound tile gives the step
    /// no outcome at run time, so the parser does not require an `@L@`
    /// anywhere on the line: bindings flow through references and `;`
    /// parts, so textual order does not decide whether a tile is bound.
    Tile(String),
}

/// A distance (A.2 `distance`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Distance {
    /// A number `k`: exactly `k` squares (PAR-DIST-01).
    Exactly(NonZeroU32),
    /// `n`: if an earlier brace on the same path bound `n`, exactly that
    /// value; otherwise any distance of at least 1, binding nothing
    /// (PAR-DIST-02, PAR-BIND-01, Q8).
    Any,
    /// `{a..b}`: any `k` with `a <= k <= b`; binds `n` (PAR-DIST-04,
    /// PAR-BIND-01). The parser refuses `a > b`: an empty range is always
    /// a slip (`{3..1}` for `{1..3}`), so it is a load error at its `{`
    /// rather than a piece that silently never moves.
    Range {
        /// The lower bound, inclusive.
        lo: u32,
        /// The upper bound, inclusive.
        hi: u32,
    },
    /// `{comparison}`, the manual's `{eq(n)}`: any `k` in
    /// `0..max(files, ranks)` satisfying a chain of comparisons that
    /// mentions `n`; binds `n` (PAR-DIST-04, Q7).
    Condition(Comparison),
}

/// A chained comparison such as `n<=3` or `1<n<5` (PAR-DIST-04). Invariant:
/// `rest` is non-empty and at least one operand is [`Operand::N`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// The leftmost operand.
    pub first: Operand,
    /// The following operators with their right operands, left to right;
    /// the chain holds when every adjacent pair holds.
    pub rest: Vec<(RelOp, Operand)>,
}

/// An operand of a [`Comparison`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Operand {
    /// The distance variable `n`.
    N,
    /// A non-negative integer.
    Int(u32),
}

/// A comparison operator of a [`Comparison`] (A.2 `relop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum RelOp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `=`
    Eq,
    /// `>=`
    Ge,
    /// `>`
    Gt,
}

/// A direction set (A.2 `direction`; PAR-DIRN-01..04). Forward and backward
/// are relative to the owner; `l` and `r` are fixed on the board (Q3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Direction {
    /// `*`: all eight directions.
    All,
    /// `+`: the four orthogonal directions.
    Orthogonal,
    /// `X`: the four diagonal directions.
    Diagonal,
    /// `>`: forward.
    Forward,
    /// `<`: backward.
    Backward,
    /// `<>`: forward or backward.
    ForwardBackward,
    /// `=`: either side.
    Sideways,
    /// `>=`: forward or either side.
    ForwardSideways,
    /// `<=`: backward or either side.
    BackwardSideways,
    /// `X>`: the two forward diagonals.
    DiagonalForward,
    /// `X<`: the two backward diagonals.
    DiagonalBackward,
    /// `l`: toward the a-file, for both colours (PAR-DIRN-04).
    Left,
    /// `r`: toward the h-file, for both colours (PAR-DIRN-04).
    Right,
}

impl Direction {
    /// Every direction, in the order of the grammar.
    pub const ALL: [Direction; 13] = [
        Direction::All,
        Direction::Orthogonal,
        Direction::ForwardBackward,
        Direction::ForwardSideways,
        Direction::BackwardSideways,
        Direction::Forward,
        Direction::Backward,
        Direction::Sideways,
        Direction::DiagonalForward,
        Direction::DiagonalBackward,
        Direction::Diagonal,
        Direction::Left,
        Direction::Right,
    ];

    /// The notation symbol of this direction.
    pub fn symbol(self) -> &'static str {
        match self {
            Direction::All => "*",
            Direction::Orthogonal => "+",
            Direction::Diagonal => "X",
            Direction::Forward => ">",
            Direction::Backward => "<",
            Direction::ForwardBackward => "<>",
            Direction::Sideways => "=",
            Direction::ForwardSideways => ">=",
            Direction::BackwardSideways => "<=",
            Direction::DiagonalForward => "X>",
            Direction::DiagonalBackward => "X<",
            Direction::Left => "l",
            Direction::Right => "r",
        }
    }
}

impl RelOp {
    /// The notation symbol of this operator.
    pub fn symbol(self) -> &'static str {
        match self {
            RelOp::Lt => "<",
            RelOp::Le => "<=",
            RelOp::Eq => "=",
            RelOp::Ge => ">=",
            RelOp::Gt => ">",
        }
    }
}

impl Step {
    /// A step with no modifiers and no rider.
    pub fn plain(target: Target) -> Step {
        Step {
            kind: MoveKind::Slide,
            capture: CaptureRule::May,
            initial: false,
            safe: false,
            target,
            rider: false,
        }
    }

    /// Whether the target has a fixed distance, the only kind of step a
    /// rider mark `&` may follow (PAR-GRUP-02).
    pub fn has_fixed_distance(&self) -> bool {
        matches!(
            self.target,
            Target::Line {
                distance: Distance::Exactly(_),
                ..
            } | Target::Hippogonal { .. }
        )
    }
}

impl Unit {
    /// A unit with no postfix marks.
    pub fn new(primary: Primary) -> Unit {
        Unit {
            primary,
            tiles: Vec::new(),
            invalid: false,
        }
    }
}

impl Chain {
    /// A chain of a single unit.
    pub fn single(unit: Unit) -> Chain {
        Chain {
            leading: Vec::new(),
            last: unit,
        }
    }

    /// The units of the chain in written order, each with the link after it
    /// (`None` for the last unit).
    pub fn units(&self) -> impl Iterator<Item = (&Unit, Option<Link>)> + '_ {
        self.leading
            .iter()
            .map(|l| (&l.unit, Some(l.link)))
            .chain(std::iter::once((&self.last, None)))
    }
}

impl MoveExpr {
    /// Every move label definition inside this expression, in written order
    /// (nested ones included).
    pub fn label_defs(&self) -> Vec<&LabelDef> {
        let mut out = Vec::new();
        collect_expr(self, &mut out);
        out
    }
}

impl Definition {
    /// Every move label definition on the line, in written order. Names are
    /// unique, so this is the line's label table (PAR-LABL-01).
    pub fn label_defs(&self) -> Vec<&LabelDef> {
        let mut out = Vec::new();
        match &self.body {
            Body::Moves(e) => collect_expr(e, &mut out),
            Body::MultiPiece(m) => {
                for t in &m.alternatives {
                    for c in &t.parts {
                        collect_chain(c, &mut out);
                    }
                }
                if let Some(l) = &m.label {
                    collect_label(l, &mut out);
                }
            }
            Body::History(h) => {
                collect_chain(&h.pattern, &mut out);
                collect_expr(&h.then, &mut out);
            }
        }
        out
    }

    /// The definition of the move label `name`, if the line has one.
    pub fn label(&self, name: &str) -> Option<&LabelDef> {
        self.label_defs().into_iter().find(|l| l.name == name)
    }
}

fn collect_expr<'a>(e: &'a MoveExpr, out: &mut Vec<&'a LabelDef>) {
    for c in &e.alternatives {
        collect_chain(c, out);
    }
    if let Some(l) = &e.label {
        collect_label(l, out);
    }
}

fn collect_label<'a>(l: &'a LabelDef, out: &mut Vec<&'a LabelDef>) {
    out.push(l);
    collect_expr(&l.body, out);
}

fn collect_chain<'a>(c: &'a Chain, out: &mut Vec<&'a LabelDef>) {
    for (u, _) in c.units() {
        if let Primary::Group(g) = &u.primary {
            collect_expr(g, out);
        }
    }
}

// ---------------------------------------------------------------------------
// Canonical printing.
// ---------------------------------------------------------------------------

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

impl fmt::Display for RelOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::N => f.write_str("n"),
            Operand::Int(k) => write!(f, "{k}"),
        }
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first)?;
        for (op, rhs) in &self.rest {
            write!(f, "{op}{rhs}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Distance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Distance::Exactly(k) => write!(f, "{k}"),
            Distance::Any => f.write_str("n"),
            Distance::Range { lo, hi } => write!(f, "{{{lo}..{hi}}}"),
            Distance::Condition(c) => write!(f, "{{{c}}}"),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::StandStill => f.write_str("0"),
            Target::Line {
                distance,
                direction,
            } => write!(f, "{distance}{direction}"),
            Target::Hippogonal { a, b } => write!(f, "{a}/{b}"),
            Target::Tile(name) => write!(f, "%{name}%"),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Slide => {}
            MoveKind::Leap => f.write_str("~")?,
            MoveKind::Locust => f.write_str("^")?,
        }
        match self.capture {
            CaptureRule::May => {}
            CaptureRule::Only => f.write_str("c")?,
            CaptureRule::Never => f.write_str("o")?,
        }
        if self.initial {
            f.write_str("i")?;
        }
        if self.safe {
            f.write_str("s")?;
        }
        write!(f, "{}", self.target)?;
        if self.rider {
            f.write_str("&")?;
        }
        Ok(())
    }
}

impl fmt::Display for Primary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Primary::Step(s) => write!(f, "{s}"),
            Primary::Group(e) => write!(f, "({e})"),
            Primary::Ref(name) => write!(f, "${name}$"),
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.primary)?;
        for t in &self.tiles {
            write!(f, "@{t}@")?;
        }
        if self.invalid {
            f.write_str("!")?;
        }
        Ok(())
    }
}

impl fmt::Display for Link {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Link::Then => ".",
            Link::IfPossible => "?",
        })
    }
}

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in &self.leading {
            write!(f, "{}{}", l.unit, l.link)?;
        }
        write!(f, "{}", self.last)
    }
}

impl fmt::Display for LabelDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.name, self.body)
    }
}

fn fmt_alternatives<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    alternatives: &[T],
    label: &Option<Box<LabelDef>>,
) -> fmt::Result {
    for (k, a) in alternatives.iter().enumerate() {
        if k > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{a}")?;
    }
    if let Some(l) = label {
        if !alternatives.is_empty() {
            f.write_str(", ")?;
        }
        write!(f, "{l}")?;
    }
    Ok(())
}

impl fmt::Display for MoveExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_alternatives(f, &self.alternatives, &self.label)
    }
}

impl fmt::Display for Tuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, c) in self.parts.iter().enumerate() {
            if k > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Display for MultiExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_alternatives(f, &self.alternatives, &self.label)
    }
}

impl fmt::Display for HistoryRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "If piece at {}{} played {} last turn then {}",
            self.at_distance, self.at_direction, self.pattern, self.then
        )
    }
}

impl fmt::Display for Body {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Body::Moves(e) => write!(f, "{e}"),
            Body::MultiPiece(m) => write!(f, "{m}"),
            Body::History(h) => write!(f, "{h}"),
        }
    }
}

impl fmt::Display for Definition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in self.pieces.iter().enumerate() {
            if k > 0 {
                f.write_str(";")?;
            }
            write!(f, "{p}")?;
        }
        write!(f, ": {}", self.body)?;
        if let Some(c) = &self.caption {
            write!(f, " ({c})")?;
        }
        Ok(())
    }
}
