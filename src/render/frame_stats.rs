//! Frame-time statistics of the running game (`play --frame-stats FILE`): the wall-clock
//! duration of every frame, measured with [`Instant`] in [`Last`] (not `Time<Real>`, which
//! `--screenshot`'s manual clock overrides), split by whether a move was animating. After
//! the planned number of frames the summary is written to FILE and the app exits. Under
//! `look` (llvmpipe, software Vulkan) this is the figure docs/PERFORMANCE.md reports; an
//! absolute frame rate only means something on a GPU.

use std::path::PathBuf;
use std::time::Instant;

use bevy::prelude::*;

use super::animation::{AnimationQueue, TeleportTrails};

/// Frames not counted at the start: the window opens, shaders compile, the font atlas fills.
pub const WARM_UP_FRAMES: u32 = 30;

/// Where and after how many frames (warm-up included) to write the statistics.
#[derive(Resource, Debug, Clone)]
pub struct FrameStatsPlan {
    /// The text file written at the end.
    pub path: PathBuf,
    /// Frames to run in all; the app exits after writing (unless a screenshot is pending,
    /// whose own exit then ends the app).
    pub frames: u32,
    /// Whether to send [`AppExit`] after writing.
    pub exit: bool,
}

/// Frame durations in milliseconds, after the warm-up.
#[derive(Resource, Debug, Clone, Default)]
pub struct FrameStats {
    /// Frames during which a move's animation (or a teleport trail) was playing.
    pub animating: Vec<f64>,
    /// The other frames.
    pub idle: Vec<f64>,
}

/// Summary of a set of frame durations (milliseconds).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// Number of frames.
    pub frames: usize,
    /// Mean duration, ms.
    pub mean: f64,
    /// Median duration (nearest rank), ms.
    pub median: f64,
    /// 95th percentile (nearest rank), ms.
    pub p95: f64,
    /// Longest frame, ms.
    pub max: f64,
}

impl Summary {
    /// Summarises `ms` (milliseconds per frame); `None` for no frames.
    pub fn of(ms: &[f64]) -> Option<Summary> {
        if ms.is_empty() {
            return None;
        }
        let mut sorted = ms.to_vec();
        sorted.sort_by(f64::total_cmp);
        // Nearest rank: the smallest value with at least p·n values at or below it.
        let rank = |p: f64| {
            let k = (p * sorted.len() as f64).ceil() as usize;
            sorted[k.clamp(1, sorted.len()) - 1]
        };
        Some(Summary {
            frames: sorted.len(),
            mean: sorted.iter().sum::<f64>() / sorted.len() as f64,
            median: rank(0.5),
            p95: rank(0.95),
            max: sorted[sorted.len() - 1],
        })
    }

    /// One line: frames, mean, median, p95, max and the median's frames per second.
    pub fn line(&self) -> String {
        format!(
            "{} frames, mean {:.1} ms, median {:.1} ms ({:.1} fps), p95 {:.1} ms, max {:.1} ms",
            self.frames,
            self.mean,
            self.median,
            1000.0 / self.median.max(f64::EPSILON),
            self.p95,
            self.max
        )
    }
}

/// The report written to the plan's file.
/// `moves`: moves (Parity: turns) in the game record at the end; `renderer`: the graphics
/// adapter and the board camera's multisampling, in words.
pub fn report(
    stats: &FrameStats,
    entities: usize,
    moves: usize,
    window: Option<(u32, u32)>,
    renderer: &str,
) -> String {
    let part = |name: &str, ms: &[f64]| match Summary::of(ms) {
        Some(s) => format!("{name}: {}\n", s.line()),
        None => format!("{name}: no frames\n"),
    };
    let mut all = stats.animating.clone();
    all.extend_from_slice(&stats.idle);
    let window = window.map_or_else(|| "unknown".to_string(), |(w, h)| format!("{w}x{h}"));
    format!(
        "# esoterica frame statistics (wall clock per frame; first {WARM_UP_FRAMES} frames skipped)\n\
         window: {window} physical pixels; entities: {entities}; moves in the record: {moves}\n\
         renderer: {renderer}\n{}{}{}",
        part("animating", &stats.animating),
        part("idle", &stats.idle),
        part("all", &all)
    )
}

/// Adds the recorder; active only when a [`FrameStatsPlan`] is inserted.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FrameStats>()
        .add_systems(Last, record_frame.run_if(resource_exists::<FrameStatsPlan>));
}

