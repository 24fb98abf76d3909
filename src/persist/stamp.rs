//! Wall-clock stamps for file names and PGN `Date` tags, computed from
//! [`std::time::SystemTime`] in UTC (no time-zone database, no extra crate). The rules core
//! never reads a clock; only the files written for the player carry a date.

use std::time::{SystemTime, UNIX_EPOCH};

/// A calendar date and time of day in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct UtcStamp {
    /// Year (e.g. 2026).
    pub year: i64,
    /// Month, 1–12.
    pub month: u32,
    /// Day of the month, 1–31.
    pub day: u32,
    /// Hour, 0–23.
    pub hour: u32,
    /// Minute, 0–59.
    pub minute: u32,
    /// Second, 0–59.
    pub second: u32,
}

impl UtcStamp {
    /// Now, by the system clock (a clock before 1970 reads as 1970-01-01).
    pub fn now() -> UtcStamp {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        UtcStamp::from_unix(secs as i64)
    }

    /// The stamp `secs` seconds after 1970-01-01 00:00:00 UTC (the proleptic Gregorian
    /// calendar; Howard Hinnant's `civil_from_days`).
    ///
    /// # Examples
    /// ```
    /// use esoterica::persist::stamp::UtcStamp;
    /// let s = UtcStamp::from_unix(1_796_121_600); // 2026-12-01 10:40:00 UTC
    /// assert_eq!(s.pgn_date(), "2026.12.01");
    /// assert_eq!(s.file_stamp(), "20261201-104000");
    /// ```
    pub fn from_unix(secs: i64) -> UtcStamp {
        let days = secs.div_euclid(86_400);
        let rem = secs.rem_euclid(86_400);
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        UtcStamp {
            year,
            month,
            day,
            hour: (rem / 3600) as u32,
            minute: (rem % 3600 / 60) as u32,
            second: (rem % 60) as u32,
        }
    }

    /// The PGN `Date` tag value, `YYYY.MM.DD`.
    pub fn pgn_date(&self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }

    /// A stamp for file names that sorts by time: `YYYYMMDD-HHMMSS`.
    pub fn file_stamp(&self) -> String {
        format!(
            "{:04}{:02}{:02}-{:02}{:02}{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates_convert() {
        assert_eq!(UtcStamp::from_unix(0).pgn_date(), "1970.01.01");
        // 2000-02-29 12:00:00 (a leap day of a century year divisible by 400).
        let s = UtcStamp::from_unix(951_825_600);
        assert_eq!((s.year, s.month, s.day, s.hour), (2000, 2, 29, 12));
        // 2024-12-31 23:59:59, then the next second is New Year.
        assert_eq!(
            UtcStamp::from_unix(1_735_689_599).file_stamp(),
            "20241231-235959"
        );
        assert_eq!(UtcStamp::from_unix(1_735_689_600).pgn_date(), "2025.01.01");
    }
}
