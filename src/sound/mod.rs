//! Sound: a cue for each thing worth hearing — a move, a capture, a check, a teleport, a
//! field's refusal, Parity's simultaneous landing, a clock running low, the end of a game.
//!
//! Which cue plays is decided here in every build ([`SoundCue`], [`CueLog`]): from the
//! board's motions as each batch starts to play ([`MotionsStarted`], so a teleport is heard
//! when it is seen), and from the game's notices (check and game over wait until the
//! board's motions have ended). With the cargo feature `sound` the cues are also played
//! through Bevy's audio, from waveforms made in code ([`synth`]); without it (the default
//! build, which needs no system packages) the cues are only logged. The volume and mute
//! are settings ([`SoundSettings`]); the demo is silent unless it is started with
//! `--sound`.

pub mod synth;

use bevy::prelude::*;

use crate::game::clock::LiveClock;
use crate::game::notice::Notice;
use crate::game::session::AnimationsPlaying;
use crate::game::{ActiveGame, AppMode, Motion, TurnModelState};
use crate::rules::refusal::Reason;
use crate::rules::{Color as Side, Effect};

/// Something the player hears.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SoundCue {
    /// A piece slides to its square.
    Move,
    /// A piece is captured.
    Capture,
    /// A King is put in check.
    Check,
    /// A piece teleports (Intrachange's esoteric move).
    Teleport,
    /// A move is refused because an enemy field holds a square (Force Field).
    FieldRefusal,
    /// Both sides' pieces land together (Parity's resolved turn).
    Landing,
    /// A running clock passes into its low-time warning.
    ClockLow,
    /// The game ends.
    GameOver,
}

impl SoundCue {
    /// Every cue.
    pub const ALL: [SoundCue; 8] = [
        SoundCue::Move,
        SoundCue::Capture,
        SoundCue::Check,
        SoundCue::Teleport,
        SoundCue::FieldRefusal,
        SoundCue::Landing,
        SoundCue::ClockLow,
        SoundCue::GameOver,
    ];

    /// The cue of one batch of motions that start together (one stage of a move, or a
    /// whole Parity turn): a teleport, else a capture, else a simultaneous landing (two
    /// pieces travel in a simultaneous turn, or one lands on a square it will share), else
    /// a move; `None` when nothing travels or is taken (a pulse alone).
    pub fn of_motions(motions: &[Motion], simultaneous: bool) -> Option<SoundCue> {
        let travels = motions.iter().filter(|m| m.travel().is_some()).count();
        if motions.iter().any(|m| matches!(m, Motion::Teleport { .. })) {
            Some(SoundCue::Teleport)
        } else if motions.iter().any(|m| matches!(m, Motion::Capture { .. })) {
            Some(SoundCue::Capture)
        } else if motions.iter().any(|m| matches!(m, Motion::Share { .. }))
            || (simultaneous && travels >= 2)
        {
            Some(SoundCue::Landing)
        } else if travels > 0 {
            Some(SoundCue::Move)
        } else {
            None
        }
    }

    /// The cues a notice calls for, and whether they wait for the board's motions to end
    /// (a check or the game's end is heard when the move has landed).
    pub fn of_notice(notice: &Notice) -> Vec<(SoundCue, Timing)> {
        match notice {
            Notice::Played { effects } => {
                let mut out = Vec::new();
                if effects.iter().any(|e| matches!(e, Effect::Check { .. })) {
                    out.push((SoundCue::Check, Timing::AfterMotions));
                }
                if effects.iter().any(|e| matches!(e, Effect::GameOver(_))) {
                    out.push((SoundCue::GameOver, Timing::AfterMotions));
                }
                out
            }
            Notice::Refused { refusal, .. } => match refusal.reason {
                Reason::FieldHeld { .. } | Reason::KnightRoutesBlocked { .. } => {
                    vec![(SoundCue::FieldRefusal, Timing::Now)]
                }
                _ => Vec::new(),
            },
            Notice::FlagFell(_)
            | Notice::Resigned { .. }
            | Notice::DrawAgreed(_)
            | Notice::WatchedGameOver(_) => vec![(SoundCue::GameOver, Timing::Now)],
            _ => Vec::new(),
        }
    }
}

/// When a cue is heard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timing {
    /// At once.
    Now,
    /// Once the board's motions of the move have played.
    AfterMotions,
}

/// The motions of one batch that starts playing on the board this frame (written by the
/// board's animation as it starts the batch).
#[derive(Message, Debug, Clone, PartialEq)]
pub struct MotionsStarted(pub Vec<Motion>);

/// The player's sound settings.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct SoundSettings {
    /// Loudness, 0 (silent) to 1.
    pub volume: f32,
    /// No sound at all.
    pub muted: bool,
    /// Sound in the demo too (`esoterica demo --sound`); the demo is silent otherwise.
    pub in_demo: bool,
}

