import HapticSystem

/// Keeps a device that has no hardware clock of its own in real time: each block is released when wall time
/// reaches the block's start, minus a small lead so the render thread stays ahead.
///
/// With a `WakeSignal` (the output's, in ``DeviceFormat/wake``), a command that arrives while the render thread
/// waits ends the wait at once: the next block, which carries the command, is rendered and handed over now instead
/// of at the next block boundary. Rendering then runs at most one block further ahead of wall time than usual.
///
/// - Real-time safety: no locks, no allocation; ``wait(forBlockStartingAt:)`` sleeps by design.
public struct RealTimePacer: Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// How far ahead of wall time rendering may run, in seconds.
    public let lead: Double
    /// What ends a wait early (a command arrived), if anything.
    public let wake: WakeSignal?
    /// How much further ahead a wake may let rendering run, in seconds (one block).
    private let wakeAllowance: Double
    private var originTime: Double = 0
    private var originFrame: Int = 0
    private var started = false

    /// Creates a pacer for `sampleRate` allowing `lead` seconds of rendering ahead of time.
    public init(sampleRate: Double, lead: Double = 0.002) {
        self.sampleRate = sampleRate
        self.lead = lead
        self.wake = nil
        self.wakeAllowance = 0
    }

    /// Creates a pacer for a device started with `format`: its rate, and its wake signal (a wake may let rendering
    /// run one block of `format.maxBlockFrames` further ahead).
    public init(format: DeviceFormat, lead: Double = 0.002) {
        sampleRate = format.sampleRate
        self.lead = lead
        wake = format.wake
        wakeAllowance = Double(format.maxBlockFrames) / format.sampleRate
    }

    /// Waits until the block that starts at engine frame `frame` is due. The first call fixes the origin.
    public mutating func wait(forBlockStartingAt frame: Int) {
        let now = MonotonicClock.now()
        if !started {
            started = true
            // The first block starts a lead from now: it is due at once and the next ones on the schedule, instead
            // of a lead's worth of blocks rendered back to back after it (after an engine start and its first idle
            // pause, they fell to the first command, which the caller waited through).
            originTime = now + lead
            originFrame = frame
            return
        }
        let due = originTime + Double(frame - originFrame) / sampleRate - lead
        if due > now {
            guard let wake else {
                MonotonicClock.sleep(until: due)
                return
            }
            // Woken by a command: go and render it now, unless that would run more than one block further ahead.
            if wake.wait(until: due), due - MonotonicClock.now() > wakeAllowance {
                MonotonicClock.sleep(until: due - wakeAllowance)
            }
        } else if now - due > 0.25 {
            // Far behind (the process was stopped, the machine stalled): re-anchor instead of racing to catch up.
            originTime = now + lead
            originFrame = frame
        }
    }

    /// Forgets the origin (after a stop).
    public mutating func reset() { started = false }
}
