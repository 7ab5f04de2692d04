import HapticDevices
import HapticRender
// Fault injection (issue 8): a device that fails on command, for engine reliability tests.
import HapticSystem
import Synchronization

/// A ``RecordingDevice`` behind a scripted fault plan: write errors, interrupted writes the device retries by
/// itself, disappearing in the middle of a block, and writes that stall for longer than a block.
///
///     let device = FaultyDevice(plan: [10: .fail(errno: EIO)])   // the 11th write fails, and every one after
///     device.arm(.stall(seconds: 0.3))                            // or: the next write sleeps 300 ms
///
/// Faults come from the plan (keyed by the zero-based index of the write) or from ``arm(_:)`` (the next write).
/// ``Fault/fail(errno:)`` and ``Fault/remove(afterFrames:)`` are sticky: every later write reports the same until
/// ``heal()`` — a broken device stays broken. With `paced: true` the device keeps real time like the null device,
/// so a real-time engine does not spin.
///
/// Thread safety: `write` runs on the render thread; everything else may be called from any thread (atomics only,
/// so ThreadSanitizer sees every ordering).
public final class FaultyDevice: HapticDevice {
    /// One scripted misbehaviour of a write.
    public enum Fault: Sendable, Hashable {
        /// The write fails (`EIO`, `ENODEV`, …): the engine should stop with `systemError`. Sticky.
        case fail(errno: Int32)
        /// The device disappears after taking `afterFrames` frames of the block: the engine should stop with
        /// `gameControllerDisconnect`. Sticky.
        case remove(afterFrames: Int)
        /// The write is interrupted `retries` times (`EINTR`) and the device retries until it succeeds: the engine
        /// must not notice.
        case interrupted(retries: Int)
        /// The write sleeps for `seconds` before taking the block (a device hanging in the kernel).
        case stall(seconds: Double)
    }

    /// The recorder that takes the blocks that get through.
    public let recorder: RecordingDevice
    /// The recorder's description.
    public var info: DeviceInfo { recorder.info }

    private let plan: [Int: Fault]
    private let paced: Bool
    // Touched by start/stop (control thread) and write (render thread), never at the same time (protocol contract).
    nonisolated(unsafe) private var pacer: RealTimePacer?
    private let writes = Atomic<Int>(0)
    private let armedKind = Atomic<Int>(0)  // 0 none, else Kind raw value
    private let armedArgument = Atomic<Int>(0)
    private let brokenKind = Atomic<Int>(0)  // 0 working, 1 failed (brokenErrno), 2 removed
    private let brokenErrno = Atomic<Int32>(0)
    private let interruptions = Atomic<Int>(0)
    private let stallsStarted = Atomic<Int>(0)
    private let stallsFinished = Atomic<Int>(0)
    private let faultyWrites = Atomic<Int>(0)
    private let stops = Atomic<Int>(0)

    private enum Kind: Int {
        case fail = 1
        case remove, interrupted, stall
    }

    /// Wraps `recorder` with faults at the writes `plan` names (zero-based write index → fault).
    public init(recorder: RecordingDevice = RecordingDevice(capacityFrames: 48_000 * 10), plan: [Int: Fault] = [:], paced: Bool = false) {
        self.recorder = recorder
        self.plan = plan
        self.paced = paced
    }

    /// Makes the next write misbehave as `fault` (replacing a fault armed before and not yet used).
    public func arm(_ fault: Fault) {
        let (kind, argument) = Self.encode(fault)
        armedArgument.store(argument, ordering: .relaxed)
        armedKind.store(kind.rawValue, ordering: .releasing)
    }

    /// Makes a failed or removed device work again (what a replugged controller looks like).
    public func heal() { brokenKind.store(0, ordering: .releasing) }

    /// Writes attempted so far (each engine block is one write, whatever happened to it).
    public var writeCount: Int { writes.load(ordering: .acquiring) }
    /// `EINTR`s the device absorbed by retrying.
    public var absorbedInterruptions: Int { interruptions.load(ordering: .relaxed) }
    /// Writes that reported `.failed` or `.removed`.
    public var faultyWriteCount: Int { faultyWrites.load(ordering: .relaxed) }
    /// Whether a write is sleeping in a stall now.
    public var isStalling: Bool { stallsStarted.load(ordering: .acquiring) > stallsFinished.load(ordering: .acquiring) }
    /// Calls of ``stop()``.
    public var stopCount: Int { stops.load(ordering: .acquiring) }
    /// Stalls that have ended.
    public var finishedStallCount: Int { stallsFinished.load(ordering: .acquiring) }

    /// Starts the recorder (and pacing).
    public func start(format: DeviceFormat) throws(DeviceError) {
        try recorder.start(format: format)
        pacer = paced ? RealTimePacer(sampleRate: format.sampleRate) : nil
    }

    /// Applies the fault due for this write, if any, then passes the block to the recorder.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        let index = writes.load(ordering: .relaxed)
        defer { writes.store(index + 1, ordering: .releasing) }
        if let status = brokenStatus() { return status }
        var fault = plan[index]
        let kind = armedKind.exchange(0, ordering: .acquiring)
        if kind != 0, let armed = Kind(rawValue: kind) {
            fault = Self.decode(armed, armedArgument.load(ordering: .relaxed))
        }
        switch fault {
        case .fail(let errno)?:
            brokenErrno.store(errno, ordering: .relaxed)
            brokenKind.store(1, ordering: .releasing)
            return brokenStatus()!
        case .remove(let frames)?:
            let kept = Swift.max(0, Swift.min(frames, block.frameCount))
            if kept > 0 {
                var partial = block
                partial.frameCount = kept
                _ = recorder.write(partial)
            }
            brokenKind.store(2, ordering: .releasing)
            return brokenStatus()!
        case .interrupted(let retries)?:
            // What a real device does with EINTR: try again, until the call goes through.
            var attempt = 0
            while attempt < retries {
                interruptions.add(1, ordering: .relaxed)
                attempt += 1
            }
        case .stall(let seconds)?:
            stallsStarted.add(1, ordering: .releasing)
            Self.sleep(seconds)
            stallsFinished.add(1, ordering: .releasing)
        case nil:
            break
        }
        pacer?.wait(forBlockStartingAt: block.startFrame)
        return recorder.write(block)
    }

    /// Stops the recorder.
    public func stop() {
        stops.add(1, ordering: .releasing)
        recorder.stop()
        pacer = nil
    }

    private func brokenStatus() -> DeviceStatus? {
        switch brokenKind.load(ordering: .acquiring) {
        case 1:
            faultyWrites.add(1, ordering: .relaxed)
            return .failed(errno: brokenErrno.load(ordering: .relaxed))
        case 2:
            faultyWrites.add(1, ordering: .relaxed)
            return .removed
        default:
            return nil
        }
    }

    private static func encode(_ fault: Fault) -> (Kind, Int) {
        switch fault {
        case .fail(let errno): (.fail, Int(errno))
        case .remove(let frames): (.remove, frames)
        case .interrupted(let retries): (.interrupted, retries)
        case .stall(let seconds): (.stall, Int((seconds * 1e6).rounded()))
        }
    }

    private static func decode(_ kind: Kind, _ argument: Int) -> Fault {
        switch kind {
        case .fail: .fail(errno: Int32(truncatingIfNeeded: argument))
        case .remove: .remove(afterFrames: argument)
        case .interrupted: .interrupted(retries: argument)
        case .stall: .stall(seconds: Double(argument) / 1e6)
        }
    }

    private static func sleep(_ seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
