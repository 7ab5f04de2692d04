/// Keeps a device that has no hardware clock of its own in real time: each block is released when wall time
/// reaches the block's start, minus a small lead so the render thread stays ahead.
///
/// - Real-time safety: no locks, no allocation; ``wait(forBlockStartingAt:)`` sleeps by design.
public struct RealTimePacer: Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// How far ahead of wall time rendering may run, in seconds.
    public let lead: Double
    private var originTime: Double = 0
    private var originFrame: Int = 0
    private var started = false

    /// Creates a pacer for `sampleRate` allowing `lead` seconds of rendering ahead of time.
    public init(sampleRate: Double, lead: Double = 0.002) {
        self.sampleRate = sampleRate
        self.lead = lead
    }

    /// Waits until the block that starts at engine frame `frame` is due. The first call fixes the origin.
    public mutating func wait(forBlockStartingAt frame: Int) {
        let now = MonotonicClock.now()
        if !started {
            started = true
            originTime = now
            originFrame = frame
            return
        }
        let due = originTime + Double(frame - originFrame) / sampleRate - lead
        if due > now {
            MonotonicClock.sleep(until: due)
        } else if now - due > 0.25 {
            // Far behind (the process was stopped, the machine stalled): re-anchor instead of racing to catch up.
            originTime = now
            originFrame = frame
        }
    }

    /// Forgets the origin (after a stop).
    public mutating func reset() { started = false }
}