impl Default for SoundSettings {
    fn default() -> Self {
        SoundSettings {
            volume: 0.7,
            muted: false,
            in_demo: false,
        }
    }
}

impl SoundSettings {
    /// The volume to play at in `mode`: 0 when muted, and in the demo unless it has sound.
    pub fn effective_volume(&self, mode: AppMode) -> f32 {
        if self.muted || (mode == AppMode::Demo && !self.in_demo) {
            0.0
        } else {
            self.volume.clamp(0.0, 1.0)
        }
    }
}

/// The cues heard, most recent last (the last [`CueLog::KEEP`]), each with the volume it
/// was played at (0: silent, by the settings or the mode); for tests and the log.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct CueLog(pub Vec<(SoundCue, f32)>);

impl CueLog {
    /// How many cues are kept.
    pub const KEEP: usize = 64;

    /// The cues heard at a volume above 0, oldest first.
    pub fn audible(&self) -> Vec<SoundCue> {
        self.0
            .iter()
            .filter(|(_, v)| *v > 0.0)
            .map(|(c, _)| *c)
            .collect()
    }
}

/// A cue to play this frame (after the settings and the mode are applied: its volume).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct PlayCue {
    /// The cue.
    pub cue: SoundCue,
    /// Its volume, 0 to 1.
    pub volume: f32,
}

/// The sound's systems, in `PostUpdate`: the cues of the frame are decided, logged and
/// played.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SoundSystems;

/// Cues waiting for the board's motions to end.
#[derive(Resource, Debug, Clone, Default)]
struct Deferred(Vec<SoundCue>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SoundSettings>()
        .init_resource::<CueLog>()
        .init_resource::<Deferred>()
        .add_message::<MotionsStarted>()
        .add_message::<PlayCue>()
        // After the frame's moves, notices and motions (all in `Update`).
        .add_systems(
            PostUpdate,
            (cues_from_notices, collect_cues, warn_low_clock, log_cues)
                .chain()
                .in_set(SoundSystems),
        )
        .add_systems(
            Update,
            toggle_mute.in_set(crate::render::picking::HotkeySystems),
        );
    #[cfg(feature = "sound")]
    playback::plugin(app);
}

/// What the cue systems read of the session.
#[derive(bevy::ecs::system::SystemParam)]
struct Moment<'w> {
    settings: Res<'w, SoundSettings>,
    mode: Option<Res<'w, State<AppMode>>>,
    turn_model: Option<Res<'w, State<TurnModelState>>>,
    animating: Option<Res<'w, AnimationsPlaying>>,
}

impl Moment<'_> {
    fn volume(&self) -> f32 {
        let mode = self.mode.as_deref().map_or(AppMode::Play, |m| *m.get());
        self.settings.effective_volume(mode)
    }

    fn simultaneous(&self) -> bool {
        self.turn_model
            .as_deref()
            .is_some_and(|t| *t.get() == TurnModelState::Simultaneous)
    }
}

/// The board's batches that started and the deferred cues whose motions have ended become
/// cues to play.
fn collect_cues(
    moment: Moment,
    mut started: MessageReader<MotionsStarted>,
    mut deferred: ResMut<Deferred>,
    mut play: MessageWriter<PlayCue>,
) {
    let volume = moment.volume();
    for MotionsStarted(motions) in started.read() {
        if let Some(cue) = SoundCue::of_motions(motions, moment.simultaneous()) {
            play.write(PlayCue { cue, volume });
        }
    }
    let still = moment.animating.as_deref().is_some_and(|a| a.0);
    if !still {
        for cue in deferred.0.drain(..) {
            play.write(PlayCue { cue, volume });
        }
    }
}

/// The cues the game's notices call for: now, or deferred until the motions have played.
fn cues_from_notices(
    moment: Moment,
    mut notices: MessageReader<Notice>,
    mut deferred: ResMut<Deferred>,
    mut play: MessageWriter<PlayCue>,
) {
    let volume = moment.volume();
    for n in notices.read() {
        for (cue, timing) in SoundCue::of_notice(n) {
            match timing {
                Timing::Now => {
                    play.write(PlayCue { cue, volume });
                }
                Timing::AfterMotions => deferred.0.push(cue),
            }
        }
    }
}

/// A running clock that passes into its low-time warning (the clock panel's red) calls
/// for [`SoundCue::ClockLow`], once per side and game.
fn warn_low_clock(
    moment: Moment,
    clock: Option<Res<LiveClock>>,
    game: Res<ActiveGame>,
    mut warned: Local<(u64, [bool; 2])>,
    mut play: MessageWriter<PlayCue>,
) {
    let Some(clock) = clock.as_deref().and_then(|l| l.clock.as_ref()) else {
        return;
    };
    if warned.0 != game.id {
        *warned = (game.id, [false; 2]);
    }
    let control = game.record.time_control;
    for side in Side::BOTH {
        let left = clock.remaining(side);
        let low = crate::ui::clock_panel::is_low(left, control);
        if low && !warned.1[side.index()] && clock.is_running(side) {
            warned.1[side.index()] = true;
            play.write(PlayCue {
                cue: SoundCue::ClockLow,
                volume: moment.volume(),
            });
        }
    }
}

