//! Analysis on screen: the analysis section of the moves panel (the top lines with their
//! scores from a chosen level, threats, the review graph of a finished or reviewed game), the
//! evaluation bar beside the board and the hint arrow on it. The searches run off the main
//! thread ([`AnalysisPlugin`]); this only draws
//! what has arrived. Keys: `A` the panel, `B` the best-move arrow, `T` threats.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::bots::analysis::{Line, MAX_MULTIPV};
use crate::bots::live_analysis::{
    AnalysisPlugin, AnalysisSettings, EVAL_CLAMP_CP, GameEvals, LiveAnalysis, bar_fraction,
    for_white, score_text,
};
use crate::game::ActiveGame;
use crate::render::board2d::{BoardGizmos, arc_points};
use crate::render::picking::HotkeySystems;
use crate::render::{BoardInsets, BoardView, square_to_world};
use crate::rules::{Color as Side, Position};

/// Width of the evaluation bar beside the board, in egui points.
pub const EVAL_BAR_POINTS: f32 = 24.0;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(AnalysisPlugin)
        // In a lesson or puzzle the engine's lines would give the answers away.
        .add_systems(
            Update,
            analysis_keys
                .in_set(HotkeySystems)
                .run_if(not(in_state(crate::game::AppMode::Learn))),
        )
        .add_systems(
            Update,
            draw_hint_arrow
                .in_set(crate::AppSystems::Present)
                .after(crate::render::camera::fit_camera),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            draw_eval_bar.after(super::panels::draw_panels),
        );
}

/// `A`: the analysis panel; `B`: the best-move arrow; `T`: threats.
fn analysis_keys(
    mut chords: MessageReader<crate::render::keys::KeyChord>,
    mut settings: ResMut<AnalysisSettings>,
) {
    for c in chords.read() {
        if c.is(KeyCode::KeyA) {
            settings.open = !settings.open;
        } else if c.is(KeyCode::KeyB) {
            settings.hint = !settings.hint;
        } else if c.is(KeyCode::KeyT) {
            settings.threats = !settings.threats;
        }
    }
}

/// A line as the panel shows it: `+0.35  Nf3 d5 c4 …` in the notation of the move list
/// (Parity: the commit), at most `max_moves` moves. The score is from White's point of view
/// (as lichess shows it): `side` is the side the line was searched for.
pub fn line_text(pos: &Position, line: &Line, side: Side, max_moves: usize) -> String {
    let mut p = pos.clone();
    if line.pv.first().is_some_and(|m| !p.is_legal(m)) {
        // Threats: the line is for the side not to move.
        p.set_turn(p.turn().other());
    }
    let mut words = Vec::new();
    for mv in line.pv.iter().take(max_moves) {
        words.push(crate::rules::variants::move_text(&p, mv));
        if p.try_play(mv).is_err() {
            break;
        }
    }
    format!(
        "{:>6}  {}",
        score_text(for_white(line.score, side)),
        words.join(" ")
    )
}

/// The analysis section of the moves panel; returns the review target a click on the graph
/// asks for (`Some(None)`: back to the live position).
pub(crate) fn analysis_section(
    ui: &mut egui::Ui,
    game: &ActiveGame,
    settings: &mut AnalysisSettings,
    live: &LiveAnalysis,
    evals: &GameEvals,
) -> Option<Option<usize>> {
    let mut target = None;
    let header = egui::CollapsingHeader::new(egui::RichText::new("Analysis (A)").strong())
        .id_salt("analysis-header")
        .open(Some(settings.open))
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut settings.hint, "Hint arrow (B)");
                ui.checkbox(&mut settings.threats, "Threats (T)");
            });
            ui.horizontal(|ui| {
                ui.label("Level");
                ui.add(
                    egui::DragValue::new(&mut settings.level)
                        .range(1..=crate::bots::search::MAX_LEVEL),
                );
                ui.label("Lines");
                ui.add(egui::DragValue::new(&mut settings.lines).range(1..=MAX_MULTIPV.min(5)));
            });
            let pos = game.shown();
            let whose = live.side.map_or("", |s| s.title());
            let state = if live.done { "" } else { " (thinking…)" };
            if settings.threats {
                ui.label(format!(
                    "Threats: what {whose} would play{state} (scores for White)"
                ));
            } else if !whose.is_empty() {
                ui.label(format!("Best for {whose}{state} (scores for White)"));
            }
            if let Some(note) = &live.note {
                ui.label(egui::RichText::new(note).italics());
            }
            let side = live.side.unwrap_or(pos.turn());
            for line in &live.lines {
                let text = line_text(pos, line, side, 6);
                let depth = format!("depth {}, {} nodes", line.depth, line.nodes);
                ui.add(egui::Label::new(egui::RichText::new(&text).monospace()).truncate())
                    .on_hover_text(format!("{text}\n{depth}"));
            }
            if !evals.evals.is_empty() && evals.is_for(game) {
                ui.label(egui::RichText::new("Evaluation after each move").strong());
                if let Some(n) = review_graph(ui, game, evals) {
                    target = Some((n < game.record.len()).then_some(n));
                }
            }
        });
    // The header's own click opens or closes the panel.
    if header.header_response.clicked() {
        settings.open = !settings.open;
    }
    target
}

