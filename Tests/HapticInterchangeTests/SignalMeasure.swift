import HapticInterchange
import HapticPattern

/// How far apart two patterns' haptic signals are, as ``PatternSignal`` evaluates them.
struct SignalDifference: CustomStringConvertible {
    /// Largest continuous-intensity difference outside the windows around transients.
    var intensity: Float = 0
    /// Largest sharpness difference where both signals are audible (intensity > 0.05).
    var sharpness: Float = 0
    /// Largest transient intensity difference (against max(original, continuous under it)).
    var transientIntensity: Float = 0
    /// Largest transient sharpness difference.
    var transientSharpness: Float = 0
    /// Transients in each signal.
    var transientCounts: (Int, Int) = (0, 0)
    /// Largest transient time difference, seconds.
    var transientTime: Double = 0

    var description: String {
        "intensity \(intensity), sharpness \(sharpness), transients \(transientCounts) Δi \(transientIntensity) Δs \(transientSharpness) Δt \(transientTime)"
    }

    /// Compares `original` with `converted`, skipping `guardBefore`/`guardAfter` seconds around the original's
    /// transients (where the converted continuous signal is interrupted on purpose).
    init(_ original: PatternSignal, _ converted: PatternSignal, guardBefore: Double = 0.025, guardAfter: Double = 0.045) {
        let end = Swift.max(original.hapticEnd, converted.hapticEnd)
        let windows = original.transients.map { ($0.time - guardBefore, $0.time + guardAfter) }
        var t = 0.0
        while t <= end {
            defer { t += 0.0005 }
            if windows.contains(where: { t >= $0.0 && t <= $0.1 }) { continue }
            let a = original.intensity(at: t)
            let b = converted.intensity(at: t)
            intensity = Swift.max(intensity, abs(a - b))
            if a > 0.05, b > 0.05, let sa = original.sharpness(at: t), let sb = converted.sharpness(at: t) {
                sharpness = Swift.max(sharpness, abs(sa - sb))
            }
        }
        // Merge same-time transients the way .haptic does.
        var merged: [PatternSignal.Transient] = []
        for tr in original.transients {
            if let last = merged.last, last.time == tr.time {
                if tr.intensity > last.intensity { merged[merged.count - 1] = tr }
            } else {
                merged.append(tr)
            }
        }
        transientCounts = (merged.count, converted.transients.count)
        for (a, b) in zip(merged, converted.transients) {
            transientTime = Swift.max(transientTime, abs(a.time - b.time))
            let expected = Swift.max(a.intensity, original.intensity(at: a.time))
            transientIntensity = Swift.max(transientIntensity, abs(expected - b.intensity))
            transientSharpness = Swift.max(transientSharpness, abs(a.sharpness - b.sharpness))
        }
    }
}
