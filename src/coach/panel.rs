//! The coach's panel over the status line (the task, the coach's words, the rating and the
//! buttons) and its marks on the board: the success ring on the square a reached goal or
//! a solved puzzle's last move went to, and the hint (a lesson's arrow, a puzzle's piece to
//! move). Draws only; the buttons write [`CoachRequest`]s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Coach, CoachRequest, Course, PuzzleRating, PuzzleState, StepState};
use crate::game::{ActiveGame, AppMode};
use crate::render::board2d::BoardGizmos;
use crate::render::{BoardInsets, BoardView, square_to_world};

/// Logical pixels kept free below the board for the coach's panel in [`AppMode::Learn`]
/// (the board does not move when the words change).
pub const COACH_PANEL_PX: f32 = 150.0;

/// Seconds the success ring grows and fades.
pub const SUCCESS_RING_SECS: f32 = 1.6;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_coach_panel
            .after(crate::ui::panels::draw_panels)
            .run_if(in_state(AppMode::Learn)),
    )
    .add_systems(
        Update,
        draw_coach_marks
            .in_set(crate::AppSystems::Present)
            .run_if(in_state(AppMode::Learn)),
    );
}

/// The panel's words for the course on the board: a title, the task and the coach's
/// current words (with their colour: 0 plain, 1 success, 2 a miss).
pub fn panel_words(coach: &Coach, rating: &PuzzleRating) -> Option<(String, String, String, u8)> {
    match coach.course.as_ref()? {
        Course::Lesson(l) => {
            let lesson = &l.book.lessons[l.lesson];
            let step = l.current();
            let title = format!(
                "{} — lesson {} of {}: {} · step {} of {}",
                l.book.variant.title(),
                l.lesson + 1,
                l.book.lessons.len(),
                lesson.title,
                l.step + 1,
                lesson.steps.len()
            );
            let task = if l.step == 0 {
                format!("{} {}", lesson.intro, step.task)
            } else {
                step.task.clone()
            };
            let (words, tone) = match &l.state {
                StepState::Achieved { .. } => (step.success.clone(), 1),
                StepState::Missed(why) => (format!("Not yet: {why} Again in a moment."), 2),
                StepState::Trying if l.hint => (format!("Hint: {}", step.hint.text), 0),
                StepState::Trying => (String::new(), 0),
            };
            Some((title, task, words, tone))
        }
        Course::Puzzle(p) => {
            let puzzle = p.current();
            let themes: Vec<String> = puzzle.themes.iter().map(|t| t.name()).collect();
            let title = format!(
                "{} puzzle {} of {} · rated {:.0} · your rating {:.0} ± {:.0} · solved {} of {}",
                puzzle.variant().title(),
                p.index + 1,
                p.puzzles.len(),
                p.rating().rating,
                rating.0.rating,
                rating.0.deviation,
                p.score.0,
                p.score.1
            );
            let side = puzzle.solver().title();
            let task = if puzzle.variant().turn_model() == crate::rules::TurnModel::Simultaneous {
                format!("{side} to commit: find the commit that wins against every answer.")
            } else {
                format!("{side} to play: find the only winning move.")
            };
            let change = p.rated.map(|r| {
                format!(
                    " Rating {:.0} → {:.0} ({:+.0}).",
                    r.before,
                    r.after,
                    r.after - r.before
                )
            });
            let (words, tone) = match &p.state {
                PuzzleState::Solved => (
                    format!(
                        "Solved! Themes: {}.{}",
                        themes.join(", "),
                        change.unwrap_or_default()
                    ),
                    1,
                ),
                PuzzleState::Right => ("Right — the answer comes…".to_string(), 1),
                PuzzleState::Wrong(mv) => (
                    format!(
                        "{mv} is not the answer; it is taken back — try again.{}",
                        change.unwrap_or_default()
                    ),
                    2,
                ),
                PuzzleState::ShowingSolution => ("The solution…".to_string(), 0),
                PuzzleState::Solving if p.ply > 0 => ("Right! Keep going.".to_string(), 1),
                PuzzleState::Solving if p.hint => ("Hint: the ringed piece moves.".to_string(), 0),
                PuzzleState::Solving => (String::new(), 0),
            };
            Some((title, task, words, tone))
        }
    }
}

