//! The game window: at start it is shrunk to fit the primary monitor when no size was asked
//! for (`--window WxH`), so a 1024×700 screen shows the whole window; F11 (or the
//! Fullscreen button, which sends a [`ToggleFullscreenRequest`]) switches between a window
//! and borderless fullscreen. Runs in [`AppSystems::Input`].

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryMonitor, PrimaryWindow, WindowMode, WindowPosition};

use super::picking::HotkeySystems;
use crate::AppSystems;

/// The window size asked for on the command line; `None` fits the default size to the
/// monitor.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WindowFit {
    /// `--window WxH` in logical pixels.
    pub requested: Option<(u32, u32)>,
}

/// Asks to switch between windowed and borderless fullscreen.
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ToggleFullscreenRequest;

/// Share of the monitor's width the window may take when fitted.
pub const FIT_WIDTH_SHARE: f32 = 0.94;
/// Share of the monitor's height the window may take (title bar and task bar take the rest).
pub const FIT_HEIGHT_SHARE: f32 = 0.88;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WindowFit>()
        .add_message::<ToggleFullscreenRequest>()
        .add_systems(
            Update,
            (
                fit_window_to_monitor.in_set(AppSystems::Input),
                toggle_fullscreen_on_key.in_set(HotkeySystems),
                toggle_fullscreen.in_set(crate::InputSystems::Session),
            ),
        );
}

/// The logical window size that fits a monitor of `monitor` logical pixels: `wanted`,
/// shrunk (keeping at least 320×320) to [`FIT_WIDTH_SHARE`] × [`FIT_HEIGHT_SHARE`] of it.
pub fn fitted_size(wanted: (f32, f32), monitor: (f32, f32)) -> (f32, f32) {
    (
        wanted.0.min(monitor.0 * FIT_WIDTH_SHARE).max(320.0),
        wanted.1.min(monitor.1 * FIT_HEIGHT_SHARE).max(320.0),
    )
}

/// Once the primary monitor is known: shrink an unrequested window that does not fit and
/// centre it.
fn fit_window_to_monitor(
    fit: Res<WindowFit>,
    monitors: Query<&bevy::window::Monitor, With<PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    if fit.requested.is_some() {
        *done = true;
        return;
    }
    let Some(monitor) = monitors.iter().next() else {
        return;
    };
    *done = true;
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    let scale = monitor.scale_factor.max(0.5) as f32;
    let screen = (
        monitor.physical_width as f32 / scale,
        monitor.physical_height as f32 / scale,
    );
    let now = (window.resolution.width(), window.resolution.height());
    let (w, h) = fitted_size(now, screen);
    if (w, h) != now {
        info!(
            "window: {}x{} does not fit the {}x{} monitor; opening at {w:.0}x{h:.0}",
            now.0, now.1, screen.0, screen.1
        );
        window.resolution.set(w, h);
        window.position = WindowPosition::Centered(MonitorSelection::Primary);
    }
}

fn toggle_fullscreen_on_key(
    mut chords: MessageReader<super::keys::KeyChord>,
    mut out: MessageWriter<ToggleFullscreenRequest>,
) {
    for _ in chords.read().filter(|c| c.is(KeyCode::F11)) {
        out.write(ToggleFullscreenRequest);
    }
}

fn toggle_fullscreen(
    mut requests: MessageReader<ToggleFullscreenRequest>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    if requests.read().count().is_multiple_of(2) {
        return;
    }
    if let Ok(mut window) = windows.single_mut() {
        window.mode = match window.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_window_shrinks_to_a_small_monitor_and_stays_on_a_large_one() {
        assert_eq!(
            fitted_size((1280.0, 800.0), (1024.0, 700.0)),
            (1024.0 * FIT_WIDTH_SHARE, 700.0 * FIT_HEIGHT_SHARE)
        );
        assert_eq!(
            fitted_size((1280.0, 800.0), (1920.0, 1080.0)),
            (1280.0, 800.0)
        );
        assert_eq!(fitted_size((1280.0, 800.0), (200.0, 100.0)), (320.0, 320.0));
    }
}
