//! Library part of the `wavescope` command: the logic of commands that tests drive directly (the binary's
//! subcommands live in `main.rs` and the `cmd_*` files).

pub mod inspect;
