import HapticSystem

#if os(Linux)
import HapticDevices
import HapticRender

/// A Linux force-feedback device (`/dev/input/eventN`): a game pad's two rumble motors or a phone's vibration
/// motor, driven through one evdev effect slot.
///
///     let device = try EvdevDevice.open(path: "/dev/input/event5")
///     try device.start(format: DeviceFormat(sampleRate: 1_000, maxBlockFrames: 8))
///     // the engine's render thread: device.write(block) once per block
///     device.stop()
///
/// The render thread makes no system call here but the pacing sleep and the wake below. ``write(_:)`` reduces the block to two motor levels (peak
/// of the strong and weak buses for a two-motor profile, of the drive envelope for an amplitude profile), hands
/// them to a dedicated I/O thread through atomics, and paces itself to real time. The I/O thread rewrites the one
/// effect slot with `EVIOCSFF` on the same id on a fixed grid (``EvdevConfiguration/updatePeriod``, ≤ 10 ms, and at
/// once when the levels rise from silence or fall to it: the render thread then signals an `eventfd`), each
/// upload carrying a bounded `replay.length` so a stalled or killed process stops the motor (a held level is played
/// again every half replay length, and the thread dozes in between); it writes nothing to an idle device except one
/// stop when the levels fall to zero. Two writes come from the app's thread at once: the start of an onset armed
/// ahead of need (``startAnticipatedOnset(_:)``) and an intensity scale as `FF_GAIN`
/// (``prepareScale(_:)``, ``sendPreparedScale()``), never while the I/O thread is in an upload that may wait for the
/// device.
///
/// The corresponding calls are `open`, `EVIOCGBIT`, `EVIOCGEFFECTS`, `EVIOCSFF`, `EVIOCRMFF`, `write(EV_FF)` and
/// `ppoll`.
///
/// - Thread safety: ``start(format:)`` and ``stop()`` from one control thread; ``write(_:)`` from the render
///   thread, never concurrently with them (the `HapticDevice` contract). The statistics may be read anywhere.
/// - Real-time safety: ``write(_:)`` takes no lock, allocates nothing and makes no system call except the pacing
///   sleep and, on a rise from silence or a fall to it, one non-blocking 8-byte `write` to the I/O thread's
///   `eventfd`. A device whose I/O thread is stuck in a system call for longer than ``EvdevConfiguration/ioTimeout``
///   makes ``write(_:)`` return `.failed(errno: ETIMEDOUT)` instead of blocking.
public final class EvdevDevice: OnsetAnticipating {
    /// The device: `evdev:/dev/input/eventN`, the kernel's name, and the profile.
    public let info: DeviceInfo
    /// What the kernel reported for the node.
    public let capabilities: EvdevCapabilities
    /// The settings.
    public let configuration: EvdevConfiguration
    private let system: any EvdevSystemCalls
    /// The profile's mode, as the render path reads it (``HapticRender/ActuatorTranslator/motorLevels(of:frameCount:mode:)``).
    private let translatorMode: ActuatorTranslator.Mode
    // Set by start/stop (control thread), read by write (render thread), never at the same time.
    nonisolated(unsafe) private var writer: EvdevWriter?
    nonisolated(unsafe) private var pacer: RealTimePacer?
    nonisolated(unsafe) private var lastWriter: EvdevWriter?
    /// What the engine anticipates (the next onset, an intensity scale), shared with the writers.
    private let anticipation = LevelAnticipation()
    /// What app threads write to the node at once (the armed onset, the gain scale), shared with the writers.
    private let fastPath = EvdevFastPath()

    /// A device for a node whose capabilities are known (see ``open(path:configuration:)``).
    public convenience init(capabilities: EvdevCapabilities, configuration: EvdevConfiguration = EvdevConfiguration()) {
        self.init(capabilities: capabilities, configuration: configuration, system: LinuxEvdevSystemCalls())
    }

    /// A device that makes its system calls through `system` (tests pass a mock).
    package init(capabilities: EvdevCapabilities, configuration: EvdevConfiguration, system: any EvdevSystemCalls) {
        self.capabilities = capabilities
        self.configuration = configuration
        self.system = system
        translatorMode = ActuatorTranslator.Mode(configuration.profile.mode)
        info = DeviceInfo(
            id: "evdev:\(capabilities.path)", name: capabilities.name, kind: .evdev, supportsHaptics: true,
            supportsAudio: false, isHardware: true, profile: configuration.profile)
    }

