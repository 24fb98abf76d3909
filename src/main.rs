//! The `esoterica` binary: a thin wrapper over [`esoterica::cli`].

fn main() -> std::process::ExitCode {
    esoterica::cli::main()
}
