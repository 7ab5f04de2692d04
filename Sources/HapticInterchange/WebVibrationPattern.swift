import HapticPattern

/// A pattern translated for the Web Vibration API: the array passed to `navigator.vibrate`, alternating vibration
/// and pause in milliseconds.
///
/// The API has no amplitude and no frequency: a step vibrates when its mean intensity reaches ``threshold`` or a
/// transient starts in it. Chromium and WebKit accept at most ``maxEntries`` (99) entries of at most
/// ``maxEntryMilliseconds`` (10 000 ms); longer runs are split with zero-length entries, and when there are too
/// many entries the shortest pauses are filled in (then the pattern is truncated) — every such step is reported.
///
///     let conversion = WebVibrationPattern.converting(pattern)
///     print(conversion.value.javascript())   // navigator.vibrate([0, 25, 50, …]);
package struct WebVibrationPattern: Sendable, Hashable, Codable {
    /// Chromium's `kVibrationPatternLengthMax` and WebKit's `MaxVibrationPatternLength`.
    package static let maxEntries = 99
    /// Chromium's `kVibrationDurationMsMax` and WebKit's `MaxVibrationDuration`.
    package static let maxEntryMilliseconds = 10_000
    /// The default on/off threshold on intensity.
    package static let defaultThreshold: Float = 0.25

    /// Vibrate, pause, vibrate, … in milliseconds (starts with a vibration, possibly 0 ms; no trailing pause).
    package var pattern: [Int]

    /// Converts `pattern`.
    ///
    /// - Parameters:
    ///   - pattern: the AHAP pattern.
    ///   - stepMilliseconds: the grid (default 25 ms, as for Android; 1 … ``AndroidVibrationEffect/maximumStepMilliseconds``).
    ///   - threshold: the intensity at which a step vibrates.
    package static func converting(
        _ pattern: Pattern, stepMilliseconds: Int = AndroidVibrationEffect.minimumStepMilliseconds,
        threshold: Float = defaultThreshold
    ) -> Conversion<WebVibrationPattern> {
        let stepMs = Swift.min(Swift.max(stepMilliseconds, 1), AndroidVibrationEffect.maximumStepMilliseconds)
        let signal = PatternSignal(pattern)
        let grid = SignalGrid(signal, step: Double(stepMs) / 1000)
        var notes: [ConversionNote] = []
        var runs: [(on: Bool, ms: Int)] = []
        var lost: Float = 0
        for cell in grid.cells {
            let on = cell.intensity >= threshold || cell.transient != nil
            lost = Swift.max(lost, on ? 1 - cell.intensity : cell.intensity)
            if let last = runs.last, last.on == on {
                runs[runs.count - 1].ms += stepMs
            } else {
                runs.append((on, stepMs))
            }
        }
        while runs.last?.on == false { runs.removeLast() }
        if let first = runs.first, !first.on { runs.insert((true, 0), at: 0) }
        // Fill the shortest pauses while there are too many entries.
        var filled = 0
        var filledMs = 0
        func entryCount() -> Int {
            runs.reduce(0) { $0 + Swift.max(1, 2 * (($1.ms + maxEntryMilliseconds - 1) / maxEntryMilliseconds) - 1) }
        }
        while entryCount() > maxEntries {
            var best = -1
            for i in stride(from: 1, to: runs.count - 1, by: 2) where runs[i].ms > 0 {
                if best < 0 || runs[i].ms < runs[best].ms { best = i }
            }
            guard best >= 0 else { break }
            filled += 1
            filledMs = Swift.max(filledMs, runs[best].ms)
            runs[best - 1].ms += runs[best].ms + runs[best + 1].ms
            runs.removeSubrange(best...(best + 1))
        }
        // Split entries over 10 s: a vibration of 25 s becomes 10 000, 0, 10 000, 0, 5 000.
        var entries: [Int] = []
        for run in runs {
            var remaining = run.ms
            var first = true
            repeat {
                if !first { entries.append(0) }
                let part = Swift.min(remaining, maxEntryMilliseconds)
                entries.append(part)
                remaining -= part
                first = false
            } while remaining > 0
        }
        var truncated = 0
        if entries.count > maxEntries {
            truncated = entries.count - maxEntries
            entries = Array(entries.prefix(maxEntries))
            if entries.count % 2 == 0 { entries.removeLast() }
        }
        notes.append(
            ConversionNote(
                "on-off", .lossy,
                "intensity reduced to on/off (on at ≥ \(formatNumber(Double(threshold))) or at a transient): navigator.vibrate has no amplitude; max intensity error \(formatNumber(Double(lost), digits: 3))",
                maxError: Double(lost)))
        notes.append(ConversionNote("sharpness-dropped", .lossy, "sharpness dropped: navigator.vibrate has no frequency"))
        notes.append(
            ConversionNote(
                "timing-grid", .lossy,
                "timings rounded to \(stepMs) ms steps: max transient shift \(formatNumber(grid.maxTransientShift * 1000, digits: 1)) ms; transients became \(stepMs) ms pulses",
                maxError: grid.maxTransientShift * 1000))
        if filled > 0 {
            notes.append(
                ConversionNote(
                    "pauses-filled", .lossy,
                    "\(filled) short pause\(filled == 1 ? "" : "s") (up to \(filledMs) ms) filled to stay within \(maxEntries) entries",
                    maxError: Double(filledMs), count: filled))
        }
        if truncated > 0 {
            notes.append(
                ConversionNote(
                    "truncated", .lossy,
                    "pattern truncated: \(truncated) \(truncated == 1 ? "entry" : "entries") beyond the \(maxEntries)-entry limit dropped",
                    count: truncated))
        }
        notes += audioNotes(signal, target: "navigator.vibrate")
        notes.append(ConversionNote("user-activation", .info, "browsers play vibration only after a user gesture (sticky activation)"))
        return Conversion(value: WebVibrationPattern(pattern: entries), notes: notes)
    }

    /// `navigator.vibrate([…]);`
    package func javascript() -> String {
        "navigator.vibrate([" + pattern.map(String.init).joined(separator: ", ") + "]);\n"
    }
}
