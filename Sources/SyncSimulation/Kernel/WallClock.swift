/// Seconds elapsed on a real clock since an origin of the caller's
/// choosing. The core never reads a clock itself (a run's figures are
/// virtual time); a caller that wants each run's `wallSeconds` passes one
/// to ``Comparison``, usually `ContinuousClock` read by the command line.
public typealias WallClock = @Sendable () -> Double
