#if os(Linux)
import HapticDevices
import HapticRender
import HapticSystem
import Synchronization

/// A Bluetooth DualSense's two voice coils, played as PCM through its hidraw node: the engine's left (`strong`) and
/// right (`weak`) coil signals are resampled to 3000 Hz, quantized to 8 bits and written as `0x32` reports of 32
/// frames each (`DualSenseCoilStream`; layout and rate from the SAxense research), one every 10.67 ms.
///
///     let coils = HidrawCoilDevice(path: "/dev/hidraw3", name: "DualSense Wireless Controller")
///     let engine = CHHapticEngine(device: coils)
///
/// Pacing: the pad has no clock we can read, so the render thread is paced to wall time (`RealTimePacer`) and a
/// report is written as soon as its 32 frames are rendered: reports leave at the pad's own rate, 93.75 per second,
/// and the pad's buffer neither starves nor fills. A report written more than half a period after it was due in its
/// run (the render thread was late, the pad's buffer ran dry) counts as an underrun — on a paced stream; a manual
/// clock has no schedule to fall behind — (``underrunCount``, also
/// ``recoveredErrorCount`` for the engine's log), and the schedule restarts from it. Silence is rendered but not sent:
/// two all-zero reports follow the signal, then nothing until it comes back (``toleratesIdlePauses`` is false, so
/// the engine's frames stay on wall time).
///
/// The node is the one the pad's adaptive triggers use (`HidrawNode`, one descriptor shared per node), opened at
/// ``start(format:)``: not writable (hidraw nodes are root's by default) throws `permissionDenied` with the udev rule.
///
/// - Thread safety: ``start(format:)`` and ``stop()`` from one control thread; ``write(_:)`` from the render thread.
/// - Real-time safety: ``write(_:)`` does not lock, allocate or free; its only blocking is pacing and `write(2)`.
public final class HidrawCoilDevice: HapticDevice {
    /// The device's description: a `hidraw:` ID, the voice-coil profile, hardware.
    public let info: DeviceInfo
    /// The hidraw node.
    public let path: String
    private let node: HidrawNode
    nonisolated(unsafe) private var descriptor: Int32 = -1
    nonisolated(unsafe) private var stream: DualSenseCoilStream?
    nonisolated(unsafe) private var pacer: RealTimePacer?
    /// The current run of reports: when its first was written and how many followed (monotonic seconds).
    nonisolated(unsafe) private var runStart = 0.0
    nonisolated(unsafe) private var runReports = 0
    private let reports = Atomic<Int>(0)
    private let underruns = Atomic<Int>(0)
    private let firstReportTime = Atomic<UInt64>(0)

    /// The coils of the pad whose hidraw node is `path` (the node shared with its triggers).
    public convenience init(path: String, name: String) {
        self.init(node: HidrawNode.shared(path: path), name: name)
    }

    /// The coils written through `node` (tests give a node of their own).
    package init(node: HidrawNode, name: String) {
        self.node = node
        path = node.path
        info = DeviceInfo(
            id: "hidraw:\(node.path)", name: "\(name) (voice coils over Bluetooth)", kind: .hidraw, supportsHaptics: true,
            supportsAudio: false, isHardware: true, profile: .voiceCoil)
    }

    /// Opens the node (shared with the triggers) and prepares the resampler and the pacing.
    ///
    /// - Throws: `DeviceError` naming the node: `permissionDenied` with the udev rule, `notFound`, `removed` (the
    ///   pad is gone, or the node is now another device), `unsupported` for an engine rate below 3000 Hz.
    public func start(format: DeviceFormat) throws(DeviceError) {
        stop()
        guard format.sampleRate >= DualSenseCoilReport.sampleRate, format.sampleRate <= 1_000_000 else {
            throw DeviceError(.unsupported, "\(info.id): the engine renders at \(format.sampleRate) Hz; the coils need 3000 … 1000000 Hz")
        }
        switch node.descriptor() {
        case .success(let opened): descriptor = opened
        case .failure(var failure):
            if failure.code == .permissionDenied {
                failure.message +=
                    "; the DualSense's voice coils over Bluetooth need write access to its hidraw node: "
                    + HidrawTriggerOutput.udevAdvice
            }
            throw failure
        }
        stream = DualSenseCoilStream(inputRate: format.sampleRate)
        pacer = format.isRealTime ? RealTimePacer(format: format) : nil
        runReports = 0
    }

    /// Waits for the block's due time, resamples it and writes each report it completes.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        pacer?.wait(forBlockStartingAt: block.startFrame)
        guard let stream else { return .failed(errno: EBADF) }
        var failure: Int32 = 0
        let wasStreaming = stream.isStreaming
        var first = !wasStreaming
        // A stream with no pacer (a manual clock) has no real-time schedule to fall behind: lateness there is the
        // writer's, not an underrun.
        let paced = pacer != nil
        let fd = descriptor
        stream.consume(left: block.haptic.strong, right: block.haptic.weak, count: block.frameCount) { sent in
            guard failure == 0, let report = sent else { return }
            let now = MonotonicClock.now()
            if first {
                first = false
                runStart = now
                runReports = 0
                if firstReportTime.load(ordering: .relaxed) == 0 { firstReportTime.store(now.bitPattern, ordering: .relaxed) }
            } else if paced {
                runReports += 1
                let due = runStart + Double(runReports) * DualSenseCoilReport.period
                if now - due > DualSenseCoilReport.period / 2 {
                    underruns.add(1, ordering: .relaxed)
                    runStart = now
                    runReports = 0
                }
            }
            do throws(SystemCallError) {
                _ = try Posix.write(fd, report)
            } catch {
                failure = error.errno
            }
            if failure == 0 { reports.add(1, ordering: .relaxed) }
        }
        switch failure {
        case 0: return .ok
        case ENODEV, ENXIO, EPIPE: return .removed
        default: return .failed(errno: failure)
        }
    }

    /// Frees the stream; reports stop (the pad plays out the little it holds). The node stays open for the triggers
    /// and a later start; it is marked gone when the engine found the pad removed.
    public func stop() {
        stream = nil
        pacer = nil
    }

    /// Reports written since creation.
    public var reportCount: Int { reports.load(ordering: .relaxed) }
    /// Reports that came more than half a period late in their run since creation (the pad's buffer ran dry).
    public var underrunCount: Int { underruns.load(ordering: .relaxed) }
    /// When the first report was written (monotonic seconds), or `nil` before.
    public var firstReportWrittenAt: Double? {
        let bits = firstReportTime.load(ordering: .relaxed)
        return bits == 0 ? nil : Double(bitPattern: bits)
    }

    /// The underruns, for the engine's log.
    public var recoveredErrorCount: Int { underrunCount }

    /// False: the render thread keeps rendering (silence, which is not sent) while nothing plays. After an idle pause
    /// the engine's frames lag wall time by the pause and the next blocks are written back to back to catch up, so a
    /// pattern started then would reach the pad early and compressed (the QEMU gate saw its first onset 50 … 70 ms
    /// early); rendering on keeps the frames on wall time, as for an ALSA stream.
    public var toleratesIdlePauses: Bool { false }

    /// The resampler's delay plus one report's worth of frames gathered before it is written (about 15 ms at 48 kHz).
    public var reportedLatency: Double? {
        DualSenseCoilResampler.delay(inputRate: 48_000) + DualSenseCoilReport.period
    }
}

#endif
