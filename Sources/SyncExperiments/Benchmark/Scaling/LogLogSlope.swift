import Foundation

/// How a cost grows with a size: the least-squares slope of log(cost) on
/// log(size). A cost proportional to the size has slope 1, one that grows
/// with its square 2, one that does not move 0; a constant factor (the
/// machine's speed) drops out.
enum LogLogSlope {
    /// The slope through `points` (size, cost): at least two distinct
    /// sizes, every size and cost above 0 (a cost of 0, a run too short to
    /// measure, is taken as a nanosecond).
    static func fit(_ points: [(size: Double, cost: Double)]) -> Double {
        precondition(points.count >= 2, "a slope needs two points")
        precondition(points.allSatisfy { $0.size > 0 && $0.cost >= 0 }, "sizes above 0 and costs not below 0")
        let xs = points.map { log($0.size) }
        let ys = points.map { log(max($0.cost, 1e-9)) }
        let count = Double(points.count)
        let meanX = xs.reduce(0, +) / count
        let meanY = ys.reduce(0, +) / count
        var covariance = 0.0
        var variance = 0.0
        for (x, y) in zip(xs, ys) {
            covariance += (x - meanX) * (y - meanY)
            variance += (x - meanX) * (x - meanX)
        }
        precondition(variance > 0, "a slope needs two distinct sizes")
        return covariance / variance
    }
}
