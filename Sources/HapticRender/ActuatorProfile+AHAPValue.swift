import HapticPattern

extension ActuatorProfile {
    /// Reads a profile from a JSON-shaped value, e.g. parsed from:
    ///
    ///     {"Name": "my-lra", "Mode": "pcm", "FrequencyMin": 120, "FrequencyMax": 220,
    ///      "ResonanceFrequency": 175, "QualityFactor": 9, "PeakAcceleration": 1.4}
    ///
    /// Missing optional keys (`SpinUpTime`, `SpinDownTime`, `MinimumBurstDuration`, `PreferredSampleRate`,
    /// `OverdriveLevel`, `OverdriveDuration`) take the defaults of
    /// ``init(name:mode:frequencyMin:frequencyMax:resonanceFrequency:qualityFactor:peakAcceleration:spinUpTime:spinDownTime:minimumBurstDuration:preferredSampleRate:overdriveLevel:overdriveDuration:)``
    /// (no overdrive). A motor profile that wants taps felt sets them, e.g. `"MinimumBurstDuration": 0.03,
    /// "OverdriveLevel": 1, "OverdriveDuration": 0.1` as the built-in pad does.
    ///
    /// - Throws: `PatternError` with `HapticErrorCode/invalidEngineParameter` naming the bad key.
    public init(value: AHAPValue) throws(PatternError) {
        func fail(_ message: String) -> PatternError { PatternError(.invalidEngineParameter, "actuator profile: \(message)") }
        guard case .object = value else { throw fail("expected an object") }
        func number(_ key: String, default fallback: Double? = nil, min: Double = 0, max: Double = 1e6) throws(PatternError) -> Double {
            guard let raw = value[key] else {
                if let fallback { return fallback }
                throw fail("missing \(key)")
            }
            guard case .number(let n) = raw, n.isFinite, n >= min, n <= max else {
                throw fail("\(key) must be a number in \(min) … \(max)")
            }
            return n
        }
        guard case .string(let name)? = value["Name"] else { throw fail("missing Name (a string)") }
        guard case .string(let modeName)? = value["Mode"], let mode = Mode(rawValue: modeName) else {
            throw fail("Mode must be one of \(Mode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let frequencyMin = try number("FrequencyMin", min: 1, max: 20_000)
        let frequencyMax = try number("FrequencyMax", min: 1, max: 20_000)
        guard frequencyMax >= frequencyMin else { throw fail("FrequencyMax is below FrequencyMin") }
        self.init(
            name: name, mode: mode, frequencyMin: frequencyMin, frequencyMax: frequencyMax,
            resonanceFrequency: try number("ResonanceFrequency", default: 0, max: 20_000),
            qualityFactor: try number("QualityFactor", default: 0, max: 1_000),
            peakAcceleration: try number("PeakAcceleration", default: 1, max: 100),
            spinUpTime: try number("SpinUpTime", default: 0, max: 10),
            spinDownTime: try number("SpinDownTime", default: 0, max: 10),
            minimumBurstDuration: try number("MinimumBurstDuration", default: 0, max: 1),
            preferredSampleRate: try number("PreferredSampleRate", default: 8_000, min: 100, max: 384_000),
            overdriveLevel: try number("OverdriveLevel", default: 0, max: 1),
            overdriveDuration: try number("OverdriveDuration", default: 0, max: 1))
    }

    /// The profile as a JSON-shaped value (the keys read by ``init(value:)``).
    public var value: AHAPValue {
        .object([
            ("Name", .string(name)), ("Mode", .string(mode.rawValue)),
            ("FrequencyMin", .number(frequencyMin)), ("FrequencyMax", .number(frequencyMax)),
            ("ResonanceFrequency", .number(resonanceFrequency)), ("QualityFactor", .number(qualityFactor)),
            ("PeakAcceleration", .number(peakAcceleration)), ("SpinUpTime", .number(spinUpTime)),
            ("SpinDownTime", .number(spinDownTime)), ("MinimumBurstDuration", .number(minimumBurstDuration)),
            ("PreferredSampleRate", .number(preferredSampleRate)), ("OverdriveLevel", .number(overdriveLevel)),
            ("OverdriveDuration", .number(overdriveDuration)),
        ])
    }
}
