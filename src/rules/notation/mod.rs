//! Text formats: position text (FEN and FEN-like), move text (coordinate form and SAN), and
//! game records (PGN with a `Variant` tag).

pub mod fen;
pub mod pgn;
pub mod san;
