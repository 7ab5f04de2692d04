extension AlsaConfiguration {
    /// The longest PCM name accepted in text, in UTF-8 bytes (alsa-lib's own names are far shorter).
    public static let maxPCMNameBytes = 256

    /// Parses `pcm?channels=N&audio=a,b&haptic=c,d&format=s16|float&latency=5ms&period=128&periods=2` (everything
    /// after `alsa:`).
    ///
    ///     let dualSense = try AlsaConfiguration(parsing: "hw:1?channels=4&audio=0,1&haptic=2,3")
    ///
    /// Every option at most once, and every number range-checked before use:
    /// - `channels`: 1 … 64 (``channelCountRange``); without it, enough for the highest channel named (at least 2);
    /// - `audio`: at most two channel numbers (left, right; one gets the mono mix), `haptic`: distinct channel
    ///   numbers; each 0 … channels − 1 (channels count from 0; `audio=` with nothing after it means no audio; without
    ///   `audio`, the first two channels);
    /// - `format`: `s16` or `float`;
    /// - `latency`: 0.5 ms … 500 ms, written with `ms` or `us`;
    /// - `period`: 16 … 8192 frames, `periods`: 2 … 16 (either alone takes the other's default: 128 frames, 2 periods).
    ///
    /// - Throws: ``DeviceError/Code/notFound`` naming the option, what it got and the allowed range, for an empty or
    ///   over-long PCM name, an unknown or repeated option, or a value out of range.
    public init(parsing text: String) throws(DeviceError) {
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let pcm = String(parts[0])
        guard !pcm.isEmpty else { throw DeviceError(.notFound, "alsa: needs a PCM name, e.g. alsa:default") }
        guard pcm.utf8.count <= Self.maxPCMNameBytes, !pcm.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw DeviceError(
                .notFound, "alsa: the PCM name must be 1 … \(Self.maxPCMNameBytes) bytes without control characters")
        }
        var options = Options()
        if parts.count > 1 {
            var seen: Set<String> = []
            for option in parts[1].split(separator: "&") {
                let pair = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(pair[0])
                let value = pair.count > 1 ? pair[1] : ""
                guard Options.keys.contains(key) else {
                    throw DeviceError(
                        .notFound,
                        "alsa: unknown option '\(Self.shown(key))' (known: \(Options.keys.joined(separator: ", ")))")
                }
                guard seen.insert(key).inserted else { throw DeviceError(.notFound, "alsa: option '\(key)' given twice") }
                try options.set(key, to: value)
            }
        }
        // Channel numbers are 0 … 63 here, so the count below cannot overflow.
        let channelCount = options.channels ?? Swift.max(2, ((options.audio ?? []) + options.haptic).max().map { $0 + 1 } ?? 2)
        for (key, list) in [("audio", options.audio ?? []), ("haptic", options.haptic)] {
            if let bad = list.first(where: { $0 >= channelCount }) {
                throw DeviceError(
                    .notFound, "alsa: \(key) channel \(bad) is out of range 0 … \(channelCount - 1) (channels=\(channelCount))")
            }
        }
        // Without audio=, the audio bus goes to the first two channels (the first alone on a one-channel PCM).
        let audio = options.audio ?? [0, 1].filter { $0 < channelCount }
        self.init(
            pcm: pcm, channelCount: channelCount, audioChannels: audio, hapticChannels: options.haptic,
            sampleFormat: options.format, latency: options.latency, periods: options.periods)
    }

    /// The options of the text form, each checked as it is read.
    private struct Options {
        static let keys = ["channels", "audio", "haptic", "format", "latency", "period", "periods"]

        var channels: Int?
        var audio: [Int]?
        var haptic: [Int] = []
        var format = SampleFormat.s16
        var latency = 0.005
        var periods: PeriodLayout?

        mutating func set(_ key: String, to value: Substring) throws(DeviceError) {
            switch key {
            case "channels":
                channels = try AlsaConfiguration.integer(value, key, in: AlsaConfiguration.channelCountRange, example: "channels=4")
            case "audio":
                let list = try AlsaConfiguration.channelList(value, key)
                guard list.count <= 2 else {
                    throw DeviceError(.notFound, "alsa: audio takes at most two channels (left, right), got \(list.count)")
                }
                audio = list
            case "haptic": haptic = try AlsaConfiguration.channelList(value, key)
            case "format":
                guard let parsed = SampleFormat(rawValue: String(value)) else {
                    throw DeviceError(.notFound, "alsa: format must be s16 or float (got '\(AlsaConfiguration.shown(value))')")
                }
                format = parsed
            case "latency": latency = try AlsaConfiguration.latency(value)
            case "period":
                let frames = try AlsaConfiguration.integer(value, key, in: PeriodLayout.frameRange, example: "period=128", unit: " frames")
                periods = PeriodLayout(frames: frames, count: periods?.count ?? 2)
            default:  // "periods": the only key left (`keys` was checked first).
                let count = try AlsaConfiguration.integer(value, key, in: PeriodLayout.countRange, example: "periods=2")
                periods = PeriodLayout(frames: periods?.frames ?? 128, count: count)
            }
        }
    }

    /// A decimal integer within `range` (digits only, so no sign, space or overflow reaches arithmetic).
    private static func integer(
        _ value: Substring, _ key: String, in range: ClosedRange<Int>, example: String, unit: String = ""
    ) throws(DeviceError) -> Int {
        guard !value.isEmpty, value.utf8.count <= 6, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(value),
            range.contains(number)
        else {
            throw DeviceError(
                .notFound,
                "alsa: \(key) must be \(range.lowerBound) … \(range.upperBound)\(unit), e.g. \(example) (got '\(shown(value))')")
        }
        return number
    }

    /// Comma-separated distinct channel numbers, each 0 … 63 (checked against the channel count afterwards).
    private static func channelList(_ value: Substring, _ key: String) throws(DeviceError) -> [Int] {
        guard !value.isEmpty else { return [] }
        var list: [Int] = []
        let highest = channelCountRange.upperBound - 1
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            let channel = try integer(item, key, in: 0...highest, example: "\(key)=0,1", unit: " (channel numbers, comma-separated)")
            guard !list.contains(channel) else { throw DeviceError(.notFound, "alsa: \(key) names channel \(channel) twice") }
            list.append(channel)
        }
        return list
    }

    /// `latency=` in seconds: a number with `ms` or `us`, 0.5 ms … 500 ms.
    private static func latency(_ value: Substring) throws(DeviceError) -> Double {
        let seconds: Double?
        if value.hasSuffix("ms"), value.utf8.count <= 32 {
            seconds = Double(value.dropLast(2)).map { $0 / 1_000 }
        } else if value.hasSuffix("us"), value.utf8.count <= 32 {
            seconds = Double(value.dropLast(2)).map { $0 / 1_000_000 }
        } else {
            seconds = nil
        }
        guard let seconds, seconds.isFinite, latencyRange.contains(seconds) else {
            throw DeviceError(.notFound, "alsa: latency must be 0.5ms … 500ms, e.g. latency=5ms (got '\(shown(value))')")
        }
        return seconds
    }

    /// Untrusted text for a message: at most 40 characters, control characters escaped.
    private static func shown(_ text: some StringProtocol) -> String {
        DeviceSpecifier.shown(text)
    }
}
