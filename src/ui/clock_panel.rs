//! The clocks beside the board (the running one lit, red under the low-time mark, tenths
//! in the last ten seconds; Parity: both run until a side commits), the hot-seat pause
//! button, the time-control picker of the new-game section, and the window title (variant
//! and result). Reads [`LiveClock`]; writes [`ClockChoice`] and [`PauseClockRequest`].

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui;

use crate::game::clock::{ClockChoice, LiveClock, PauseClockRequest};
use crate::game::{ActiveGame, AutomatedSides, ParityCommits};
use crate::rules::Color as Side;
use crate::rules::clock::TimeControl;

/// Below this much time a clock shows the low-time warning.
pub const LOW_TIME: Duration = Duration::from_secs(20);

/// A clock reading for the display: `4:53`, `1:02:05`, or `9.4` in the last ten seconds.
pub fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    if d < Duration::from_secs(10) {
        format!("{:.1}", (d.as_millis() / 100) as f64 / 10.0)
    } else if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Whether `remaining` is low: under [`LOW_TIME`] or a tenth of the base time.
pub fn is_low(remaining: Duration, control: TimeControl) -> bool {
    let tenth = control.base().map_or(Duration::ZERO, |b| b / 10);
    remaining < LOW_TIME.max(tenth).min(control.base().unwrap_or(LOW_TIME))
}

/// The clocks at the top of the right panel.
#[derive(SystemParam)]
pub struct ClockPanel<'w> {
    live: Res<'w, LiveClock>,
    commits: Res<'w, ParityCommits>,
    automated: Option<Res<'w, AutomatedSides>>,
    pause: MessageWriter<'w, PauseClockRequest>,
}

impl ClockPanel<'_> {
    /// Draws both clocks (the side at the top of the board first) and, in a hot-seat game,
    /// the pause button; nothing without a clock.
    pub fn show(&mut self, ui: &mut egui::Ui, game: &ActiveGame, flipped: bool) {
        let Some(clock) = self.live.clock.as_ref() else {
            return;
        };
        let control = clock.control();
        let order = if flipped {
            [Side::White, Side::Black]
        } else {
            [Side::Black, Side::White]
        };
        let over = game.record.outcome().is_some();
        for side in order {
            let left = clock.remaining(side);
            let running = clock.is_running(side) && self.live.started && !over;
            // Only a Parity turn has commits.
            let committed = self.commits.has_committed(side);
            let fill = if running {
                egui::Color32::from_rgb(235, 225, 190)
            } else {
                egui::Color32::from_rgb(60, 62, 70)
            };
            let text_color = if is_low(left, control) {
                egui::Color32::from_rgb(220, 40, 30)
            } else if running {
                egui::Color32::from_rgb(20, 20, 24)
            } else {
                egui::Color32::from_rgb(220, 220, 225)
            };
            egui::Frame::new()
                .fill(fill)
                .corner_radius(6)
                .inner_margin(egui::Margin::symmetric(10, 4))
                .show(ui, |ui| {
                    ui.set_min_width(ui.available_width());
                    ui.horizontal(|ui| {
                        ui.label(
                            egui::RichText::new(side.title())
                                .size(15.0)
                                .color(text_color),
                        );
                        if committed {
                            ui.label(egui::RichText::new("committed").small().color(text_color));
                        }
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            ui.label(
                                egui::RichText::new(clock_text(left))
                                    .size(26.0)
                                    .monospace()
                                    .strong()
                                    .color(text_color),
                            );
                        });
                    });
                });
        }
        let hot_seat = self
            .automated
            .as_deref()
            .is_none_or(|a| !a.white && !a.black);
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(control.to_string()).small());
            if hot_seat && self.live.started && !over {
                let label = if clock.is_paused() {
                    "Resume clocks"
                } else {
                    "Pause clocks"
                };
                if ui.button(label).clicked() {
                    self.pause.write(PauseClockRequest(!clock.is_paused()));
                }
            }
        });
        ui.separator();
    }
}

