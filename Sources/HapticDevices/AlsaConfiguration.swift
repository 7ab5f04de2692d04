import HapticRender

/// Which ALSA PCM an `AlsaDevice` (HapticLinux) opens and how the buses map onto its channels.
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

    /// Frames per period and periods per buffer, as asked (the PCM may round both; `AlsaDevice.bufferConfiguration`
    /// reports what it gave).
    public struct PeriodLayout: Sendable, Hashable {
        /// Frames per period, 16 … 8192.
        public var frames: Int
        /// Periods in the buffer, 2 … 16.
        public var count: Int

        /// The frames a period may have, 16 … 8192.
        public static let frameRange = 16...8_192
        /// The periods a buffer may have, 2 … 16.
        public static let countRange = 2...16

        /// A layout of `count` periods of `frames` frames (clamped to ``frameRange`` and ``countRange``).
        public init(frames: Int = 128, count: Int = 2) {
            self.frames = Swift.min(Self.frameRange.upperBound, Swift.max(Self.frameRange.lowerBound, frames))
            self.count = Swift.min(Self.countRange.upperBound, Swift.max(Self.countRange.lowerBound, count))
        }
    }

    /// The channels a PCM may have here, 1 … 64: more than any haptic or audio interface a haptics setup drives (a
    /// MADI card has 64), and few enough that a block's interleaved buffer stays small.
    public static let channelCountRange = 1...64
    /// The buffer latency that may be asked, 0.5 ms … 500 ms (seconds).
    public static let latencyRange = 0.000_5...0.5

    /// Creates a configuration; by default a stereo audio device.
    ///
    /// Values outside the ranges are brought into them: the channel count into ``channelCountRange`` (channels beyond
    /// it are dropped from the lists), the latency into ``latencyRange``; the text form (``init(parsing:)``) refuses
    /// them instead.
    public init(
        pcm: String = "default", channelCount: Int = 2, audioChannels: [Int] = [0, 1], hapticChannels: [Int] = [],
        sampleFormat: SampleFormat = .s16, latency: Double = 0.005, profile: ActuatorProfile = .voiceCoil,
        periods: PeriodLayout? = nil
    ) {
        self.pcm = pcm
        let count = Swift.min(Self.channelCountRange.upperBound, Swift.max(Self.channelCountRange.lowerBound, channelCount))
        self.channelCount = count
        self.audioChannels = audioChannels.filter { $0 >= 0 && $0 < count }
        self.hapticChannels = hapticChannels.filter { $0 >= 0 && $0 < count }
        self.sampleFormat = sampleFormat
        // Out of range (or NaN) would trap where the PCM starts (`UInt32(latency * 1e6)`): clamp, NaN to the default.
        self.latency = latency.isNaN ? 0.005 : Swift.min(Self.latencyRange.upperBound, Swift.max(Self.latencyRange.lowerBound, latency))
        self.profile = profile
        self.periods = periods
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
