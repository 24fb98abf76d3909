//! The sounds, made in code: each cue is a short mono waveform (sine partials, filtered
//! noise, envelopes) at [`SAMPLE_RATE`], written as a 16-bit PCM WAV file in memory so
//! Bevy's audio plays it like a shipped asset. Nothing is read from disk and nothing needs
//! a licence.

use super::SoundCue;

/// Samples per second of every cue.
pub const SAMPLE_RATE: u32 = 44_100;

/// A small deterministic noise source (xorshift), so a cue is the same every run.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// An exponential decay from 1 with the time constant `tau` seconds, after an attack of
/// `attack` seconds.
fn envelope(t: f32, attack: f32, tau: f32) -> f32 {
    if t < attack {
        t / attack
    } else {
        (-(t - attack) / tau).exp()
    }
}

fn sine(freq: f32, t: f32) -> f32 {
    (std::f32::consts::TAU * freq * t).sin()
}

/// A knock on wood: a low thump and a short burst of filtered noise.
fn knock(t: f32, pitch: f32, noise: &mut Noise, lowpass: &mut f32) -> f32 {
    *lowpass += 0.25 * (noise.next() - *lowpass);
    let thump = sine(pitch, t) * envelope(t, 0.002, 0.035);
    let click = *lowpass * envelope(t, 0.0005, 0.012);
    0.8 * thump + 0.6 * click
}

/// The waveform of `cue`: samples in −1..1 at [`SAMPLE_RATE`].
pub fn waveform(cue: SoundCue) -> Vec<f32> {
    let secs = match cue {
        SoundCue::Move => 0.12,
        SoundCue::Capture => 0.22,
        SoundCue::Check => 0.45,
        SoundCue::Teleport => 0.7,
        SoundCue::FieldRefusal => 0.35,
        SoundCue::Landing => 0.3,
        SoundCue::ClockLow => 0.15,
        SoundCue::GameOver => 1.1,
    };
    let n = (secs * SAMPLE_RATE as f32) as usize;
    let mut noise = Noise(0x9E37_79B9 ^ cue as u32);
    let mut lowpass = 0.0;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let t = i as f32 / SAMPLE_RATE as f32;
        let s = match cue {
            SoundCue::Move => knock(t, 180.0, &mut noise, &mut lowpass),
            SoundCue::Capture => {
                // Two knocks, the second lower and harder.
                let first = knock(t, 220.0, &mut noise, &mut lowpass);
                let t2 = t - 0.07;
                let second = if t2 > 0.0 {
                    1.2 * sine(120.0, t2) * envelope(t2, 0.002, 0.05)
                } else {
                    0.0
                };
                0.7 * first + 0.6 * second
            }
            SoundCue::Check => {
                // Two bell tones, a fourth apart.
                let a = sine(880.0, t) + 0.3 * sine(1760.0, t);
                let t2 = t - 0.12;
                let b = if t2 > 0.0 {
                    (sine(1174.7, t2) + 0.3 * sine(2349.3, t2)) * envelope(t2, 0.003, 0.15)
                } else {
                    0.0
                };
                0.35 * a * envelope(t, 0.003, 0.12) + 0.35 * b
            }
            SoundCue::Teleport => {
                // A rising sweep with a shimmer.
                let f = 300.0 + 1500.0 * (t / secs).powf(1.5);
                let phase = std::f32::consts::TAU
                    * (300.0 * t + 1500.0 * secs / 2.5 * (t / secs).powf(2.5));
                let shimmer = sine(f * 2.01, t) * 0.25;
                let env = (std::f32::consts::PI * t / secs).sin();
                0.45 * (phase.sin() + shimmer) * env
            }
            SoundCue::FieldRefusal => {
                // A low buzz: a square-ish wave at 110 Hz, softened.
                let buzz = (sine(110.0, t) * 3.0).tanh() * 0.5 + 0.2 * sine(220.0, t);
                buzz * envelope(t, 0.01, 0.12)
            }
            SoundCue::Landing => {
                // Two knocks on the same beat, a fifth apart.
                0.6 * knock(t, 160.0, &mut noise, &mut lowpass)
                    + 0.5 * sine(240.0, t) * envelope(t, 0.002, 0.05)
            }
            SoundCue::ClockLow => 0.3 * sine(1500.0, t) * envelope(t, 0.002, 0.03),
            SoundCue::GameOver => {
                // A rising arpeggio: C, E, G, C.
                [(0.0, 523.3), (0.15, 659.3), (0.3, 784.0), (0.45, 1046.5)]
                    .iter()
                    .map(|&(start, f)| {
                        let u = t - start;
                        if u < 0.0 {
                            0.0
                        } else {
                            0.22 * (sine(f, u) + 0.2 * sine(2.0 * f, u)) * envelope(u, 0.005, 0.3)
                        }
                    })
                    .sum()
            }
        };
        out.push(s.clamp(-1.0, 1.0));
    }
    // A short fade at the end, so no cue ends with a click.
    let fade = (SAMPLE_RATE as usize / 200).min(out.len());
    let len = out.len();
    for (k, s) in out[len - fade..].iter_mut().enumerate() {
        *s *= 1.0 - k as f32 / fade as f32;
    }
    out
}

