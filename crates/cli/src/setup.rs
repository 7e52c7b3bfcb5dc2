//! The arguments every command shares: rules, position, moves played from it.

use clap::Args;
use halma_rules::{quote, Game, Rules};

use crate::CliError;

/// Rules, a start position and the moves played from it.
#[derive(Args)]
pub struct GameArgs {
    /// Rules string: a preset and options, e.g. `halma`, `super-halma,spoil=swap`.
    #[arg(long, default_value = "halma")]
    pub rules: String,
    /// Position string (default: the preset's start position).
    #[arg(long)]
    pub position: Option<String>,
    /// Moves to play first, separated by spaces, e.g. "e12-f11 l3-j5".
    #[arg(long, default_value = "")]
    pub moves: String,
}

impl GameArgs {
    /// The game these arguments describe, every move checked.
    pub fn game(&self) -> Result<Game, CliError> {
        let rules: Rules = self
            .rules
            .parse()
            .map_err(|e| CliError(format!("--rules: {e}")))?;
        let mut game = match &self.position {
            None => Game::new(rules),
            Some(text) => rules
                .parse_position(text)
                .and_then(|start| Game::from_position(rules, start))
                .map_err(|e| CliError(format!("--position: {e}")))?,
        };
        for (i, text) in self.moves.split_whitespace().enumerate() {
            game.play_str(text)
                .map_err(|e| CliError(format!("--moves: move {} `{}`: {e}", i + 1, quote(text))))?;
        }
        Ok(game)
    }
}

/// `halma moves`: the legal moves, one per line, as paths.
pub fn list_moves(args: &GameArgs) -> Result<(), CliError> {
    let game = args.game()?;
    let mut out = String::new();
    for mv in game.legal_moves() {
        out.push_str(&game.move_to_string(mv)?);
        out.push('\n');
    }
    out!("{out}");
    Ok(())
}
