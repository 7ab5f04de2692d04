import HapticSystem

/// The stream a device is started for.
public struct DeviceFormat: Sendable, Hashable {
    /// Compares rate, block size and clock (the wake signal is not part of the format's identity).
    public static func == (a: DeviceFormat, b: DeviceFormat) -> Bool {
        a.sampleRate == b.sampleRate && a.maxBlockFrames == b.maxBlockFrames && a.isRealTime == b.isRealTime
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sampleRate)
        hasher.combine(maxBlockFrames)
        hasher.combine(isRealTime)
    }

    /// Frames per second of both buses.
    public var sampleRate: Double
    /// The most frames one ``DeviceBlock`` carries.
    public var maxBlockFrames: Int
    /// Whether the engine renders in real time (a render thread) rather than on a manual clock. Devices without a
    /// clock of their own (``WAVDevice``) pace themselves to real time only when it is.
    public var isRealTime: Bool
    /// Signalled when a command arrives for the engines on this device: a device that paces itself (``RealTimePacer``)
    /// ends its wait then, so the command is rendered at once. `nil` when nothing wakes the device.
    public var wake: WakeSignal?

    /// Creates a format.
    public init(sampleRate: Double, maxBlockFrames: Int, isRealTime: Bool = false, wake: WakeSignal? = nil) {
        self.wake = wake
        precondition(sampleRate > 0 && maxBlockFrames > 0, "DeviceFormat: rate and block size must be positive")
        self.sampleRate = sampleRate
        self.maxBlockFrames = maxBlockFrames
        self.isRealTime = isRealTime
    }
}