/// `samples` (−1..1, mono, at `rate` per second) as a 16-bit PCM WAV file.
pub fn wav_bytes(samples: &[f32], rate: u32) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut b = Vec::with_capacity(44 + samples.len() * 2);
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + data_len).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    b.extend_from_slice(&1u16.to_le_bytes()); // PCM
    b.extend_from_slice(&1u16.to_le_bytes()); // mono
    b.extend_from_slice(&rate.to_le_bytes());
    b.extend_from_slice(&(rate * 2).to_le_bytes()); // bytes per second
    b.extend_from_slice(&2u16.to_le_bytes()); // block align
    b.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    b.extend_from_slice(b"data");
    b.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        let v = (s.clamp(-1.0, 1.0) * i16::MAX as f32) as i16;
        b.extend_from_slice(&v.to_le_bytes());
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_is_a_short_audible_unclipped_sound() {
        for cue in SoundCue::ALL {
            let w = waveform(cue);
            let secs = w.len() as f32 / SAMPLE_RATE as f32;
            assert!((0.1..=1.2).contains(&secs), "{cue:?}: {secs} s");
            let peak = w.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(peak > 0.1 && peak <= 1.0, "{cue:?}: peak {peak}");
            assert!(
                w.last().unwrap().abs() < 0.01,
                "{cue:?} ends without a click"
            );
        }
        // Each cue sounds different from the others.
        let all: Vec<Vec<f32>> = SoundCue::ALL.iter().map(|c| waveform(*c)).collect();
        for i in 0..all.len() {
            for j in i + 1..all.len() {
                assert_ne!(all[i], all[j]);
            }
        }
    }

    #[test]
    fn the_wav_header_describes_16_bit_mono_pcm() {
        let w = wav_bytes(&[0.0, 0.5, -1.0], 44_100);
        assert_eq!(&w[0..4], b"RIFF");
        assert_eq!(u32::from_le_bytes(w[4..8].try_into().unwrap()), 36 + 6);
        assert_eq!(&w[8..16], b"WAVEfmt ");
        assert_eq!(u16::from_le_bytes([w[20], w[21]]), 1, "PCM");
        assert_eq!(u16::from_le_bytes([w[22], w[23]]), 1, "mono");
        assert_eq!(u32::from_le_bytes(w[24..28].try_into().unwrap()), 44_100);
        assert_eq!(u16::from_le_bytes([w[34], w[35]]), 16, "bits");
        assert_eq!(&w[36..40], b"data");
        assert_eq!(u32::from_le_bytes(w[40..44].try_into().unwrap()), 6);
        assert_eq!(w.len(), 50);
        assert_eq!(i16::from_le_bytes([w[46], w[47]]), 16383);
        assert_eq!(i16::from_le_bytes([w[48], w[49]]), -32767);
    }
}
