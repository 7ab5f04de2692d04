/// Caps applied to untrusted pattern input before anything large is allocated.
///
/// Core Haptics publishes no limits; these defaults are far above every public AHAP file (the largest known has a
/// few hundred entries) and low enough that a hostile file cannot exhaust memory or stall a render thread.
/// Exceeding one gives ``HapticErrorCode/invalidPatternData`` with the limit's name in the message (for
/// ``maxAudioFileSize``, ``HapticErrorCode/invalidAudioResource``). <doc:Limits> lists every cap in one place.
public struct PatternLimits: Sendable, Hashable {
    /// Core Haptics' documented maximum duration of one continuous event (longer durations are capped silently).
    public static let continuousEventMaximumDuration: Double = 30

    /// Largest AHAP text accepted, in bytes. Default 16 MiB.
    public var maxFileSize: Int
    /// Most entries (events + parameters + curves) in one pattern. Default 100 000.
    public var maxEntries: Int
    /// Most control points in one curve. Default 16 384.
    public var maxControlPointsPerCurve: Int
    /// Most event parameters on one event. Default 64.
    public var maxParametersPerEvent: Int
    /// Latest time (seconds) any entry may start or reach. Default 3 600 (one hour).
    public var maxPatternDuration: Double
    /// Deepest nesting of JSON arrays/objects. Default 64 (AHAP needs 6).
    public var maxNestingDepth: Int
    /// Most JSON values (numbers, strings, objects, …) in one document. Default 4 000 000, which bounds the
    /// reader's working memory to about 128 MB whatever the text holds.
    public var maxValues: Int
    /// Largest audio resource file (`EventWaveformPath`, registered audio) accepted, in bytes, checked before the
    /// file is read. Default 32 MiB (about 3 minutes of 48 kHz stereo 16-bit audio). The decoder separately caps the
    /// decoded length (`WAVDecoder.maxFrameCount`, 2^24 frames).
    public var maxAudioFileSize: Int
    /// Most decoded custom audio one pattern may hold, in bytes of samples, all its waveform files together (each
    /// distinct file counted once). Default 256 MiB: two of the largest files ``maxAudioFileSize`` allows, decoded.
    public var maxAudioBytesPerPattern: Int

    /// Creates limits; every argument defaults to the value documented on its property.
    public init(
        maxFileSize: Int = 16 << 20, maxEntries: Int = 100_000, maxControlPointsPerCurve: Int = 16_384,
        maxParametersPerEvent: Int = 64, maxPatternDuration: Double = 3_600, maxNestingDepth: Int = 64,
        maxValues: Int = 4_000_000, maxAudioFileSize: Int = 32 << 20, maxAudioBytesPerPattern: Int = 256 << 20
    ) {
        self.maxAudioBytesPerPattern = maxAudioBytesPerPattern
        self.maxFileSize = maxFileSize
        self.maxEntries = maxEntries
        self.maxControlPointsPerCurve = maxControlPointsPerCurve
        self.maxParametersPerEvent = maxParametersPerEvent
        self.maxPatternDuration = maxPatternDuration
        self.maxNestingDepth = maxNestingDepth
        self.maxValues = maxValues
        self.maxAudioFileSize = maxAudioFileSize
    }

    /// The defaults.
    public static let `default` = PatternLimits()
    /// No practical limit (for trusted, generated input such as benchmarks).
    public static let unlimited = PatternLimits(
        maxFileSize: .max, maxEntries: .max, maxControlPointsPerCurve: .max, maxParametersPerEvent: .max,
        maxPatternDuration: .infinity, maxNestingDepth: 1_000, maxValues: .max, maxAudioFileSize: .max,
        maxAudioBytesPerPattern: .max)
}
