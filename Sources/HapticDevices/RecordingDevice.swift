import HapticRender
import Synchronization

/// Records every block into memory allocated up front: the device behind deterministic engine tests and offline
/// rendering. It is not paced — the engine renders as fast as it is driven.
///
///     let recorder = RecordingDevice(capacityFrames: 48_000 * 5)
///     // … engine renders …
///     let amplitude = recorder.recording.amplitude   // one Float per frame
///
/// - Thread safety: one writer (the render thread). ``recordedFrameCount`` is published with release ordering after
///   each block, so any thread may read the frames below it while recording continues; ``recording`` copies them.
/// - Real-time safety: `write` copies into preallocated memory; when full it drops frames and counts them.
public final class RecordingDevice: HapticDevice {
    /// A recorder for tests.
    public let info: DeviceInfo
    /// Frames the recorder can hold.
    public let capacityFrames: Int
    // Written only by the render thread below the published frame count; read only below it.
    nonisolated(unsafe) private let channels: UnsafeMutableBufferPointer<Float>
    private let frames = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    private let blocks = Atomic<Int>(0)
    private let firstFrame = Atomic<Int>(-1)
    private let failure = Atomic<Int>(0)  // 0 ok, 1 removed, 2 failed: inject a device fault for tests

    private static let channelCount = 7

    /// Allocates room for `capacityFrames` frames of all seven bus channels.
    public init(capacityFrames: Int, profile: ActuatorProfile = .simulatedTapticLRA, supportsAudio: Bool = true) {
        precondition(capacityFrames > 0, "RecordingDevice: capacity must be positive")
        self.capacityFrames = capacityFrames
        channels = .allocate(capacity: capacityFrames * Self.channelCount)
        channels.initialize(repeating: 0)
        info = DeviceInfo(
            id: "recorder", name: "Recording device", kind: .recorder, supportsHaptics: true, supportsAudio: supportsAudio,
            isHardware: false, profile: profile)
    }

    deinit { channels.deallocate() }

    /// Nothing to open.
    public func start(format: DeviceFormat) throws(DeviceError) {}

    /// Copies the block into the recording.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        switch failure.load(ordering: .relaxed) {
        case 1: return .removed
        case 2: return .failed(errno: 5)
        default: break
        }
        let start = frames.load(ordering: .relaxed)
        if start == 0 && firstFrame.load(ordering: .relaxed) < 0 {
            firstFrame.store(block.startFrame, ordering: .relaxed)
        }
        let count = Swift.min(block.frameCount, capacityFrames - start)
        if count < block.frameCount { dropped.add(block.frameCount - count, ordering: .relaxed) }
        if count > 0 {
            copy(block.haptic.amplitude, channel: 0, at: start, count: count)
            copy(block.haptic.sharpness, channel: 1, at: start, count: count)
            copy(block.haptic.drive, channel: 2, at: start, count: count)
            copy(block.haptic.strong, channel: 3, at: start, count: count)
            copy(block.haptic.weak, channel: 4, at: start, count: count)
            copy(block.audio.left, channel: 5, at: start, count: count)
            copy(block.audio.right, channel: 6, at: start, count: count)
        }
        blocks.add(1, ordering: .relaxed)
        frames.store(start + count, ordering: .releasing)
        return .ok
    }

    private func copy(_ source: UnsafeMutableBufferPointer<Float>, channel: Int, at start: Int, count: Int) {
        let base = channels.baseAddress! + channel * capacityFrames + start
        base.update(from: source.baseAddress!, count: count)
    }

    /// Nothing to silence.
    public func stop() {}

    /// Frames recorded so far.
    public var recordedFrameCount: Int { frames.load(ordering: .acquiring) }
    /// Frames that did not fit.
    public var droppedFrameCount: Int { dropped.load(ordering: .relaxed) }
    /// Blocks written.
    public var blockCount: Int { blocks.load(ordering: .relaxed) }
    /// The engine frame of the first recorded frame (−1 before any).
    public var firstRecordedFrame: Int { firstFrame.load(ordering: .relaxed) }

    /// Makes later writes report ``DeviceStatus/removed`` (`removed: true`) or ``DeviceStatus/failed(errno:)``, or
    /// work again (`nil`): fault injection for tests.
    public func injectFault(removed: Bool?) {
        failure.store(removed.map { $0 ? 1 : 2 } ?? 0, ordering: .relaxed)
    }

    /// Forgets what was recorded.
    public func reset() {
        frames.store(0, ordering: .releasing)
        dropped.store(0, ordering: .relaxed)
        blocks.store(0, ordering: .relaxed)
        firstFrame.store(-1, ordering: .relaxed)
    }

    /// A copy of the recorded channels.
    public var recording: Recording {
        let count = recordedFrameCount
        func channel(_ i: Int) -> [Float] {
            Array(UnsafeBufferPointer(start: channels.baseAddress! + i * capacityFrames, count: count))
        }
        return Recording(
            amplitude: channel(0), sharpness: channel(1), drive: channel(2), strong: channel(3), weak: channel(4),
            left: channel(5), right: channel(6))
    }

    /// The recorded channels, one `Float` per frame.
    public struct Recording: Sendable {
        /// Haptic amplitude, 0 … 1.
        public var amplitude: [Float]
        /// Haptic sharpness, 0 … 1.
        public var sharpness: [Float]
        /// Device drive signal.
        public var drive: [Float]
        /// Strong motor level.
        public var strong: [Float]
        /// Weak motor level.
        public var weak: [Float]
        /// Audio left.
        public var left: [Float]
        /// Audio right.
        public var right: [Float]
    }
}