    /// Probes `path` and returns a device for it.
    ///
    /// The corresponding calls are `open(O_RDWR)`, `EVIOCGNAME`, `EVIOCGBIT` and `EVIOCGEFFECTS`, then `close`.
    ///
    /// - Throws: `DeviceError`: `DeviceError.Code.notFound`, `DeviceError.Code.permissionDenied`, or
    ///   `DeviceError.Code.unsupported` when the node has no usable force feedback.
    public static func open(path: String, configuration: EvdevConfiguration = EvdevConfiguration()) throws(DeviceError) -> EvdevDevice {
        let capabilities = try EvdevProbe.probe(path: path, system: LinuxEvdevSystemCalls()).get()
        return EvdevDevice(capabilities: capabilities, configuration: configuration)
    }

    /// Starts the I/O thread: it opens the node read-write, sets `FF_GAIN` and allocates the one effect slot.
    /// Waits for that at most ``EvdevConfiguration/ioTimeout`` × 4, and returns as soon as the thread signals it.
    ///
    /// The corresponding calls are `open`, `write(EV_FF, FF_GAIN)` and `EVIOCSFF` (id −1).
    ///
    /// - Throws: `DeviceError` (`DeviceError.Code.noEffectSlots` when all slots are taken,
    ///   `DeviceError.Code.timeout` when the device does not answer).
    public func start(format: DeviceFormat) throws(DeviceError) {
        stop()
        let writer = EvdevWriter(
            capabilities: capabilities, configuration: configuration, system: system, anticipation: anticipation, fastPath: fastPath)
        // Above the render thread's priority: a level the render thread hands over is uploaded at once.
        guard SystemThread.detach(name: "evdev-io", realTimePriority: 45, { writer.run() }) else {
            throw DeviceError(.ioError, "\(info.id): could not start the I/O thread")
        }
        // The I/O thread signals when the node is open and the slot allocated (or that failed).
        writer.started.wait(until: MonotonicClock.now() + configuration.ioTimeout * 4)
        switch writer.state {
        case .running:
            self.writer = writer
            lastWriter = writer
            pacer = RealTimePacer(format: format)
        case .starting:
            writer.requestStop()
            throw DeviceError(
                .timeout, "\(info.id): the device did not answer EVIOCSFF within \(configuration.ioTimeout * 4) s", errno: ETIMEDOUT)
        case .removed:
            throw DeviceError(.removed, "\(info.id): the device disappeared while opening", errno: ENODEV)
        case .failed, .stopped:
            throw DeviceError(SystemCallError(call: "open/EVIOCSFF", errno: writer.failureErrno), device: info.id)
        }
    }

