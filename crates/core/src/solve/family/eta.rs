//! How long a family run has left, from the units still to walk and the measured time of
//! the units of each size class.
//!
//! Units differ hugely in size (a 6x6 Rush Hour unit holds from one to some 200,000
//! positions) and a family's order puts the small ones first, so "time so far × units left /
//! units walked" is far off early. [`TimeLeft`] instead weighs the units left in each class
//! ([`Family::unit_class`], counted by [`count_units_by_class`]) by the mean time of the
//! units of that class walked so far.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::engine::{Family, UnitResult};

/// The size classes told apart; a unit of a larger class counts in the last one.
pub const UNIT_CLASSES: usize = 33;

/// Where a unit of `class` counts.
fn slot(class: usize) -> usize {
    class.min(UNIT_CLASSES - 1)
}

/// Counts the units of `family` from unit `skip` on (the units a resumed run has still to
/// walk), by size class, without walking them: one pass over [`Family::family_units`], meant
/// for a background thread (about 20 s of one core for 6x6 Rush Hour).
///
/// Returns [`UNIT_CLASSES`] counts, `counts[c]` the units of class `c` (the last counts the
/// units of its class and above), or `None` when `cancel` was raised before the end.
pub fn count_units_by_class<F: Family>(
    family: &F,
    skip: u64,
    cancel: &AtomicBool,
) -> Option<Vec<u64>> {
    let mut counts = vec![0u64; UNIT_CLASSES];
    let skip = usize::try_from(skip).unwrap_or(usize::MAX);
    for unit in family.family_units().skip(skip) {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        counts[slot(family.unit_class(&unit))] += 1;
    }
    Some(counts)
}

/// The estimate of a run's time left, fed the units as they are handed over.
///
/// The work left is Σ over classes of (units left in the class × mean walk time of the
/// class's units walked so far), and the seconds left are the run's time so far × work left /
/// work done (the walk times of the units handed over). Dividing the work left by the threads
/// instead would leave out what the walk times do not hold (handing the units over, writing
/// them, threads waiting for a core other programs hold): on a busy two-core machine that
/// estimate was 40% short, where the run's own pace is right once the count beside the walk
/// (which slows it while it runs) is done. A class none of whose units is
/// walked yet takes the mean of the nearest class walked, the larger at a tie: units grow
/// with their class, so early on (when only small classes are walked) the estimate is low
/// and it grows as larger units are measured. Extrapolating a growth rate between classes
/// would be closer some of the time, but one odd class mean would blow it up by orders of
/// magnitude; the nearest mean stays within what was measured.
#[derive(Clone, Debug)]
pub struct TimeLeft {
    /// The units to walk by class, from the run's first unit (a resumed run's skipped units
    /// are done), once counted.
    to_walk: Option<Vec<u64>>,
    /// Units handed over, by class.
    walked: Vec<u64>,
    /// Their walks' nanoseconds, by class.
    nanos: Vec<u128>,
}

impl Default for TimeLeft {
    fn default() -> TimeLeft {
        TimeLeft::new()
    }
}

impl TimeLeft {
    /// The estimate of a run before any unit.
    pub fn new() -> TimeLeft {
        TimeLeft {
            to_walk: None,
            walked: vec![0; UNIT_CLASSES],
            nanos: vec![0; UNIT_CLASSES],
        }
    }

    /// Gives the units the run has to walk, by class, as [`count_units_by_class`] counts
    /// them from the run's first unit.
    pub fn counted(&mut self, to_walk: Vec<u64>) {
        self.to_walk = Some(to_walk);
    }

    /// Whether the units to walk are known ([`TimeLeft::counted`]).
    pub fn is_counted(&self) -> bool {
        self.to_walk.is_some()
    }

    /// Records a walked unit of `class` whose walk took `nanos` on one thread.
    pub fn add(&mut self, class: usize, nanos: u64) {
        let c = slot(class);
        self.walked[c] += 1;
        self.nanos[c] += u128::from(nanos);
    }

    /// Records a unit as the engine hands it over ([`UnitResult::class`],
    /// [`UnitResult::nanos`]).
    pub fn add_unit(&mut self, unit: &UnitResult) {
        self.add(unit.class, unit.nanos);
    }

