import HapticRender

/// Which ALSA PCM an ``AlsaDevice`` opens and how the buses map onto its channels.
///
///     // A DualSense over USB: 4 channels, speaker on 1/2, the voice coils on the rear pair (3/4).
///     let dualSense = AlsaConfiguration(pcm: "hw:CARD=Controller,DEV=0", channelCount: 4,
///                                       audioChannels: [0, 1], hapticChannels: [2, 3])
///
/// In `HAPTIC_DEVICE` the same reads `alsa:hw:CARD=Controller,DEV=0?channels=4&audio=0,1&haptic=2,3`
/// (optionally `&format=float`, and `&latency=5ms` for the buffer the device keeps: default 5 ms, about 240 frames
/// at 48 kHz, which alsa-lib splits into four periods; lower means less delay and more risk of underruns). For the
/// period layout itself, `&period=64&periods=2` asks for two periods of 64 frames (the nearest the PCM offers; either
/// alone takes the other's default, 128 frames or 2 periods), which replaces `latency`.
public struct AlsaConfiguration: Sendable, Hashable {
    /// The sample format written to the PCM.
    public enum SampleFormat: String, Sendable, Hashable {
        /// `SND_PCM_FORMAT_S16_LE`.
        case s16
        /// `SND_PCM_FORMAT_FLOAT_LE`.
        case float
    }

    /// The PCM name given to `snd_pcm_open` (`default`, `hw:1`, `plughw:CARD=Controller`, …).
    public var pcm: String
    /// Interleaved channels per frame.
    public var channelCount: Int
    /// Channels that receive the audio bus (left, right); empty for none; one entry gets the mono mix.
    public var audioChannels: [Int]
    /// Channels that receive the haptic drive signal (the profile's PCM waveform); empty for none.
    public var hapticChannels: [Int]
    /// The sample format.
    public var sampleFormat: SampleFormat
    /// The latency asked of `snd_pcm_set_params` (the buffer), seconds. Default 0.005.
    public var latency: Double
    /// How the haptic bus becomes the drive signal (a PCM profile).
    public var profile: ActuatorProfile
    /// An explicit period layout (`period=`/`periods=`): frames per period and periods in the buffer, set one by one
    /// through `snd_pcm_hw_params`; `nil` leaves the split of ``latency`` to `snd_pcm_set_params`.
    public var periods: PeriodLayout?

    /// Frames per period and periods per buffer, as asked (the PCM may round both; ``AlsaDevice/bufferConfiguration``
    /// reports what it gave).
    public struct PeriodLayout: Sendable, Hashable {
        /// Frames per period, 16 … 8192.
        public var frames: Int
        /// Periods in the buffer, 2 … 16.
        public var count: Int

        /// A layout of `count` periods of `frames` frames (clamped to the ranges above).
        public init(frames: Int = 128, count: Int = 2) {
            self.frames = Swift.min(8_192, Swift.max(16, frames))
            self.count = Swift.min(16, Swift.max(2, count))
        }
    }

    /// Creates a configuration; by default a stereo audio device.
    public init(
        pcm: String = "default", channelCount: Int = 2, audioChannels: [Int] = [0, 1], hapticChannels: [Int] = [],
        sampleFormat: SampleFormat = .s16, latency: Double = 0.005, profile: ActuatorProfile = .voiceCoil,
        periods: PeriodLayout? = nil
    ) {
        self.pcm = pcm
        let count = max(1, channelCount)
        self.channelCount = count
        self.audioChannels = audioChannels.filter { $0 >= 0 && $0 < count }
        self.hapticChannels = hapticChannels.filter { $0 >= 0 && $0 < count }
        self.sampleFormat = sampleFormat
        self.latency = latency
        self.profile = profile
        self.periods = periods
    }

    /// Parses `pcm?channels=N&audio=a,b&haptic=c,d&format=s16|float&latency=5ms&period=128&periods=2` (everything after
    /// `alsa:`; the latency in `ms` or `us`, 0.5 … 500 ms; a period of 16 … 8192 frames, 2 … 16 periods).
    ///
    /// - Throws: ``DeviceError/Code/notFound`` for a malformed option.
    public init(parsing text: String) throws(DeviceError) {
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var configuration = AlsaConfiguration(pcm: String(parts[0]))
        var channels: Int?
        if parts.count > 1 {
            for option in parts[1].split(separator: "&") {
                let pair = option.split(separator: "=", maxSplits: 1)
                let key = pair.first.map(String.init) ?? ""
                let value = pair.count > 1 ? String(pair[1]) : ""
                let list = value.split(separator: ",").compactMap { Int($0) }
                switch key {
                case "channels":
                    guard let n = Int(value), n > 0 else { throw DeviceError(.notFound, "alsa: bad channels '\(value)'") }
                    channels = n
                case "audio": configuration.audioChannels = list
                case "haptic": configuration.hapticChannels = list
                case "format":
                    guard let format = SampleFormat(rawValue: value) else {
                        throw DeviceError(.notFound, "alsa: format must be s16 or float")
                    }
                    configuration.sampleFormat = format
                case "latency":
                    let seconds: Double?
                    if value.hasSuffix("ms") {
                        seconds = Double(value.dropLast(2)).map { $0 / 1_000 }
                    } else if value.hasSuffix("us") {
                        seconds = Double(value.dropLast(2)).map { $0 / 1_000_000 }
                    } else {
                        seconds = nil
                    }
                    guard let seconds, seconds >= 0.0005, seconds <= 0.5 else {
                        throw DeviceError(.notFound, "alsa: latency must be 0.5ms … 500ms, e.g. latency=5ms (got '\(value)')")
                    }
                    configuration.latency = seconds
                case "period":
                    guard let frames = Int(value), (16...8_192).contains(frames) else {
                        throw DeviceError(.notFound, "alsa: period must be 16 … 8192 frames, e.g. period=128 (got '\(value)')")
                    }
                    configuration.periods = PeriodLayout(frames: frames, count: configuration.periods?.count ?? 2)
                case "periods":
                    guard let count = Int(value), (2...16).contains(count) else {
                        throw DeviceError(.notFound, "alsa: periods must be 2 … 16, e.g. periods=2 (got '\(value)')")
                    }
                    configuration.periods = PeriodLayout(frames: configuration.periods?.frames ?? 128, count: count)
                default:
                    throw DeviceError(
                        .notFound, "alsa: unknown option '\(key)' (channels, audio, haptic, format, latency, period, periods)")
                }
            }
        }
        self = AlsaConfiguration(
            pcm: configuration.pcm,
            channelCount: channels ?? max(2, (configuration.audioChannels + configuration.hapticChannels).max().map { $0 + 1 } ?? 2),
            audioChannels: configuration.audioChannels, hapticChannels: configuration.hapticChannels,
            sampleFormat: configuration.sampleFormat, latency: configuration.latency, periods: configuration.periods)
    }

    /// The `HAPTIC_DEVICE` form of this configuration.
    public var id: String {
        var latencyOption = latency == 0.005 ? "" : "&latency=\(Int((latency * 1e6).rounded()))us"
        if let periods { latencyOption = "&period=\(periods.frames)&periods=\(periods.count)" }
        if channelCount == 2 && audioChannels == [0, 1] && hapticChannels.isEmpty && sampleFormat == .s16 && latencyOption.isEmpty {
            return "alsa:\(pcm)"
        }
        return
            "alsa:\(pcm)?channels=\(channelCount)&audio=\(audioChannels.map(String.init).joined(separator: ","))&haptic=\(hapticChannels.map(String.init).joined(separator: ","))&format=\(sampleFormat.rawValue)\(latencyOption)"
    }
}