/// Whether the board is animating this frame: motions queued or teleport trails shown.
#[derive(bevy::ecs::system::SystemParam)]
struct BoardActivity<'w> {
    queue: Res<'w, AnimationQueue>,
    trails: Res<'w, TeleportTrails>,
}

impl BoardActivity<'_> {
    fn animating(&self) -> bool {
        !self.queue.0.is_empty() || !self.trails.0.is_empty()
    }
}

/// What the report says about the window and its renderer.
#[derive(bevy::ecs::system::SystemParam)]
struct ScreenFacts<'w, 's> {
    windows: Query<'w, 's, &'static Window>,
    entities: Query<'w, 's, Entity>,
    adapter: Option<Res<'w, bevy::render::renderer::RenderAdapterInfo>>,
    msaa: Query<'w, 's, &'static bevy::render::view::Msaa, With<super::camera::BoardCamera>>,
}

/// The frame counter and the last frame's start.
#[derive(Default)]
struct FrameClock {
    last: Option<Instant>,
    frame: u32,
}

fn record_frame(
    plan: Res<FrameStatsPlan>,
    activity: BoardActivity,
    game: Res<crate::game::ActiveGame>,
    facts: ScreenFacts,
    mut stats: ResMut<FrameStats>,
    mut clock: Local<FrameClock>,
    mut exit: MessageWriter<AppExit>,
) {
    let now = Instant::now();
    clock.frame += 1;
    if let Some(prev) = clock.last.replace(now)
        && clock.frame > WARM_UP_FRAMES
    {
        let ms = now.duration_since(prev).as_secs_f64() * 1000.0;
        if !activity.animating() {
            stats.idle.push(ms);
        } else {
            stats.animating.push(ms);
        }
    }
    if clock.frame != plan.frames {
        return;
    }
    let window = facts
        .windows
        .iter()
        .next()
        .map(|w| (w.physical_width(), w.physical_height()));
    let adapter = facts.adapter.map_or_else(
        || "unknown".to_string(),
        |a| {
            let kind = if super::camera::software_adapter(&a) {
                "software"
            } else {
                "graphics card"
            };
            format!("{} ({kind})", a.name)
        },
    );
    let samples = facts.msaa.iter().next().map_or(1, |m| m.samples());
    let renderer = format!("{adapter}, MSAA {samples}×");
    let text = report(
        &stats,
        facts.entities.iter().count(),
        game.record.len(),
        window,
        &renderer,
    );
    match std::fs::write(&plan.path, &text) {
        Ok(()) => info!("frame statistics written to {}", plan.path.display()),
        Err(e) => error!("cannot write {}: {e}", plan.path.display()),
    }
    if plan.exit {
        exit.write(AppExit::Success);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_uses_nearest_rank_percentiles() {
        let ms: Vec<f64> = (1..=20).map(f64::from).collect();
        let s = Summary::of(&ms).unwrap();
        assert_eq!(s.frames, 20);
        assert_eq!(s.mean, 10.5);
        assert_eq!(s.median, 10.0);
        assert_eq!(s.p95, 19.0);
        assert_eq!(s.max, 20.0);
        assert_eq!(Summary::of(&[]), None);
        assert_eq!(Summary::of(&[7.0]).unwrap().p95, 7.0);
    }

    #[test]
    fn report_lists_animating_idle_and_all_frames() {
        let stats = FrameStats {
            animating: vec![40.0, 60.0],
            idle: vec![20.0],
        };
        let text = report(
            &stats,
            489,
            12,
            Some((1280, 800)),
            "llvmpipe (software), MSAA 1×",
        );
        assert_eq!(
            text,
            "# esoterica frame statistics (wall clock per frame; first 30 frames skipped)\n\
             window: 1280x800 physical pixels; entities: 489; moves in the record: 12\n\
             renderer: llvmpipe (software), MSAA 1×\n\
             animating: 2 frames, mean 50.0 ms, median 40.0 ms (25.0 fps), p95 60.0 ms, max 60.0 ms\n\
             idle: 1 frames, mean 20.0 ms, median 20.0 ms (50.0 fps), p95 20.0 ms, max 20.0 ms\n\
             all: 3 frames, mean 40.0 ms, median 40.0 ms (25.0 fps), p95 60.0 ms, max 60.0 ms\n"
        );
    }
}
