import HapticRender

/// Which ALSA PCM an ``AlsaDevice`` opens and how the buses map onto its channels.
///
///     // A DualSense over USB: 4 channels, speaker on 1/2, the voice coils on the rear pair (3/4).
///     let dualSense = AlsaConfiguration(pcm: "hw:CARD=Controller,DEV=0", channelCount: 4,
///                                       audioChannels: [0, 1], hapticChannels: [2, 3])
///
/// In `HAPTIC_DEVICE` the same reads `alsa:hw:CARD=Controller,DEV=0?channels=4&audio=0,1&haptic=2,3`
/// (optionally `&format=float`, and `&latency=5ms` for the buffer the device keeps: default 5 ms, about 256 frames
/// at 48 kHz, which alsa-lib splits into periods; lower means less delay and more risk of underruns).
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

    /// Creates a configuration; by default a stereo audio device.
    public init(
        pcm: String = "default", channelCount: Int = 2, audioChannels: [Int] = [0, 1], hapticChannels: [Int] = [],
        sampleFormat: SampleFormat = .s16, latency: Double = 0.005, profile: ActuatorProfile = .voiceCoil
    ) {
        self.pcm = pcm
        let count = max(1, channelCount)
        self.channelCount = count
        self.audioChannels = audioChannels.filter { $0 >= 0 && $0 < count }
        self.hapticChannels = hapticChannels.filter { $0 >= 0 && $0 < count }
        self.sampleFormat = sampleFormat
        self.latency = latency
        self.profile = profile
    }

    /// Parses `pcm?channels=N&audio=a,b&haptic=c,d&format=s16|float&latency=5ms` (everything after `alsa:`; the latency
    /// in `ms` or `us`, 0.5 … 500 ms).
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
                default: throw DeviceError(.notFound, "alsa: unknown option '\(key)' (channels, audio, haptic, format, latency)")
                }
            }
        }
        self = AlsaConfiguration(
            pcm: configuration.pcm,
            channelCount: channels ?? max(2, (configuration.audioChannels + configuration.hapticChannels).max().map { $0 + 1 } ?? 2),
            audioChannels: configuration.audioChannels, hapticChannels: configuration.hapticChannels,
            sampleFormat: configuration.sampleFormat, latency: configuration.latency)
    }

    /// The `HAPTIC_DEVICE` form of this configuration.
    public var id: String {
        let latencyOption = latency == 0.005 ? "" : "&latency=\(Int((latency * 1e6).rounded()))us"
        if channelCount == 2 && audioChannels == [0, 1] && hapticChannels.isEmpty && sampleFormat == .s16 && latencyOption.isEmpty {
            return "alsa:\(pcm)"
        }
        return
            "alsa:\(pcm)?channels=\(channelCount)&audio=\(audioChannels.map(String.init).joined(separator: ","))&haptic=\(hapticChannels.map(String.init).joined(separator: ","))&format=\(sampleFormat.rawValue)\(latencyOption)"
    }
}