    /// Publishes the block's motor levels to the I/O thread, then waits until the next block is due.
    ///
    /// - Returns: `.removed` once the node is gone, `.failed(errno:)` after an I/O failure or an I/O call stuck
    ///   beyond ``EvdevConfiguration/ioTimeout`` (`ETIMEDOUT`), else `.ok`.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        guard let writer else { return .failed(errno: EBADF) }
        let mode = translatorMode
        switch writer.state {
        case .removed: return .removed
        case .failed: return .failed(errno: writer.failureErrno)
        case .stopped: return .failed(errno: EBADF)
        case .starting, .running: break
        }
        if writer.stalledCall(now: MonotonicClock.now(), timeout: configuration.ioTimeout) { return .failed(errno: ETIMEDOUT) }
        let (strong, weak) = ActuatorTranslator.motorLevels(of: block.haptic, frameCount: block.frameCount, mode: mode)
        let peak = MotorLevels(strongLevel: strong, weakLevel: weak)
        var end = MotorLevels.silent
        if block.frameCount > 0 {
            let last = ActuatorTranslator.motorLevels(of: block.haptic, atFrame: block.frameCount - 1, mode: mode)
            end = MotorLevels(strongLevel: last.strong, weakLevel: last.weak)
        }
        // Publish first, then pace: the newest block reaches the I/O thread as soon as it is rendered (at most one
        // block ahead of its due time), which saves a block of latency; pacing still bounds how far ahead it runs.
        writer.publish(strong: peak.strong, weak: peak.weak, end: end.packed, urgent: block.carriesCommand)
        pacer?.wait(forBlockStartingAt: block.startFrame)
        return .ok
    }

    /// Stops the motor, erases the effect and closes the node on the I/O thread; waits for that at most
    /// ``EvdevConfiguration/ioTimeout`` (a stuck thread finishes on its own later). Safe to call twice.
    ///
    /// The corresponding calls are `write(EV_FF, id, 0)`, `EVIOCRMFF` and `close`.
    public func stop() {
        guard let writer else { return }
        self.writer = nil
        pacer = nil
        writer.requestStop()
        // The I/O thread signals when it has released the node and returned.
        writer.finished.wait(until: MonotonicClock.now() + configuration.ioTimeout)
    }

    /// Arms the next onset: the I/O thread keeps an effect uploaded with these levels while the motor is idle, and
    /// an onset that matches starts with one `write` from the render thread.
    public func anticipateOnset(_ levels: MotorLevels) {
        anticipation.anticipateOnset(levels, system: system)
    }

    /// Starts the armed onset now, from the caller's thread, when it holds these levels and the motor is idle: one
    /// `EV_FF` play write, never made while the I/O thread is in an upload (so it never waits for the device). The engine calls it when an app
    /// starts, for "now", a player whose first event is the anticipated onset; the rendered onset follows and the I/O
    /// thread adopts the slot.
    public func startAnticipatedOnset(_ levels: MotorLevels) -> Bool {
        fastPath.startOnsetFromApp(levels: levels, system: system)
    }

    /// Records that what plays is to be scaled by `factor`, for ``sendPreparedScale()``; no system call. Until it is
    /// sent, the I/O thread sends it itself when it is woken first (the render thread has reached the command).
    public func prepareScale(_ factor: Float) {
        anticipation.addScale(factor)
    }

    /// Sends the prepared scale at once: one `FF_GAIN` write from the caller's thread while the motor plays and the
    /// gain has the headroom; else the I/O thread is woken to send it (a gain write or an upload there). Nothing when
    /// the I/O thread has taken it already.
    public func sendPreparedScale() {
        guard let factor = anticipation.takeScale() else { return }
        if fastPath.scaleGain(by: factor, system: system) { return }
        anticipation.anticipateScale(factor, system: system)
    }

    /// Level changes the I/O thread sent ahead of the render thread in the current (or last) session (scales an app's
    /// thread could not write itself).
    public var anticipatedUploadCount: Int { lastWriter?.anticipatedUploadCount ?? 0 }

    /// Intensity scales an app's thread wrote as `FF_GAIN` itself, since the device was made.
    public var gainScaleCount: Int { fastPath.gainScaleCount }
    /// When the latest of those writes returned (monotonic seconds; 0 before the first).
    public var lastGainScaleTime: Double { fastPath.lastGainScaleTime }
    /// When the latest of those writes was about to be made (monotonic seconds; 0 before the first).
    public var lastGainScaleBeganTime: Double { fastPath.lastGainScaleBeganTime }

    /// Onsets started from the armed slot, without an upload, since the device was made.
    public var armedStartCount: Int { fastPath.armedStartCount }
    /// Of those, the ones an app's thread started itself (``startAnticipatedOnset(_:)``).
    public var appStartedOnsetCount: Int { fastPath.appStartCount }
    /// When the latest armed start's play write returned (monotonic seconds; 0 before the first).
    public var lastArmedStartTime: Double { fastPath.lastStartTime }

    /// `EVIOCSFF` uploads made by the current (or last) session, the slot allocation included.
    public var uploadCount: Int { lastWriter?.uploadCount ?? 0 }
    /// Stops written by the current (or last) session.
    public var stopCount: Int { lastWriter?.stopCount ?? 0 }
    /// Ticks the current (or last) session's I/O thread has run: each took the latest levels the render thread
    /// published (for tests that feed blocks faster or slower than real time).
    package var tickCount: Int { lastWriter?.tickCount ?? 0 }
}
#endif
