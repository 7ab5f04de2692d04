/// One stretch of sustained sound, measured and thinned, before the pattern is assembled.
///
/// The intensity curve is relative to the segment's own peak, so it needs nothing from the rest of the sound; the
/// peak itself stays in decibels until the loudest moment of the whole sound is known.
struct ContinuousSegment: Sendable {
    /// Seconds from the start of the audio.
    var start: Double
    /// Seconds from the start of the audio (after ``start``).
    var end: Double
    /// The loudest moment of the segment, in dB relative to full scale.
    var peak: Float
    /// The sharpness the segment's event carries; the sharpness curve adds to it.
    var baseSharpness: Float
    /// Thinned intensity control points: seconds from ``start`` and the level as a fraction of the peak's
    /// intensity (0 … 1).
    var intensity: [(time: Double, value: Float)]
    /// Thinned sharpness control points: seconds from ``start`` and the difference from ``baseSharpness``.
    var sharpness: [(time: Double, value: Float)]

    /// The value of the curve through `points` at `time` (linear between points, held before the first and after
    /// the last).
    static func value(of points: [(time: Double, value: Float)], at time: Double) -> Float {
        guard let first = points.first else { return 0 }
        if time <= first.time { return first.value }
        // Binary search for the last point at or before `time`.
        var low = 0
        var high = points.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if points[middle].time <= time { low = middle } else { high = middle - 1 }
        }
        guard low + 1 < points.count else { return points[low].value }
        let a = points[low]
        let b = points[low + 1]
        let span = b.time - a.time
        return span > 0 ? a.value + (b.value - a.value) * Float((time - a.time) / span) : b.value
    }
}
