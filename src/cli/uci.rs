//! `esoterica uci [--bot SPEC] [--seed S] [--threads N]`: a built-in bot as a UCI engine on stdin/stdout
//! ([`UciEngine`]; the dialect is in `docs/bot-protocol.md`).

use clap::Args;

use crate::bots::BotSpec;
use crate::bots::uci_engine::UciEngine;

/// `uci` options.
#[derive(Args, Debug)]
pub struct UciArgs {
    /// The built-in bot to play: random, greedy or alphabeta[:1-9] (levels 1-5 make
    /// deliberate mistakes; the default is the strongest level, as a GUI expects).
    #[arg(long, default_value = "alphabeta:9")]
    pub bot: String,
    /// Master seed: the bot of the n-th game (after n `ucinewgame`s) is seeded from (seed, n).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Search threads of the alphabeta bot (1-64; the UCI `Threads` option's starting
    /// value, which `setoption` changes).
    #[arg(long, default_value_t = 1, value_parser = crate::cli::search_threads)]
    pub threads: usize,
}

/// Runs the engine until `quit` or the end of the input; 1 for a bad `--bot`.
pub(super) fn run(a: &UciArgs) -> u8 {
    let spec = match BotSpec::parse(&a.bot) {
        Ok(BotSpec::External(_)) => {
            eprintln!(
                "error: esoterica uci plays a built-in bot (random, greedy, alphabeta[:1-9]), not an ext: program"
            );
            return 1;
        }
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut engine = UciEngine::new(spec, a.seed, std::io::stdout());
    engine.set_threads(a.threads);
    engine.run(std::io::stdin().lock());
    0
}
