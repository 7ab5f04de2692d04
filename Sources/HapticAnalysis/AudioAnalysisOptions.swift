import HapticPattern

/// The knobs of the sound-to-touch analysis (``AudioAnalyzer``).
///
/// The defaults suit sound effects and short musical material: taps at the sound's hits, a continuous rumble
/// following its sustained parts, at most 10 taps a second.
///
///     var options = AudioAnalysisOptions()
///     options.sensitivity = 0.7            // more, softer hits
///     options.content = .transientsOnly    // taps only
///     options.crossoverFrequency = 200     // also a low-band and a high-band pattern for two motors
///
/// <doc:FromSoundToTouch> explains what each knob changes.
public struct AudioAnalysisOptions: Sendable, Hashable {
    /// Which kinds of haptic events the analysis writes.
    public enum Content: String, Sendable, Hashable, CaseIterable {
        /// Transients at the hits and continuous events over the sustained sound.
        case transientsAndContinuous
        /// Transients at the hits only.
        case transientsOnly
        /// Continuous events over the sounding parts only (hits become part of the loudness curve).
        case continuousOnly

        /// Whether transients are written.
        public var includesTransients: Bool { self != .continuousOnly }
        /// Whether continuous events are written.
        public var includesContinuous: Bool { self != .transientsOnly }
    }

    /// The allowed range of ``sensitivity``.
    public static let sensitivityRange: ClosedRange<Double> = 0...1
    /// The allowed range of ``maximumTransientRate``: at most 40 a second, since taps closer than 25 ms fuse into
    /// one (the two-pulse fusion threshold).
    public static let transientRateRange: ClosedRange<Double> = 1...40
    /// The allowed range of ``crossoverFrequency``, in hertz.
    public static let crossoverRange: ClosedRange<Double> = 40...4_000
    /// The shortest gap between two transients, in seconds: 25 ms, the two-pulse fusion threshold of the skin.
    public static let fusionInterval: Double = 0.025

    /// How readily a sound becomes haptics, 0 … 1 (default 0.5): higher finds softer hits and quieter sustained
    /// sound; lower keeps only the clear ones.
    public var sensitivity: Double
    /// Which kinds of events to write (default both).
    public var content: Content
    /// The most transients per second, 1 … 40 (default 10): transients are at least 1 / rate seconds apart, and
    /// where hits come faster the strongest are kept. Apple's guidelines ask not to overuse haptics.
    public var maximumTransientRate: Double
    /// With a frequency (40 … 4 000 Hz), the analysis also writes a pattern for the sound below it and one for the
    /// sound above it, for the two motors of a game controller (strong and weak motor, or left and right handle);
    /// `nil` (the default) analyzes the whole band only.
    public var crossoverFrequency: Double?

    /// Creates options; every argument defaults to the value documented on its property.
    public init(
        sensitivity: Double = 0.5, content: Content = .transientsAndContinuous, maximumTransientRate: Double = 10,
        crossoverFrequency: Double? = nil
    ) {
        self.sensitivity = sensitivity
        self.content = content
        self.maximumTransientRate = maximumTransientRate
        self.crossoverFrequency = crossoverFrequency
    }

    /// The first problem with these options, or `nil` when they are usable at `sampleRate` (`nil`: any rate).
    ///
    /// - Returns: a `PatternError` with code `badParameterEntry`, naming the option and its range.
    public func problem(sampleRate: Double? = nil) -> PatternError? {
        func fail(_ message: String) -> PatternError { PatternError(.badParameterEntry, message) }
        guard sensitivity.isFinite, Self.sensitivityRange.contains(sensitivity) else {
            return fail("sensitivity \(sensitivity) is outside 0 … 1")
        }
        guard maximumTransientRate.isFinite, Self.transientRateRange.contains(maximumTransientRate) else {
            return fail("the maximum transient rate \(maximumTransientRate) per second is outside 1 … 40")
        }
        if let crossoverFrequency {
            guard crossoverFrequency.isFinite, Self.crossoverRange.contains(crossoverFrequency) else {
                return fail("the crossover frequency \(crossoverFrequency) Hz is outside 40 … 4000 Hz")
            }
            if let sampleRate, crossoverFrequency >= sampleRate / 4 {
                return fail(
                    "the crossover frequency \(crossoverFrequency) Hz leaves no high band at \(sampleRate) Hz (it must be below a quarter of the sample rate)"
                )
            }
        }
        return nil
    }
}
