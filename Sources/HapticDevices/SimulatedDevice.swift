import HapticRender
import Synchronization

/// The embedded default output: a physically modelled actuator played in real time, for machines without haptic
/// hardware. It keeps the engine paced like a real device and publishes the latest levels (intensity, drive) for
/// a meter.
///
/// Selected with `HAPTIC_DEVICE=simulated`, and used whenever discovery finds no hardware.
public final class SimulatedDevice: HapticDevice {
    /// The simulated actuator's description.
    public let info: DeviceInfo
    nonisolated(unsafe) private var pacer: RealTimePacer?
    private let peakAmplitudeBits = Atomic<UInt32>(0)
    private let peakAudioBits = Atomic<UInt32>(0)
    private let frames = Atomic<Int>(0)

    /// A simulated actuator with `profile` (default: the Taptic-like LRA).
    public init(profile: ActuatorProfile = .simulatedTapticLRA) {
        info = DeviceInfo(
            id: "simulated", name: "Simulated \(profile.name)", kind: .simulated, supportsHaptics: true,
            supportsAudio: true, isHardware: false, profile: profile)
    }

    /// Prepares pacing.
    public func start(format: DeviceFormat) throws(DeviceError) {
        pacer = RealTimePacer(sampleRate: format.sampleRate)
    }

    /// Waits for the block's due time, then publishes its peak levels.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        pacer?.wait(forBlockStartingAt: block.startFrame)
        var peak: Float = 0
        var audio: Float = 0
        for i in 0..<block.frameCount {
            peak = Swift.max(peak, block.haptic.amplitude[i])
            audio = Swift.max(audio, Swift.max(abs(block.audio.left[i]), abs(block.audio.right[i])))
        }
        peakAmplitudeBits.store(peak.bitPattern, ordering: .relaxed)
        peakAudioBits.store(audio.bitPattern, ordering: .relaxed)
        frames.add(block.frameCount, ordering: .relaxed)
        return .ok
    }

    /// Stops pacing.
    public func stop() {
        pacer = nil
        peakAmplitudeBits.store(0, ordering: .relaxed)
        peakAudioBits.store(0, ordering: .relaxed)
    }

    /// The peak haptic amplitude of the latest block (0 … 1), for meters.
    public var currentAmplitude: Float { Float(bitPattern: peakAmplitudeBits.load(ordering: .relaxed)) }
    /// The peak audio level of the latest block, for meters.
    public var currentAudioLevel: Float { Float(bitPattern: peakAudioBits.load(ordering: .relaxed)) }
    /// Frames played since creation.
    public var playedFrameCount: Int { frames.load(ordering: .relaxed) }
}
