import Foundation
import HapticPattern

/// A Lofelt / Meta `.haptic` file, version 1: one continuous signal made of an amplitude envelope (with optional
/// emphasis points, the format's transients) and a frequency envelope, all values normalised to 0 … 1.
///
/// The layout is `{version{major,minor,patch}, metadata{…}, signals{continuous{envelopes{amplitude[…],
/// frequency[…]}}}}` (Lofelt `core/datamodel`, Meta `resources/haptic-file-spec.md`). ``decode(_:file:)`` applies
/// the format's validation rules; ``encoded()`` writes canonical JSON with integer version numbers.
///
///     let file = try HapticFile.decode(data, file: "gear.haptic")
///     print(file.amplitude.count, file.duration)
package struct HapticFile: Sendable, Hashable {
    /// The schema version; only major version 1 is read.
    package struct Version: Sendable, Hashable, Codable {
        /// Major version (1).
        package var major: Int
        /// Minor version.
        package var minor: Int
        /// Patch version.
        package var patch: Int

        /// Creates a version.
        package init(major: Int = 1, minor: Int = 0, patch: Int = 0) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }
    }

    /// Where the file came from; every field is optional.
    package struct Metadata: Sendable, Hashable, Codable {
        /// Tool and version that wrote the file.
        package var editor: String?
        /// Creator's name or e-mail.
        package var author: String?
        /// Path or reference to the original audio or project.
        package var source: String?
        /// Project name.
        package var project: String?
        /// Free-form tags.
        package var tags: [String]?
        /// Human-readable description.
        package var description: String?

        /// Creates metadata.
        package init(
            editor: String? = nil, author: String? = nil, source: String? = nil, project: String? = nil,
            tags: [String]? = nil, description: String? = nil
        ) {
            self.editor = editor
            self.author = author
            self.source = source
            self.project = project
            self.tags = tags
            self.description = description
        }
    }

    /// A transient attached to an amplitude breakpoint.
    package struct Emphasis: Sendable, Hashable, Codable {
        /// Strength, 0 … 1 (at least the envelope's amplitude at that point).
        package var amplitude: Double
        /// Sharpness, 0 … 1.
        package var frequency: Double

        /// Creates an emphasis.
        package init(amplitude: Double, frequency: Double) {
            self.amplitude = amplitude
            self.frequency = frequency
        }
    }

    /// A point of the amplitude envelope.
    package struct AmplitudeBreakpoint: Sendable, Hashable, Codable {
        /// Seconds from the start, ≥ 0.
        package var time: Double
        /// Amplitude, 0 … 1 (linear: 0.5 is half the actuator's strength).
        package var amplitude: Double
        /// An optional transient at this point.
        package var emphasis: Emphasis?

        /// Creates a breakpoint.
        package init(time: Double, amplitude: Double, emphasis: Emphasis? = nil) {
            self.time = time
            self.amplitude = amplitude
            self.emphasis = emphasis
        }
    }

    /// A point of the frequency envelope.
    package struct FrequencyBreakpoint: Sendable, Hashable, Codable {
        /// Seconds from the start, ≥ 0.
        package var time: Double
        /// Normalised frequency, 0 … 1 ("comparable to the iOS Sharpness").
        package var frequency: Double

        /// Creates a breakpoint.
        package init(time: Double, frequency: Double) {
            self.time = time
            self.frequency = frequency
        }
    }

    /// The schema version.
    package var version: Version
    /// The metadata.
    package var metadata: Metadata
    /// The amplitude envelope (at least two points, the last one defines the duration).
    package var amplitude: [AmplitudeBreakpoint]
    /// The frequency envelope (may be empty: players then use 0.5).
    package var frequency: [FrequencyBreakpoint]

    /// Creates a file.
    package init(
        version: Version = Version(), metadata: Metadata = Metadata(), amplitude: [AmplitudeBreakpoint],
        frequency: [FrequencyBreakpoint] = []
    ) {
        self.version = version
        self.metadata = metadata
        self.amplitude = amplitude
        self.frequency = frequency
    }

    /// The effect's length: the last amplitude breakpoint's time.
    package var duration: Double { amplitude.last?.time ?? 0 }

    // MARK: Reading

    /// Decodes and validates `.haptic` JSON (see ``decode(_:file:limits:)-([UInt8],_,_)``).
    ///
    /// - Throws: ``HapticFileError`` with a code, the JSON path and line:column.
    package static func decode(_ data: Data, file: String? = nil, limits: PatternLimits = .default) throws(HapticFileError) -> HapticFile {
        try decode(Array(data), file: file, limits: limits)
    }

    /// Checks the format's rules (Lofelt `core/datamodel` validation and Meta's file specification).
    ///
    /// - major version 1;
    /// - at least two amplitude breakpoints spanning a duration greater than 0;
    /// - times finite, within 0 … ``PatternLimits/maxPatternDuration`` and non-decreasing in both envelopes;
    /// - amplitudes, frequencies and emphasis values within 0 … 1;
    /// - `emphasis.amplitude` ≥ the envelope's amplitude at that point;
    /// - no frequency breakpoint after the last amplitude breakpoint.
    ///
    /// - Returns: every problem found, in document order (empty when valid).
    package func validate() -> [HapticFileError] {
        var problems: [HapticFileError] = []
        func problem(_ path: String, _ message: String) {
            problems.append(HapticFileError(path: path, message: message, code: .invalidPatternData))
        }
        if version.major != 1 {
            problem("version.major", "unsupported version \(version.major).\(version.minor).\(version.patch); only 1.x is read")
        }
        let amplitudePath = "signals.continuous.envelopes.amplitude"
        if amplitude.count < 2 {
            problem(amplitudePath, "the amplitude envelope needs at least two breakpoints (it has \(amplitude.count))")
        }
        var previous = -Double.infinity
        for (i, point) in amplitude.enumerated() {
            let path = "\(amplitudePath)[\(i)]"
            if !point.time.isFinite || point.time < 0 || point.time > PatternLimits.default.maxPatternDuration {
                problem(
                    path + ".time", "time \(point.time) must be a number of seconds within 0 … \(PatternLimits.default.maxPatternDuration)")
            } else if point.time < previous {
                problem(path + ".time", "time \(point.time) s is before the previous breakpoint's \(previous) s; times must not decrease")
            }
            if point.time.isFinite { previous = Swift.max(previous, point.time) }
            if !(0...1).contains(point.amplitude) {
                problem(path + ".amplitude", "amplitude \(point.amplitude) is outside 0 … 1")
            }
            if let emphasis = point.emphasis {
                if !(0...1).contains(emphasis.amplitude) {
                    problem(path + ".emphasis.amplitude", "emphasis amplitude \(emphasis.amplitude) is outside 0 … 1")
                } else if emphasis.amplitude < point.amplitude {
                    problem(
                        path + ".emphasis.amplitude",
                        "emphasis amplitude \(emphasis.amplitude) is below the envelope's amplitude \(point.amplitude) at that point")
                }
                if !(0...1).contains(emphasis.frequency) {
                    problem(path + ".emphasis.frequency", "emphasis frequency \(emphasis.frequency) is outside 0 … 1")
                }
            }
        }
        if amplitude.count >= 2, let first = amplitude.first, let last = amplitude.last, !(last.time > first.time) {
            problem(amplitudePath, "the amplitude envelope must span a duration greater than 0")
        }
        let frequencyPath = "signals.continuous.envelopes.frequency"
        previous = -Double.infinity
        for (i, point) in frequency.enumerated() {
            let path = "\(frequencyPath)[\(i)]"
            if !point.time.isFinite || point.time < 0 || point.time > PatternLimits.default.maxPatternDuration {
                problem(
                    path + ".time", "time \(point.time) must be a number of seconds within 0 … \(PatternLimits.default.maxPatternDuration)")
            } else if point.time < previous {
                problem(path + ".time", "time \(point.time) s is before the previous breakpoint's \(previous) s; times must not decrease")
            } else if let end = amplitude.last?.time, point.time > end {
                problem(path + ".time", "time \(point.time) s is after the amplitude envelope's end (\(end) s)")
            }
            if point.time.isFinite { previous = Swift.max(previous, point.time) }
            if !(0...1).contains(point.frequency) {
                problem(path + ".frequency", "frequency \(point.frequency) is outside 0 … 1")
            }
        }
        return problems
    }

    // MARK: Writing

    /// Canonical `.haptic` JSON: integer version numbers, one breakpoint per line, numbers rounded to 1 µs / 10⁻⁶.
    package func encoded() -> String {
        var out = "{\n"
        out += "  \"version\": { \"major\": \(version.major), \"minor\": \(version.minor), \"patch\": \(version.patch) },\n"
        var fields: [String] = []
        if let editor = metadata.editor { fields.append("\"editor\": \(Self.quote(editor))") }
        if let author = metadata.author { fields.append("\"author\": \(Self.quote(author))") }
        if let source = metadata.source { fields.append("\"source\": \(Self.quote(source))") }
        if let project = metadata.project { fields.append("\"project\": \(Self.quote(project))") }
        fields.append("\"tags\": [" + (metadata.tags ?? []).map(Self.quote).joined(separator: ", ") + "]")
        if let description = metadata.description { fields.append("\"description\": \(Self.quote(description))") }
        out += "  \"metadata\": {\n" + fields.map { "    " + $0 }.joined(separator: ",\n") + "\n  },\n"
        out += "  \"signals\": {\n    \"continuous\": {\n      \"envelopes\": {\n"
        let amplitudeLines = amplitude.map { point -> String in
            var line = "{ \"time\": \(Self.number(point.time)), \"amplitude\": \(Self.number(point.amplitude))"
            if let e = point.emphasis {
                line += ", \"emphasis\": { \"amplitude\": \(Self.number(e.amplitude)), \"frequency\": \(Self.number(e.frequency)) }"
            }
            return line + " }"
        }
        let frequencyLines = frequency.map { "{ \"time\": \(Self.number($0.time)), \"frequency\": \(Self.number($0.frequency)) }" }
        func array(_ lines: [String]) -> String {
            lines.isEmpty ? "[]" : "[\n" + lines.map { "          " + $0 }.joined(separator: ",\n") + "\n        ]"
        }
        out += "        \"amplitude\": " + array(amplitudeLines) + ",\n"
        out += "        \"frequency\": " + array(frequencyLines) + "\n"
        out += "      }\n    }\n  }\n}\n"
        return out
    }

    /// Shortest decimal for `value` rounded to 6 decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded() { return String(Int64(rounded)) + ".0" }
        return rounded.description
    }

    static func quote(_ string: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [string], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
        let text = String(decoding: data, as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }
}