/// The time control of new games, in the new-game section.
#[derive(SystemParam)]
pub struct TimeControlPicker<'w, 's> {
    choice: ResMut<'w, ClockChoice>,
    custom: Local<'s, CustomControl>,
}

/// The custom time control being typed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CustomControl {
    /// Minutes per side.
    pub minutes: f32,
    /// Seconds of increment (or of delay).
    pub seconds: u32,
    /// A delay instead of an increment.
    pub delay: bool,
}

impl Default for CustomControl {
    fn default() -> Self {
        CustomControl {
            minutes: 5.0,
            seconds: 3,
            delay: false,
        }
    }
}

impl TimeControlPicker<'_, '_> {
    /// The picker: no clock, the presets, or custom minutes + seconds (increment or delay).
    /// It applies to the next new game; returns whether the choice changed.
    pub fn show(&mut self, ui: &mut egui::Ui) -> bool {
        let before = self.choice.0;
        let current = self.choice.0;
        let is_preset = current == TimeControl::Unlimited
            || TimeControl::PRESETS
                .iter()
                .any(|(_, m, s)| TimeControl::fischer(*m, *s) == current);
        ui.horizontal(|ui| {
            ui.label("Clock");
            egui::ComboBox::from_id_salt("time-control")
                .selected_text(if is_preset {
                    current.to_string()
                } else {
                    format!("custom: {current}")
                })
                .width(130.0)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.choice.0, TimeControl::Unlimited, "no clock");
                    for (name, m, s) in TimeControl::PRESETS {
                        ui.selectable_value(&mut self.choice.0, TimeControl::fischer(m, s), name);
                    }
                    if ui.selectable_label(!is_preset, "custom…").clicked() {
                        self.choice.0 = self.custom_control();
                    }
                });
        });
        if !is_preset {
            let before = *self.custom;
            ui.horizontal(|ui| {
                ui.add(
                    egui::DragValue::new(&mut self.custom.minutes)
                        .range(0.25..=600.0)
                        .speed(0.25)
                        .suffix(" min"),
                );
                ui.add(
                    egui::DragValue::new(&mut self.custom.seconds)
                        .range(0..=600)
                        .suffix(" s"),
                );
                ui.checkbox(&mut self.custom.delay, "delay");
            });
            if *self.custom != before {
                self.choice.0 = self.custom_control();
            }
        }
        self.choice.0 != before
    }

    fn custom_control(&self) -> TimeControl {
        let c = *self.custom;
        let spec = format!(
            "{}{}{}",
            c.minutes,
            if c.delay { "d" } else { "+" },
            c.seconds
        );
        TimeControl::parse(&spec).unwrap_or(TimeControl::fischer(5, 3))
    }
}

/// The window title: the program, the variant, and the result once the game is over.
pub(crate) fn set_window_title(
    game: Res<ActiveGame>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    let title = match game.record.outcome() {
        Some(o) => format!(
            "Esoterica — {} — {} {}",
            game.variant(),
            o.result_token(),
            o.describe()
        ),
        None => format!("Esoterica — {}", game.variant()),
    };
    for mut w in &mut windows {
        if w.title != title {
            w.title = title.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_text_shows_minutes_hours_and_tenths() {
        assert_eq!(clock_text(Duration::from_secs(293)), "4:53");
        assert_eq!(clock_text(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(clock_text(Duration::from_millis(9_470)), "9.4");
        assert_eq!(clock_text(Duration::ZERO), "0.0");
        let tc = TimeControl::fischer(15, 10);
        assert!(
            is_low(Duration::from_secs(80), tc),
            "under a tenth of 15 minutes"
        );
        assert!(!is_low(Duration::from_secs(100), tc));
        let blitz = TimeControl::fischer(1, 0);
        assert!(is_low(Duration::from_secs(19), blitz));
        assert!(!is_low(Duration::from_secs(21), blitz));
    }
}
