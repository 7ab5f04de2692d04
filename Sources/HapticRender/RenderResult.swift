/// Everything an offline render produced, one array per signal, all at ``sampleRate``.
public struct RenderResult: Sendable {
    /// Frames per second.
    public var sampleRate: Double
    /// Summed haptic amplitude, 0 … 1.
    public var amplitude: [Float]
    /// Amplitude-weighted sharpness, 0 … 1.
    public var sharpness: [Float]
    /// The device drive signal for the profile's mode.
    public var drive: [Float]
    /// Two-motor strong level.
    public var strong: [Float]
    /// Two-motor weak level.
    public var weak: [Float]
    /// Simulated acceleration (g) from ``ActuatorSimulator``.
    public var acceleration: [Float]
    /// Left audio.
    public var audioLeft: [Float]
    /// Right audio.
    public var audioRight: [Float]
    /// Frames whose haptic amplitude had to be clamped to 1.
    public var clippedFrameCount: Int
    /// Player-finished notifications seen: (player index, frame, stopped).
    public var finished: [(player: Int, frame: Int, stopped: Bool)]

    /// Number of frames.
    public var frameCount: Int { amplitude.count }
}
