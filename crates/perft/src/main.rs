//! The `perft` binary: see [`frozen_perft::cli`].
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    frozen_perft::cli::run_cli(std::env::args_os())
}