/// The review graph: White's evaluation (centipawns, clamped at ±[`EVAL_CLAMP_CP`]) after
/// each entry, the position shown marked, mistakes as red dots. Returns the entry clicked.
fn review_graph(ui: &mut egui::Ui, game: &ActiveGame, evals: &GameEvals) -> Option<usize> {
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 90.0), egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, egui::Color32::from_gray(30));
    let n = evals.evals.len().max(2);
    let x = |i: usize| rect.left() + rect.width() * i as f32 / (n - 1) as f32;
    let y = |cp: i32| {
        let t = cp.clamp(-EVAL_CLAMP_CP, EVAL_CLAMP_CP) as f32 / EVAL_CLAMP_CP as f32;
        rect.center().y - t * rect.height() * 0.45
    };
    painter.line_segment(
        [
            egui::pos2(rect.left(), rect.center().y),
            egui::pos2(rect.right(), rect.center().y),
        ],
        egui::Stroke::new(1.0, egui::Color32::from_gray(90)),
    );
    let points: Vec<egui::Pos2> = evals
        .evals
        .iter()
        .enumerate()
        .filter_map(|(i, v)| v.map(|cp| egui::pos2(x(i), y(cp))))
        .collect();
    if points.len() >= 2 {
        painter.add(egui::Shape::line(
            points,
            egui::Stroke::new(2.0, egui::Color32::from_rgb(230, 230, 230)),
        ));
    }
    for m in evals.mistakes() {
        if let Some(Some(cp)) = evals.evals.get(m) {
            painter.circle_filled(
                egui::pos2(x(m), y(*cp)),
                3.5,
                egui::Color32::from_rgb(220, 60, 50),
            );
        }
    }
    let shown = game.review.unwrap_or(game.record.len());
    painter.line_segment(
        [
            egui::pos2(x(shown), rect.top()),
            egui::pos2(x(shown), rect.bottom()),
        ],
        egui::Stroke::new(1.5, super::style::ACCENT),
    );
    let pending = evals.evals.iter().filter(|v| v.is_none()).count();
    if pending > 0 {
        painter.text(
            rect.left_top() + egui::vec2(4.0, 2.0),
            egui::Align2::LEFT_TOP,
            format!("{pending} positions to go"),
            egui::FontId::proportional(11.0),
            egui::Color32::from_gray(160),
        );
    }
    let clicked = response
        .clicked()
        .then(|| response.interact_pointer_pos())
        .flatten()?;
    let i = ((clicked.x - rect.left()) / rect.width() * (n - 1) as f32).round();
    Some((i.max(0.0) as usize).min(evals.evals.len().saturating_sub(1)))
}