    /// The units the run has still to walk, once counted.
    pub fn units_left(&self) -> Option<u64> {
        let to_walk = self.to_walk.as_ref()?;
        Some(
            to_walk
                .iter()
                .zip(&self.walked)
                .map(|(&all, &walked)| all.saturating_sub(walked))
                .sum(),
        )
    }

    /// The seconds the run has left, `elapsed` into it (the time the units handed over took,
    /// from the run's start or resume); `None` until the units are counted and a unit that
    /// took any time is walked.
    pub fn seconds_left(&self, elapsed: Duration) -> Option<f64> {
        let to_walk = self.to_walk.as_ref()?;
        let done: u128 = self.nanos.iter().sum();
        if done == 0 {
            return None;
        }
        let mut left = 0f64;
        for (class, (&all, &walked)) in to_walk.iter().zip(&self.walked).enumerate() {
            let units = all.saturating_sub(walked);
            if units > 0 {
                left += units as f64 * self.mean_nanos(class)?;
            }
        }
        Some(elapsed.as_secs_f64() * left / done as f64)
    }

    /// The mean nanoseconds of a unit of `class`: its walked units', or the nearest walked
    /// class's (the larger at a tie); `None` when no unit is walked.
    fn mean_nanos(&self, class: usize) -> Option<f64> {
        let mean = |c: usize| {
            let walked = *self.walked.get(c)?;
            (walked > 0).then(|| self.nanos[c] as f64 / walked as f64)
        };
        (0..UNIT_CLASSES).find_map(|d| mean(class + d).or_else(|| mean(class.checked_sub(d)?)))
    }
}