/// `M` mutes and unmutes.
fn toggle_mute(
    mut chords: MessageReader<crate::render::keys::KeyChord>,
    mut settings: ResMut<SoundSettings>,
) {
    if chords.read().filter(|c| c.is(KeyCode::KeyM)).count() % 2 == 1 {
        settings.muted = !settings.muted;
    }
}

/// Keeps the last cues in the [`CueLog`].
fn log_cues(mut cues: MessageReader<PlayCue>, mut log: ResMut<CueLog>) {
    for c in cues.read() {
        log.0.push((c.cue, c.volume));
    }
    let extra = log.0.len().saturating_sub(CueLog::KEEP);
    log.0.drain(..extra);
}

/// Playing the cues through Bevy's audio (the `sound` feature).
#[cfg(feature = "sound")]
pub mod playback {
    use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
    use bevy::prelude::*;

    use super::{PlayCue, SoundCue, synth};

    /// The cues' sounds, made at start.
    #[derive(Resource, Debug, Clone)]
    pub struct SoundBank(pub Vec<(SoundCue, Handle<AudioSource>)>);

    impl SoundBank {
        /// The sound of `cue`.
        pub fn get(&self, cue: SoundCue) -> Option<&Handle<AudioSource>> {
            self.0.iter().find(|(c, _)| *c == cue).map(|(_, h)| h)
        }
    }

    /// Marks a sound entity with its cue.
    #[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
    pub struct CueSound(pub SoundCue);

    pub(super) fn plugin(app: &mut App) {
        app.add_systems(Startup, make_sounds)
            .add_systems(PostUpdate, play_cues.after(super::SoundSystems));
    }

    fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
        let bank = SoundCue::ALL
            .iter()
            .map(|&cue| {
                let bytes = synth::wav_bytes(&synth::waveform(cue), synth::SAMPLE_RATE);
                (
                    cue,
                    sources.add(AudioSource {
                        bytes: bytes.into(),
                    }),
                )
            })
            .collect();
        commands.insert_resource(SoundBank(bank));
    }

    fn play_cues(
        mut commands: Commands,
        bank: Option<Res<SoundBank>>,
        mut cues: MessageReader<PlayCue>,
    ) {
        let Some(bank) = bank else {
            return;
        };
        for c in cues.read() {
            if c.volume <= 0.0 {
                continue;
            }
            if let Some(h) = bank.get(c.cue) {
                commands.spawn((
                    Name::new("Sound"),
                    CueSound(c.cue),
                    AudioPlayer(h.clone()),
                    PlaybackSettings::DESPAWN.with_volume(Volume::Linear(c.volume)),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    #[test]
    fn a_batch_sounds_by_what_it_shows() {
        let sq = Square;
        let slide = Motion::Slide {
            from: sq(12),
            to: sq(28),
        };
        let teleport = Motion::Teleport {
            from: sq(28),
            to: sq(44),
        };
        let capture = Motion::Capture {
            at: sq(36),
            by: Some(sq(27)),
        };
        assert_eq!(SoundCue::of_motions(&[slide], false), Some(SoundCue::Move));
        assert_eq!(
            SoundCue::of_motions(&[teleport], false),
            Some(SoundCue::Teleport)
        );
        assert_eq!(
            SoundCue::of_motions(&[slide, capture], false),
            Some(SoundCue::Capture)
        );
        // Castling slides two pieces: a move; two pieces in a Parity turn: a landing.
        assert_eq!(
            SoundCue::of_motions(&[slide, slide], false),
            Some(SoundCue::Move)
        );
        assert_eq!(
            SoundCue::of_motions(&[slide, slide], true),
            Some(SoundCue::Landing)
        );
        assert_eq!(
            SoundCue::of_motions(&[Motion::Pulse { at: sq(4) }], false),
            None
        );
    }

    #[test]
    fn the_demo_is_silent_unless_asked_and_mute_silences_everything() {
        let s = SoundSettings::default();
        assert_eq!(s.effective_volume(AppMode::Play), 0.7);
        assert_eq!(s.effective_volume(AppMode::Demo), 0.0);
        let demo = SoundSettings { in_demo: true, ..s };
        assert_eq!(demo.effective_volume(AppMode::Demo), 0.7);
        let muted = SoundSettings {
            muted: true,
            ..demo
        };
        assert_eq!(muted.effective_volume(AppMode::Play), 0.0);
    }
}
