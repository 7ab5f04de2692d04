import HapticRender
import Synchronization

/// The embedded default output: a physically modelled actuator played in real time, for machines without haptic
/// hardware. Each block runs through the profile's `ActuatorSimulator` (an LRA/voice-coil resonator,
/// or ERM spin-up for amplitude and two-motor profiles); the device keeps the engine paced like a real device,
/// publishes the latest intensity and simulated acceleration, and, when standard error is a terminal, shows a live
/// meter of both (`TerminalMeter`, drawn on its own thread).
///
///     let device = SimulatedDevice(profile: .simulatedTapticLRA)
///     try device.start(format: DeviceFormat(sampleRate: 8_000, maxBlockFrames: 256))
///
/// Selected with `HAPTIC_DEVICE=simulated` (or `simulated:<profile name>`), and used whenever discovery finds no
/// hardware.
///
/// - Thread safety: ``start(format:)`` and ``stop()`` from one control thread; ``write(_:)`` from the render
///   thread, never concurrently with them. The level properties may be read from any thread.
/// - Real-time safety: ``write(_:)`` runs the simulator into memory allocated at start, stores atomics and sleeps
///   until the block is due; it never draws, locks or allocates.
public final class SimulatedDevice: HapticDevice {
    /// Whether the live terminal meter may be shown.
    public enum Meter: Sendable, Hashable {
        /// Shown when standard error is a terminal (the default).
        case automatic
        /// Never shown.
        case off
    }

    /// The simulated actuator's description.
    public let info: DeviceInfo
    /// The meter setting.
    public let meter: Meter
    nonisolated(unsafe) private var pacer: RealTimePacer?
    nonisolated(unsafe) private var simulator: ActuatorSimulator?
    nonisolated(unsafe) private var acceleration: UnsafeMutableBufferPointer<Float>?
    private let peakAmplitudeBits = Atomic<UInt32>(0)
    private let peakAudioBits = Atomic<UInt32>(0)
    private let peakAccelerationBits = Atomic<UInt32>(0)
    private let frames = Atomic<Int>(0)
    private let terminalMeter = TerminalMeter()

    /// A simulated actuator with `profile` (default: the Taptic-like LRA).
    public init(profile: ActuatorProfile = .simulatedTapticLRA, meter: Meter = .automatic) {
        self.meter = meter
        info = DeviceInfo(
            id: profile == .simulatedTapticLRA ? "simulated" : "simulated:\(profile.name)", name: "Simulated \(profile.name)",
            kind: .simulated, supportsHaptics: true, supportsAudio: true, isHardware: false, profile: profile)
    }

    /// Prepares pacing and the actuator model (its state at rest), and starts the meter when allowed and on a TTY.
    public func start(format: DeviceFormat) throws(DeviceError) {
        stop()
        pacer = RealTimePacer(format: format)
        simulator = ActuatorSimulator(profile: info.profile, sampleRate: format.sampleRate)
        acceleration = .allocate(capacity: format.maxBlockFrames)
        acceleration?.initialize(repeating: 0)
        if meter == .automatic {
            let fullScale = Float(info.profile.peakAcceleration)
            terminalMeter.start(fd: 2) { [self] in (currentAmplitude, currentAcceleration, fullScale) }
        }
    }

    /// Waits for the block's due time, runs the actuator model, then publishes the block's peak levels.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        pacer?.wait(forBlockStartingAt: block.startFrame)
        var peak: Float = 0
        var audio: Float = 0
        for i in 0..<block.frameCount {
            peak = Swift.max(peak, block.haptic.amplitude[i])
            audio = Swift.max(audio, Swift.max(abs(block.audio.left[i]), abs(block.audio.right[i])))
        }
        var accelerationPeak: Float = 0
        if simulator != nil, let acceleration {
            let count = Swift.min(block.frameCount, acceleration.count)
            simulator!.process(haptic: block.haptic, frameCount: count, acceleration: acceleration)
            for i in 0..<count { accelerationPeak = Swift.max(accelerationPeak, abs(acceleration[i])) }
        }
        peakAmplitudeBits.store(peak.bitPattern, ordering: .relaxed)
        peakAudioBits.store(audio.bitPattern, ordering: .relaxed)
        peakAccelerationBits.store(accelerationPeak.bitPattern, ordering: .relaxed)
        frames.add(block.frameCount, ordering: .relaxed)
        return .ok
    }

    /// Stops pacing and the meter.
    public func stop() {
        terminalMeter.stop()
        pacer = nil
        simulator = nil
        acceleration?.deallocate()
        acceleration = nil
        peakAmplitudeBits.store(0, ordering: .relaxed)
        peakAudioBits.store(0, ordering: .relaxed)
        peakAccelerationBits.store(0, ordering: .relaxed)
    }

    /// The peak haptic amplitude of the latest block (0 … 1), for meters.
    public var currentAmplitude: Float { Float(bitPattern: peakAmplitudeBits.load(ordering: .relaxed)) }
    /// The peak simulated acceleration of the latest block, g.
    public var currentAcceleration: Float { Float(bitPattern: peakAccelerationBits.load(ordering: .relaxed)) }
    /// The peak audio level of the latest block, for meters.
    public var currentAudioLevel: Float { Float(bitPattern: peakAudioBits.load(ordering: .relaxed)) }
    /// Frames played since creation.
    public var playedFrameCount: Int { frames.load(ordering: .relaxed) }
    /// Whether the terminal meter is drawing.
    public var isMeterActive: Bool { terminalMeter.isActive }
}
