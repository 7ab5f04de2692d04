/// The stream a device is started for.
public struct DeviceFormat: Sendable, Hashable {
    /// Frames per second of both buses.
    public var sampleRate: Double
    /// The most frames one ``DeviceBlock`` carries.
    public var maxBlockFrames: Int
    /// Whether the engine renders in real time (a render thread) rather than on a manual clock. Devices without a
    /// clock of their own (``WAVDevice``) pace themselves to real time only when it is.
    public var isRealTime: Bool

    /// Creates a format.
    public init(sampleRate: Double, maxBlockFrames: Int, isRealTime: Bool = false) {
        precondition(sampleRate > 0 && maxBlockFrames > 0, "DeviceFormat: rate and block size must be positive")
        self.sampleRate = sampleRate
        self.maxBlockFrames = maxBlockFrames
        self.isRealTime = isRealTime
    }
}