/// Draws the panel below the board (runs in [`AppMode::Learn`]).
fn draw_coach_panel(
    mut contexts: EguiContexts,
    coach: Res<Coach>,
    rating: Res<PuzzleRating>,
    mut insets: ResMut<BoardInsets>,
    mut requests: MessageWriter<CoachRequest>,
) -> Result {
    let Some((title, task, words, tone)) = panel_words(&coach, &rating) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let (left, right, bottom) = (
        insets.left / zoom,
        insets.right / zoom,
        insets.bottom / zoom,
    );
    // The panel's strip below the board (the panels reset the insets each frame).
    insets.bottom += COACH_PANEL_PX;
    let width = (ctx.viewport_rect().width() - left - right - 24.0).max(240.0);
    let lesson = matches!(coach.course, Some(Course::Lesson(_)));
    let finished = match &coach.course {
        Some(Course::Lesson(l)) => matches!(l.state, StepState::Achieved { .. }),
        Some(Course::Puzzle(p)) => matches!(p.state, PuzzleState::Solved),
        None => false,
    };
    egui::Area::new("coach-panel".into())
        .anchor(
            egui::Align2::CENTER_BOTTOM,
            [(left - right) / 2.0, -(bottom + 6.0)],
        )
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            ui.set_width(width);
            ui.set_max_height(COACH_PANEL_PX / zoom - 12.0);
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_width(width - 16.0);
                ui.label(
                    egui::RichText::new(title)
                        .strong()
                        .color(crate::ui::style::ACCENT),
                );
                ui.add(egui::Label::new(egui::RichText::new(task).size(16.0)).wrap());
                let colour = match tone {
                    1 => egui::Color32::from_rgb(120, 220, 120),
                    2 => egui::Color32::from_rgb(250, 170, 80),
                    _ => egui::Color32::LIGHT_GRAY,
                };
                ui.add(
                    egui::Label::new(egui::RichText::new(words).size(16.0).color(colour)).wrap(),
                );
                ui.horizontal(|ui| {
                    if ui.button("Hint").clicked() {
                        requests.write(CoachRequest::Hint);
                    }
                    if ui.button("Retry").clicked() {
                        requests.write(CoachRequest::Retry);
                    }
                    if !lesson && ui.button("Solution").clicked() {
                        requests.write(CoachRequest::Solution);
                    }
                    let next = match (lesson, finished) {
                        (true, true) => "Next ▶",
                        (true, false) => "Skip ▶",
                        (false, _) => "Next puzzle ▶",
                    };
                    let button = egui::Button::new(egui::RichText::new(next).strong());
                    if ui.add(button).clicked() {
                        requests.write(CoachRequest::Next);
                    }
                    if ui
                        .button("Leave")
                        .on_hover_text("Play on from this position as a game of your own")
                        .clicked()
                    {
                        requests.write(CoachRequest::Leave);
                    }
                });
            });
        });
    Ok(())
}

/// The success ring and the hint on the board.
fn draw_coach_marks(
    mut gizmos: Gizmos<BoardGizmos>,
    coach: Res<Coach>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
) {
    let shape = game.shown().shape();
    let size = crate::render::SQUARE_SIZE_WORLD;
    if let Some((at, t)) = coach.success {
        let k = (t / SUCCESS_RING_SECS).min(1.0);
        let centre = square_to_world(shape, at, view.flipped);
        let colour = Color::srgba(0.35, 0.9, 0.4, 1.0 - 0.6 * k);
        for grow in [0.0, 0.12] {
            gizmos.circle_2d(
                Isometry2d::from_translation(centre),
                size * (0.45 + grow + 0.35 * k),
                colour,
            );
        }
    }
    match &coach.course {
        Some(Course::Lesson(l)) if l.hint && l.state == StepState::Trying => {
            if let Some(mv) = l.current().hint.show {
                let a = square_to_world(shape, mv.from, view.flipped);
                let b = square_to_world(shape, mv.to, view.flipped);
                arrow(&mut gizmos, a, b, Color::srgba(0.95, 0.8, 0.25, 0.9));
            }
        }
        Some(Course::Puzzle(p)) if p.hint && p.state == PuzzleState::Solving => {
            if let Some(mv) = p.due_move() {
                let c = square_to_world(shape, mv.from, view.flipped);
                gizmos.circle_2d(
                    Isometry2d::from_translation(c),
                    size * 0.48,
                    Color::srgba(0.95, 0.8, 0.25, 0.95),
                );
            }
        }
        _ => {}
    }
}

fn arrow(gizmos: &mut Gizmos<BoardGizmos>, a: Vec2, b: Vec2, colour: Color) {
    if a.distance(b) < 1.0 {
        return;
    }
    let dir = (b - a).normalize_or_zero();
    gizmos.line_2d(a, b - dir * 8.0, colour);
    for s in [-1.0f32, 1.0] {
        let back = Vec2::from_angle(s * 0.5).rotate(-dir) * 22.0;
        gizmos.line_2d(b, b + back, colour);
    }
}
