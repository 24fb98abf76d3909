//! Keyboard shortcuts as chords read in the order the keyboard reported them. A frame under
//! load can carry a whole `Ctrl` press, `Z` press, `Z` release and `Ctrl` release at once;
//! the key state at the end of such a frame says `Ctrl` is up, so a shortcut read from it
//! would miss the chord (or take it for a plain `Z`). Here each key press becomes one
//! [`KeyChord`] with the modifiers held at that moment, replayed from the
//! [`KeyboardInput`] messages. The hotkey systems read chords, never the key state.
//! Runs before [`HotkeySystems`](super::picking::HotkeySystems) on every frame; while a text
//! field has the keyboard ([`TextInputFocus`]) it follows the modifiers but sends no chords,
//! so a letter typed into a field is never seen later as a shortcut.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

/// One key pressed, with the modifiers held when it went down. Key repeats are not chords.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyChord {
    /// The key (its physical position, as [`KeyCode`]).
    pub key: KeyCode,
    /// Control was held.
    pub ctrl: bool,
    /// Shift was held.
    pub shift: bool,
    /// Alt was held.
    pub alt: bool,
}

impl KeyChord {
    /// A bare key: `key` with no Control and no Alt (Shift allowed: `Shift+C` is read with
    /// [`KeyChord::shift`]).
    pub fn is(&self, key: KeyCode) -> bool {
        self.key == key && !self.ctrl && !self.alt
    }

    /// `Ctrl+key` (without Shift or Alt).
    pub fn is_ctrl(&self, key: KeyCode) -> bool {
        self.key == key && self.ctrl && !self.shift && !self.alt
    }

    /// `Ctrl+Shift+key` (without Alt).
    pub fn is_ctrl_shift(&self, key: KeyCode) -> bool {
        self.key == key && self.ctrl && self.shift && !self.alt
    }
}

/// The modifiers down after the events read so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Modifiers {
    ctrl: [bool; 2],
    shift: [bool; 2],
    alt: [bool; 2],
}

impl Modifiers {
    /// Applies one key event; returns the chord it makes (a press of a key that is not a
    /// modifier, not a repeat).
    pub fn apply(&mut self, key: KeyCode, state: ButtonState, repeat: bool) -> Option<KeyChord> {
        let down = state == ButtonState::Pressed;
        let slot = match key {
            KeyCode::ControlLeft => Some(&mut self.ctrl[0]),
            KeyCode::ControlRight => Some(&mut self.ctrl[1]),
            KeyCode::ShiftLeft => Some(&mut self.shift[0]),
            KeyCode::ShiftRight => Some(&mut self.shift[1]),
            KeyCode::AltLeft => Some(&mut self.alt[0]),
            KeyCode::AltRight => Some(&mut self.alt[1]),
            _ => None,
        };
        if let Some(slot) = slot {
            *slot = down;
            return None;
        }
        (down && !repeat).then_some(KeyChord {
            key,
            ctrl: self.ctrl.contains(&true),
            shift: self.shift.contains(&true),
            alt: self.alt.contains(&true),
        })
    }
}

/// Whether a text field has the keyboard (set by the panels' input guard each frame): the
/// hotkeys are off while it does.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TextInputFocus(pub bool);

/// Run condition: no text field has the keyboard.
pub fn keyboard_is_free(focus: Option<Res<TextInputFocus>>) -> bool {
    !focus.is_some_and(|f| f.0)
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<KeyChord>()
        .init_resource::<TextInputFocus>()
        .add_systems(Update, read_key_chords.in_set(crate::InputSystems::Keys));
}

/// Turns this frame's keyboard messages into [`KeyChord`]s, in order. The modifiers are
/// followed on every frame; while a text field has the keyboard no chord is sent.
pub(crate) fn read_key_chords(
    mut keyboard: MessageReader<KeyboardInput>,
    focus: Res<TextInputFocus>,
    mut modifiers: Local<Modifiers>,
    mut chords: MessageWriter<KeyChord>,
) {
    for k in keyboard.read() {
        if let Some(chord) = modifiers.apply(k.key_code, k.state, k.repeat)
            && !focus.0
        {
            chords.write(chord);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chord_pressed_and_released_within_one_frame_keeps_its_modifier() {
        let mut m = Modifiers::default();
        let events = [
            (KeyCode::ControlLeft, ButtonState::Pressed),
            (KeyCode::KeyZ, ButtonState::Pressed),
            (KeyCode::KeyZ, ButtonState::Released),
            (KeyCode::ControlLeft, ButtonState::Released),
            (KeyCode::KeyZ, ButtonState::Pressed),
        ];
        let chords: Vec<KeyChord> = events
            .into_iter()
            .filter_map(|(k, s)| m.apply(k, s, false))
            .collect();
        assert_eq!(chords.len(), 2);
        assert!(chords[0].is_ctrl(KeyCode::KeyZ) && !chords[0].is(KeyCode::KeyZ));
        assert!(chords[1].is(KeyCode::KeyZ) && !chords[1].is_ctrl(KeyCode::KeyZ));
        // Right-hand modifiers count, repeats do not make chords.
        assert_eq!(
            m.apply(KeyCode::ShiftRight, ButtonState::Pressed, false),
            None
        );
        assert!(
            m.apply(KeyCode::ControlRight, ButtonState::Pressed, false)
                .is_none()
        );
        let c = m.apply(KeyCode::KeyR, ButtonState::Pressed, false).unwrap();
        assert!(c.is_ctrl_shift(KeyCode::KeyR) && !c.is_ctrl(KeyCode::KeyR));
        assert_eq!(m.apply(KeyCode::KeyR, ButtonState::Pressed, true), None);
    }
}
