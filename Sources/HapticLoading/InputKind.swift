import HapticPattern

/// What kind of file the ``InputGate`` is reading: each kind has its own size cap and the error code a file too
/// large for it gets; audio read in pieces also has a cap on its length in seconds, which its decoder checks from
/// the header before decoding and again while decoding.
package struct InputKind: Sendable, Hashable {
    /// What the file is, for messages ("pattern file", "audio file").
    package var noun: String
    /// ``noun`` with its indefinite article ("a pattern file", "an audio file").
    package var nounWithArticle: String {
        let startsWithVowel = noun.first.map { "aeiouAEIOU".contains($0) } ?? false
        return (startsWithVowel ? "an " : "a ") + noun
    }
    /// The most bytes read before the file is refused.
    package var byteLimit: Int
    /// The name of the limit, for messages (`PatternLimits.maxFileSize`).
    package var limitName: String
    /// The code of the error for a file over ``byteLimit``.
    package var tooLargeCode: HapticErrorCode
    /// For audio: the most seconds accepted, or `nil` for no cap beyond the bytes.
    package var durationLimit: Double?
    /// The name of the duration cap, for messages.
    package var durationLimitName: String?

    /// Creates a kind.
    package init(
        noun: String, byteLimit: Int, limitName: String, tooLargeCode: HapticErrorCode, durationLimit: Double? = nil,
        durationLimitName: String? = nil
    ) {
        self.noun = noun
        self.byteLimit = byteLimit
        self.limitName = limitName
        self.tooLargeCode = tooLargeCode
        self.durationLimit = durationLimit
        self.durationLimitName = durationLimitName
    }

    /// An AHAP, property-list or `.haptic` pattern: ``PatternLimits/maxFileSize`` (16 MiB).
    package static func pattern(_ limits: PatternLimits = .default) -> InputKind {
        InputKind(
            noun: "pattern file", byteLimit: limits.maxFileSize, limitName: "PatternLimits.maxFileSize", tooLargeCode: .invalidPatternData)
    }

    /// An audio resource of a pattern or an engine: ``PatternLimits/maxAudioFileSize`` (32 MiB).
    package static func audio(_ limits: PatternLimits = .default) -> InputKind {
        InputKind(
            noun: "audio file", byteLimit: limits.maxAudioFileSize, limitName: "PatternLimits.maxAudioFileSize",
            tooLargeCode: .invalidAudioResource)
    }

    /// An actuator profile (JSON): 1 MiB, far above any real profile.
    package static let profile = InputKind(
        noun: "profile file", byteLimit: 1 << 20, limitName: "InputKind.profile", tooLargeCode: .invalidPatternData)

    /// A JSON-lines trigger log for `haptic lint --as log`: 64 MiB.
    package static let triggerLog = InputKind(
        noun: "trigger log", byteLimit: 64 << 20, limitName: "InputKind.triggerLog", tooLargeCode: .invalidPatternData)

    /// Audio to analyze into a pattern (`haptic from-audio`), read in pieces: 1 GiB (about 90 minutes of 48 kHz
    /// stereo 16-bit audio) and no longer than a pattern may last, ``PatternLimits/maxPatternDuration`` (one hour).
    package static func analysisAudio(_ limits: PatternLimits = .default) -> InputKind {
        InputKind(
            noun: "audio file", byteLimit: 1 << 30, limitName: "InputKind.analysisAudio", tooLargeCode: .invalidAudioResource,
            durationLimit: limits.maxPatternDuration, durationLimitName: "PatternLimits.maxPatternDuration")
    }
}
