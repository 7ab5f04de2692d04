/// The stream a device is started for.
public struct DeviceFormat: Sendable, Hashable {
    /// Frames per second of both buses.
    public var sampleRate: Double
    /// The most frames one ``DeviceBlock`` carries.
    public var maxBlockFrames: Int

    /// Creates a format.
    public init(sampleRate: Double, maxBlockFrames: Int) {
        precondition(sampleRate > 0 && maxBlockFrames > 0, "DeviceFormat: rate and block size must be positive")
        self.sampleRate = sampleRate
        self.maxBlockFrames = maxBlockFrames
    }
}