/// The evaluation bar at the left edge of the board area (White's share from the bottom,
/// or from the top when the board is flipped), while the panel is open.
fn draw_eval_bar(
    mut contexts: EguiContexts,
    settings: Res<AnalysisSettings>,
    live: Res<LiveAnalysis>,
    view: Res<BoardView>,
    mut insets: ResMut<BoardInsets>,
) -> Result {
    if !settings.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let screen = ctx.viewport_rect();
    let left = insets.left / zoom;
    let rect = egui::Rect::from_min_max(
        egui::pos2(left + 4.0, insets.top / zoom + 8.0),
        egui::pos2(
            left + 4.0 + EVAL_BAR_POINTS,
            screen.bottom() - insets.bottom / zoom - 8.0,
        ),
    );
    insets.left += (EVAL_BAR_POINTS + 8.0) * zoom;
    let white = live.white_score();
    let share = white.map_or(0.5, bar_fraction);
    egui::Area::new(egui::Id::new("eval-bar"))
        .fixed_pos(rect.min)
        .order(egui::Order::Background)
        .interactable(false)
        .show(ctx, |ui| {
            let painter = ui.painter();
            painter.rect_filled(rect, 3.0, egui::Color32::from_gray(40));
            let h = rect.height() * share;
            let white_rect = if view.flipped {
                egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), h))
            } else {
                egui::Rect::from_min_max(egui::pos2(rect.left(), rect.bottom() - h), rect.max)
            };
            painter.rect_filled(white_rect, 3.0, egui::Color32::from_gray(235));
            if let Some(s) = white {
                let at = if view.flipped {
                    rect.center_top() + egui::vec2(0.0, 10.0)
                } else {
                    rect.center_bottom() - egui::vec2(0.0, 10.0)
                };
                painter.text(
                    at,
                    egui::Align2::CENTER_CENTER,
                    score_text(s).trim_start_matches('+'),
                    egui::FontId::proportional(10.0),
                    egui::Color32::from_rgb(200, 60, 40),
                );
            }
        });
    Ok(())
}

/// The best move as a green arrow on the board while the hint is on (`B`), or the threat
/// (the other side's best move) as a red one while threats are on (`T`), each on its own.
fn draw_hint_arrow(
    mut gizmos: Gizmos<BoardGizmos>,
    settings: Res<AnalysisSettings>,
    live: Res<LiveAnalysis>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
) {
    if !settings.arrow() {
        return;
    }
    let Some(mv) = live.best() else {
        return;
    };
    let shape = game.shown().shape();
    let a = square_to_world(shape, mv.from, view.flipped);
    let b = square_to_world(shape, mv.to, view.flipped);
    if a.distance(b) < 1.0 {
        return;
    }
    let color = if settings.threats {
        Color::srgba(0.9, 0.25, 0.2, 0.85)
    } else {
        Color::srgba(0.2, 0.75, 0.35, 0.85)
    };
    let pts = arc_points(a, b, 0.0, 2);
    let tip = pts[pts.len() - 1];
    let dir = (tip - a).normalize_or_zero();
    gizmos.line_2d(a, tip - dir * 8.0, color);
    for s in [-1.0f32, 1.0] {
        let back = Vec2::from_angle(s * 0.5).rotate(-dir) * 22.0;
        gizmos.line_2d(tip, tip + back, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::analysis::Score;
    use crate::rules::Variant;

    #[test]
    fn a_line_reads_in_the_move_list_notation() {
        let pos = Position::new(Variant::Standard);
        let mv = |p: &Position, t: &str| p.parse_move(t).unwrap();
        let e4 = mv(&pos, "e2e4");
        let mut after = pos.clone();
        after.try_play(&e4).unwrap();
        let line = Line {
            multipv: 1,
            first: e4,
            score: Score::Cp(35),
            depth: 4,
            nodes: 1000,
            pv: vec![e4, mv(&after, "e7e5")],
        };
        assert_eq!(line_text(&pos, &line, Side::White, 6), " +0.35  e4 e5");
        assert_eq!(line_text(&pos, &line, Side::White, 1), " +0.35  e4");
        // Black's line that is good for Black reads as White's minus (lichess's way).
        let e5 = mv(&after, "e7e5");
        let black = Line {
            first: e5,
            pv: vec![e5],
            score: Score::Cp(80),
            ..line
        };
        assert_eq!(line_text(&after, &black, Side::Black, 6), " -0.80  e5");
    }
}
