//! The error type of every subcommand: a message for stderr and an exit code.

use std::fmt;

/// Exit code for failures (bad input data, illegal actions, invalid files).
pub const EXIT_FAILURE: i32 = 1;
/// Exit code for usage errors (unknown variant, conflicting options), as clap uses.
pub const EXIT_USAGE: i32 = 2;

/// A subcommand failure: what went wrong and what to do next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    /// Exit code: [`EXIT_FAILURE`] or [`EXIT_USAGE`].
    pub code: i32,
    /// The message, possibly several lines.
    pub message: String,
}

impl CliError {
    /// A failure (exit 1).
    pub fn fail(message: impl Into<String>) -> CliError {
        CliError {
            code: EXIT_FAILURE,
            message: message.into(),
        }
    }
    /// A usage error (exit 2).
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            code: EXIT_USAGE,
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

/// Result of a subcommand.
pub type CliResult<T = ()> = Result<T, CliError>;