/// A time left in words a person reads at a glance: seconds under two minutes, then
/// minutes, then hours and minutes ("45 s", "12 min", "1 h 5 min").
pub fn human_seconds(seconds: f64) -> String {
    let seconds = seconds.max(0.0).round();
    if seconds < 120.0 {
        return format!("{seconds:.0} s");
    }
    let minutes = (seconds / 60.0).round();
    if minutes < 60.0 {
        return format!("{minutes:.0} min");
    }
    let hours = (minutes / 60.0).floor();
    let rest = minutes - hours * 60.0;
    if rest == 0.0 {
        format!("{hours:.0} h")
    } else {
        format!("{hours:.0} h {rest:.0} min")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::core::{Limits, SearchControl};
    use crate::solve::family::{RushHourFamily, enumerate};

    const MS: u64 = 1_000_000;

    /// A run's synthetic units: (class, nanoseconds), in the family's order.
    fn family_of(classes: &[(usize, u64, u64)]) -> Vec<(usize, u64)> {
        classes
            .iter()
            .flat_map(|&(class, units, nanos)| (0..units).map(move |_| (class, nanos)))
            .collect()
    }

    fn counts_of(units: &[(usize, u64)]) -> Vec<u64> {
        let mut counts = vec![0; UNIT_CLASSES];
        for &(class, _) in units {
            counts[class] += 1;
        }
        counts
    }

    #[test]
    fn weighs_the_units_left_by_their_class_time() {
        // Small units first, as a family's order has them: 1,000 of 1 ms, 100 of 100 ms.
        let units = family_of(&[(2, 1000, MS), (5, 100, 100 * MS)]);
        let walked = 1010;
        let mut eta = TimeLeft::new();
        eta.counted(counts_of(&units));
        for &(class, nanos) in &units[..walked] {
            eta.add(class, nanos);
        }
        let secs = |units: &[(usize, u64)]| units.iter().map(|u| u.1 as f64 / 1e9).sum::<f64>();
        let truth = secs(&units[walked..]);
        let elapsed = secs(&units[..walked]);
        let by_units = elapsed * (units.len() - walked) as f64 / walked as f64;
        let estimate = eta.seconds_left(Duration::from_secs_f64(elapsed)).unwrap();
        assert!(
            (estimate - truth).abs() < 0.01 * truth,
            "{estimate} vs {truth}"
        );
        // The old estimate by units is off by more than a factor of ten here.
        assert!(by_units < truth / 10.0, "{by_units} vs {truth}");
        assert_eq!(eta.units_left(), Some((units.len() - walked) as u64));
    }

    #[test]
    fn goes_at_the_pace_the_run_kept_so_far() {
        // Ten units of 4 ms each, walked on four threads: 10 ms of wall time for the first
        // four, so 15 ms for the six left.
        let units = family_of(&[(1, 10, 4 * MS)]);
        let mut eta = TimeLeft::new();
        eta.counted(counts_of(&units));
        for &(class, nanos) in &units[..4] {
            eta.add(class, nanos);
        }
        let estimate = eta.seconds_left(Duration::from_millis(10)).unwrap();
        assert!((estimate - 0.015).abs() < 1e-9, "{estimate}");
        let twice = eta.seconds_left(Duration::from_millis(20)).unwrap();
        assert!((twice - 2.0 * estimate).abs() < 1e-9, "{twice}");
    }

    #[test]
    fn a_class_not_walked_takes_the_nearest_walked_class_time() {
        let mut eta = TimeLeft::new();
        let mut counts = vec![0; UNIT_CLASSES];
        counts[1] = 1;
        counts[3] = 1;
        // Class 2 is as near to 1 as to 3 and takes 3's time; class 6 takes 3's time too.
        counts[2] = 1;
        counts[6] = 1;
        eta.counted(counts);
        eta.add(1, MS);
        eta.add(3, 3 * MS);
        // On one thread: the time so far is the walks'.
        let estimate = eta.seconds_left(Duration::from_millis(4)).unwrap();
        assert!((estimate - 0.006).abs() < 1e-9, "{estimate}");
    }

    #[test]
    fn says_nothing_before_the_count_or_the_first_unit() {
        let second = Duration::from_secs(1);
        let mut eta = TimeLeft::new();
        eta.add(3, MS);
        assert_eq!(eta.seconds_left(second), None);
        assert_eq!(eta.units_left(), None);
        let mut fresh = TimeLeft::new();
        fresh.counted(vec![5; UNIT_CLASSES]);
        assert!(fresh.is_counted());
        assert_eq!(fresh.seconds_left(second), None);
    }

    #[test]
    fn large_classes_count_in_the_last() {
        let mut eta = TimeLeft::new();
        let mut counts = vec![0; UNIT_CLASSES];
        counts[UNIT_CLASSES - 1] = 2;
        eta.counted(counts);
        eta.add(UNIT_CLASSES + 10, 2 * MS);
        assert_eq!(eta.units_left(), Some(1));
        let estimate = eta.seconds_left(Duration::from_millis(2)).unwrap();
        assert!((estimate - 0.002).abs() < 1e-9, "{estimate}");
    }

    #[test]
    fn counts_every_unit_from_the_skip_by_its_class() {
        let family = RushHourFamily::new(4, 4, 0).unwrap();
        let units: Vec<_> = family.family_units().collect();
        let never = AtomicBool::new(false);
        for skip in [0, 7] {
            let counts = count_units_by_class(&family, skip, &never).unwrap();
            assert_eq!(counts.iter().sum::<u64>(), units.len() as u64 - skip);
            let most = units.iter().map(|u| u.vehicles.len()).max().unwrap();
            let of_most = units[skip as usize..]
                .iter()
                .filter(|u| u.vehicles.len() == most)
                .count();
            assert_eq!(counts[most], of_most as u64);
        }
        assert_eq!(
            count_units_by_class(&family, 0, &AtomicBool::new(true)),
            None
        );
    }

    #[test]
    fn the_engine_hands_over_each_units_class_and_time() {
        let family = RushHourFamily::new(4, 4, 0).unwrap();
        let units: Vec<_> = family.family_units().collect();
        let mut control = SearchControl::new(Limits::default());
        let mut timed = 0;
        enumerate(&family, &mut control, 0, |unit| {
            let index = usize::try_from(unit.index).unwrap_or(usize::MAX);
            assert_eq!(unit.class, units[index].vehicles.len());
            for record in &unit.records {
                assert_eq!(record.pieces, unit.class);
            }
            timed += u64::from(unit.nanos > 0);
            Ok::<(), ()>(())
        })
        .unwrap();
        assert!(timed > 0);
    }

    #[test]
    fn reads_as_seconds_then_minutes_then_hours() {
        assert_eq!(human_seconds(44.6), "45 s");
        assert_eq!(human_seconds(119.0), "119 s");
        assert_eq!(human_seconds(-3.0), "0 s");
        assert_eq!(human_seconds(12.0 * 60.0 + 10.0), "12 min");
        assert_eq!(human_seconds(3600.0 + 5.0 * 60.0), "1 h 5 min");
        assert_eq!(human_seconds(2.0 * 3600.0), "2 h");
    }
}
