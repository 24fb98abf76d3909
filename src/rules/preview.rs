//! What moves will do and did, for the screen: the legal destinations of a piece with their
//! landings ([`targets`]: an Intrachange move's esoteric square, whether it captures), the
//! squares an entry of a game touched ([`entry_squares`]) and the pieces each side has lost
//! ([`captured_pieces`]). The answers come from the rules themselves (the legal moves and
//! the effects of playing them), once per question, so a board that shows them never judges
//! a move.

use super::geometry::Square;
use super::moves::{Effect, Move};
use super::piece::{Color, PieceKind};
use super::position::Position;
use super::record::{Entry, GameRecord};
use super::variant::TurnModel;

/// A legal destination of a piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveTarget {
    /// The destination (exoteric) square.
    pub to: Square,
    /// The moves to it (several for a promotion).
    pub moves: Vec<Move>,
    /// Intrachange: where the piece lands (esoteric square), if it teleports.
    pub landing: Option<Square>,
    /// Whether the move captures something (Parity: whether an enemy piece stands there
    /// now; the other side's commit decides whether the capture happens).
    pub captures: bool,
}

/// The legal destinations of `side`'s piece on `from` in `pos` (Parity: its legal commits),
/// in the order of the legal moves, each with its landing and whether it captures (read
/// from the effects of playing it on a copy).
pub fn targets(pos: &Position, side: Color, from: Square) -> Vec<MoveTarget> {
    let mut out: Vec<MoveTarget> = Vec::new();
    let simultaneous = pos.variant().turn_model() == TurnModel::Simultaneous;
    for mv in pos
        .legal_commits(side)
        .into_iter()
        .filter(|m| m.from == from)
    {
        if let Some(t) = out.iter_mut().find(|t| t.to == mv.to) {
            t.moves.push(mv);
            continue;
        }
        let (mut landing, mut captures) = (None, false);
        if simultaneous {
            captures = pos.board().piece_at(mv.to).is_some_and(|p| p.color != side);
        } else if let Ok(fx) = pos.clone().try_play(&mv) {
            for e in &fx {
                match e {
                    Effect::Teleport { from: a, to, .. } if *a == mv.to => landing = Some(*to),
                    Effect::Capture { .. } => captures = true,
                    _ => {}
                }
            }
        }
        out.push(MoveTarget {
            to: mv.to,
            moves: vec![mv],
            landing,
            captures,
        });
    }
    out
}

/// The squares `entry` touched, played from `before`: each move's origin and destination
/// and, for a teleport, where it landed.
pub fn entry_squares(before: &Position, entry: &Entry) -> Vec<Square> {
    match entry {
        Entry::Move(mv) => {
            let mut out = vec![mv.from, mv.to];
            if let Ok(fx) = before.clone().try_play(mv) {
                out.extend(fx.iter().filter_map(|e| match e {
                    Effect::Teleport { to, .. } => Some(*to),
                    _ => None,
                }));
            }
            out
        }
        Entry::Turn { white, black } => vec![white.from, white.to, black.from, black.to],
    }
}

/// The pieces captured in the first `upto` entries of `record`, per side that lost them
/// (White's, Black's), in capture order, from the rules' own effects: a promotion is not a
/// lost Pawn, and an Intrachange or Parity capture counts once.
pub fn captured_pieces(record: &GameRecord, upto: usize) -> [Vec<PieceKind>; 2] {
    let mut out: [Vec<PieceKind>; 2] = [Vec::new(), Vec::new()];
    for (i, entry) in record.entries().iter().enumerate().take(upto) {
        let Some(before) = record.position_after(i) else {
            break;
        };
        let mut pos = before.clone();
        let effects = match entry {
            Entry::Move(mv) => pos.try_play(mv).unwrap_or_default(),
            Entry::Turn { white, black } => pos.resolve(white, black).unwrap_or_default(),
        };
        for fx in effects {
            if let Effect::Capture { piece, .. } = fx {
                out[piece.color.index()].push(piece.kind);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn an_intrachange_target_names_its_landing_and_a_promotion_gathers_its_moves() {
        let pos = Position::new(Variant::Intrachange);
        let e2 = pos.shape().parse_square("e2").unwrap();
        let t = targets(&pos, Color::White, e2);
        let e4 = t
            .iter()
            .find(|t| pos.shape().name(t.to) == "e4")
            .expect("e2-e4 is legal");
        assert_eq!(e4.landing.map(|s| pos.shape().name(s)), Some("e6".into()));
        let pos =
            Position::from_text(Variant::Standard, "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let a7 = pos.shape().parse_square("a7").unwrap();
        let t = targets(&pos, Color::White, a7);
        let b8 = t.iter().find(|t| pos.shape().name(t.to) == "b8").unwrap();
        assert_eq!(b8.moves.len(), 4);
        assert!(b8.captures && b8.landing.is_none());
    }

    #[test]
    fn a_promotion_is_not_a_lost_pawn_and_captures_come_from_the_rules() {
        let start =
            Position::from_text(Variant::Standard, "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut record = GameRecord::new(start.clone());
        record.play(&start.parse_move("axb8=Q+").unwrap()).unwrap();
        let lost = captured_pieces(&record, record.len());
        assert_eq!(lost[Color::White.index()], Vec::<PieceKind>::new());
        assert_eq!(lost[Color::Black.index()], vec![PieceKind::Rook]);
        assert_eq!(captured_pieces(&record, 0), [Vec::new(), Vec::new()]);
        assert_eq!(
            entry_squares(&start, &record.entries()[0])
                .into_iter()
                .map(|s| start.shape().name(s))
                .collect::<Vec<_>>(),
            ["a7", "b8"]
        );
    }
}
