import HapticLoading
import HapticPattern
import HapticPlot
import OpenHapticFeedback

/// Everything the page shows about its pattern besides the pattern itself: the problems `haptic validate` finds,
/// the lint findings with their guidelines, and the timeline's computed lanes over the visible window.
package struct PatternAnalysis: Encodable, Sendable {
    /// An error or warning of the reader and validator, pointing at its entry when it has one.
    package struct Problem: Encodable, Sendable {
        /// `error` or `warning`.
        package var severity: String
        /// What is wrong.
        package var message: String
        /// Core Haptics' error code, for errors.
        package var code: Int?
        /// The JSON path (`Pattern[3].Event.Time`).
        package var path: String
        /// The index of the entry in `Pattern`, when the path names one.
        package var entry: Int?
        /// The line in the page's AHAP text.
        package var line: Int?
        /// The column.
        package var column: Int?
    }

    /// A lint finding.
    package struct Finding: Encodable, Sendable {
        /// The rule (`transient-fusion`, …).
        package var rule: String
        /// `note`, `warning` or `error`.
        package var severity: String
        /// What is wrong and what to do.
        package var message: String
        /// The guideline's title.
        package var guideline: String
        /// Where the guideline comes from.
        package var source: String
        /// The entry index it points at, when it points at one.
        package var entry: Int?
    }

    /// The computed lanes (``HapticPlot/TimelineSeries``), rounded for the wire.
    package struct Lanes: Encodable, Sendable {
        /// One transient after controls.
        package struct Transient: Encodable, Sendable {
            /// Seconds.
            package var time: Double
            /// 0 … 1.
            package var intensity: Float
            /// 0 … 1.
            package var sharpness: Float
        }

        /// One custom-audio waveform outline.
        package struct Audio: Encodable, Sendable {
            /// The event's entry index.
            package var entry: Int
            /// Start, seconds.
            package var start: Double
            /// End, seconds.
            package var end: Double
            /// Lowest value per column.
            package var low: [Float]
            /// Highest value per column.
            package var high: [Float]
        }

        /// The window's start, seconds.
        package var from: Double
        /// The window's end, seconds.
        package var to: Double
        /// Columns in the window.
        package var columns: Int
        /// Intensity after curves and controls, `columns + 1` samples.
        package var intensity: [Float]
        /// Sharpness where the continuous signal sounds (`null` elsewhere).
        package var sharpness: [Float?]
        /// The intensity control, when the pattern has one.
        package var intensityControl: [Float]?
        /// Transients after controls.
        package var transients: [Transient]
        /// Lowest simulated acceleration per column, g.
        package var accelerationLow: [Float]
        /// Highest simulated acceleration per column, g.
        package var accelerationHigh: [Float]
        /// The largest absolute acceleration of the whole pattern, g.
        package var accelerationPeak: Float
        /// Custom-audio outlines.
        package var audio: [Audio]

        /// The wire form of `series`.
        package init(_ series: TimelineSeries) {
            from = series.from
            to = series.to
            columns = series.columns
            intensity = series.intensity.map(Self.round)
            sharpness = series.sharpness.map { $0.map(Self.round) }
            intensityControl = series.intensityControl?.map(Self.round)
            transients = series.transients.map {
                Transient(time: $0.time, intensity: Self.round($0.intensity), sharpness: Self.round($0.sharpness))
            }
            accelerationLow = series.accelerationLow.map(Self.round)
            accelerationHigh = series.accelerationHigh.map(Self.round)
            accelerationPeak = series.accelerationPeak
            audio = series.audio.map {
                Audio(entry: $0.entry, start: $0.start, end: $0.end, low: $0.low.map(Self.round), high: $0.high.map(Self.round))
            }
        }

        /// Four decimals are more than a screen shows, and keep messages small.
        private static func round(_ value: Float) -> Float { (value * 10_000).rounded() / 10_000 }
    }

    /// The pattern's length, custom audio included, seconds.
    package var duration: Double
    /// The time the timeline covers for it (``HapticPlot/TimelinePlot/span(forDuration:)``).
    package var span: Double
    /// Whether it would play (no errors).
    package var valid: Bool
    /// Errors first, then warnings.
    package var problems: [Problem]
    /// Lint findings.
    package var lint: [Finding]
    /// The computed lanes, when the pattern could be read.
    package var lanes: Lanes?
    /// The actuator profile of the acceleration lane.
    package var profile: String

    /// The entry index a JSON path names (`Pattern[3]…` → 3).
    package static func entryIndex(of path: String) -> Int? {
        guard path.hasPrefix("Pattern[") else { return nil }
        let digits = path.dropFirst("Pattern[".count).prefix { $0.isNumber }
        return Int(digits)
    }

    /// The problems of `check`, errors first.
    package static func problems(of check: PatternCheck) -> [Problem] {
        let errors = check.errors.map { error in
            Problem(
                severity: "error", message: error.message, code: error.code.rawValue, path: error.path, entry: entryIndex(of: error.path),
                line: error.location?.line, column: error.location?.column)
        }
        let warnings = check.warnings.map { warning in
            Problem(
                severity: "warning", message: warning.message, code: nil, path: warning.path, entry: entryIndex(of: warning.path),
                line: warning.location?.line, column: warning.location?.column)
        }
        return errors + warnings
    }

    /// The lint findings of `pattern`.
    package static func findings(of pattern: Pattern) -> [Finding] {
        FeedbackLint.lint(pattern).map { finding in
            Finding(
                rule: finding.rule, severity: finding.severity.rawValue, message: finding.message, guideline: finding.guideline.title,
                source: finding.guideline.source, entry: finding.index)
        }
    }
}
