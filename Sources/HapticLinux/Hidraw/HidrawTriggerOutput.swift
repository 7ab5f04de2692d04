#if os(Linux)
import CHapticSupport
import HapticDevices
import HapticSystem

/// A DualSense's adaptive triggers through its hidraw node: output reports (USB `0x02`, Bluetooth `0x31` with
/// sequence and CRC) that flag only the trigger effects, so hid-playstation's rumble, lightbar and LEDs stay as the
/// kernel set them (the driver passes hidraw writes to the pad untouched).
///
///     let triggers = HidrawTriggerOutput(path: "/dev/hidraw3", transport: .bluetooth)
///     try triggers.apply(left: nil, right: try .feedback(startZone: 2, strength: 6))
///
/// The node is opened for writing on the first report and kept open, shared with the pad's Bluetooth voice coils
/// (`HidrawNode`: one descriptor per node); before anything is written, `HIDIOCGRAWINFO` must name a DualSense
/// (054C:0CE6) or DualSense Edge (054C:0DF2), so a node number the kernel gave another device never receives these
/// reports. When the node cannot be opened (hidraw nodes are root's by default), ``problem``
/// says so with the fix — a udev rule (``udevRule``) — and the triggers are reported unusable; the next report tries
/// again. Once the pad is gone (``disconnect()``, or a write the kernel refuses because the device went away), nothing
/// is opened or written again. Rumble is unaffected: it goes through evdev.
///
/// - Thread safety: any thread (writes are serialised by a lock).
/// - Real-time safety: none; never on the render thread.
public final class HidrawTriggerOutput: DualSenseTriggerOutput {
    /// The hidraw node.
    public let path: String
    /// The transport reports are encoded for.
    public let transport: DualSenseTransport
    private let node: HidrawNode
    private let identify: @Sendable (Int32) throws(SystemCallError) -> (vendor: UInt16, product: UInt16)
    private let openReader: @Sendable (String) throws(SystemCallError) -> Int32
    private let state: LockedState<State>

    private struct State {
        var encoder: DualSenseOutputReport.Encoder
        var problem: String?
        var isGone = false
        var readDescriptor: Int32 = -1
        var lastInput: DualSenseInputReport?
        /// When `lastInput` was read (monotonic seconds).
        var lastInputTime = -Double.infinity
    }

    /// How old the last report read may be and still answer a query without waiting for a fresh one: a game that
    /// asks for both triggers' status and arm position each frame reads the queue once, not four times with waits.
    private static let inputFreshness = 0.05

    /// How long a status query waits for a fresh input report when none is queued (a pad sends one every 4 ms on
    /// USB, about as often on Bluetooth once in full mode).
    private static let inputWaitMilliseconds: Int32 = 20

    /// The udev rule that lets the logged-in user write DualSense hidraw nodes (USB and Bluetooth, DualSense and
    /// DualSense Edge), e.g. in `/etc/udev/rules.d/70-dualsense-hidraw.rules`.
    public static let udevRule = """
        KERNEL=="hidraw*", ATTRS{idVendor}=="054c", ATTRS{idProduct}=="0ce6|0df2", MODE="0660", TAG+="uaccess"
        KERNEL=="hidraw*", KERNELS=="*054C:0CE6*|*054C:0DF2*", MODE="0660", TAG+="uaccess"
        """

    /// What to do about a node that is not writable: the udev rule, and how to apply it.
    public static let udevAdvice =
        "add the udev rule\n" + udevRule + "\nthen run `udevadm control --reload && udevadm trigger` and reconnect the pad"

    /// Triggers written through `path`, reports encoded for `transport`.
    public convenience init(path: String, transport: DualSenseTransport) {
        self.init(node: HidrawNode.shared(path: path), transport: transport, identify: HidrawNode.identify)
    }

    /// Triggers written through `path`, opened by `openNode` (the descriptor) and identified by `identify` (vendor and
    /// product; tests replace both).
    package convenience init(
        path: String, transport: DualSenseTransport, openNode: @escaping @Sendable (String) throws(SystemCallError) -> Int32,
        identify: @escaping @Sendable (Int32) throws(SystemCallError) -> (vendor: UInt16, product: UInt16) = { _ in (0x054C, 0x0CE6) },
        openReader: @escaping @Sendable (String) throws(SystemCallError) -> Int32 = HidrawTriggerOutput.openReader
    ) {
        self.init(
            node: HidrawNode(path: path, openNode: openNode, identify: identify), transport: transport, identify: identify,
            openReader: openReader)
    }

    /// Triggers written through `node` (shared with the pad's coils), its read side identified by `identify`.
    package init(
        node: HidrawNode, transport: DualSenseTransport,
        identify: @escaping @Sendable (Int32) throws(SystemCallError) -> (vendor: UInt16, product: UInt16),
        openReader: @escaping @Sendable (String) throws(SystemCallError) -> Int32 = HidrawTriggerOutput.openReader
    ) {
        self.openReader = openReader
        self.node = node
        path = node.path
        self.transport = transport
        self.identify = identify
        state = LockedState(State(encoder: DualSenseOutputReport.Encoder(transport: transport)))
    }

    deinit {
        state.withLock { s in
            if s.readDescriptor >= 0 { try? Posix.close(s.readDescriptor) }
        }
    }

    /// Opens the node for reading its input reports (`O_RDONLY | O_NONBLOCK`).
    package static func openReader(_ path: String) throws(SystemCallError) -> Int32 {
        try Posix.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    }

    /// Why a DualSense's triggers could not be written through `path` (missing, or not writable by this process,
    /// with the udev rule to add), or `nil` when the process may write it. For listings: nothing is opened.
    public static func writeProblem(path: String) -> String? {
        let code: Int32
        do throws(SystemCallError) {
            try Posix.access(path, W_OK)
            return nil
        } catch {
            code = error.errno
        }
        let reason = Posix.describe(errno: code)
        guard code == EACCES || code == EPERM || code == EROFS else { return "\(path): \(reason)" }
        return "\(path) is not writable (\(reason)); add the udev rule\n" + udevRule
    }

    /// Why the triggers cannot be set (the last open or write failed), or `nil`.
    public var problem: String? { state.withLock { $0.problem } }

    /// Opens the node if needed and writes one report.
    ///
    /// - Throws: `DeviceError` naming the node: `permissionDenied` (with the udev rule to add), `notFound`, `removed` or
    ///   `ioError`.
    public func apply(left: DualSenseTriggerEffect?, right: DualSenseTriggerEffect?) throws(DeviceError) {
        let failure = state.withLock { s -> DeviceError? in
            if s.isGone { return DeviceError(.removed, "\(path): the DualSense was disconnected; its triggers are not written") }
            let descriptor: Int32
            switch node.descriptor() {
            case .success(let opened): descriptor = opened
            case .failure(var failure):
                if failure.code == .permissionDenied {
                    failure.message += "; the DualSense's adaptive triggers need write access to its hidraw node: " + Self.udevAdvice
                }
                if failure.code == .removed { s.isGone = true }
                s.problem = failure.description
                return failure
            }
            // The read side too, so the pad's answer to this first report is queued for `latestInput()`.
            _ = openReaderIfNeeded(&s)
            let report = s.encoder.encode(left: left, right: right)
            let written = report.withUnsafeBytes { bytes in
                Result { () throws(SystemCallError) in try Posix.write(descriptor, bytes) }
            }
            switch written {
            case .success(let count) where count == report.count:
                s.problem = nil
                return nil
            case .success(let count):
                let failure = DeviceError(.ioError, "\(path): write took \(count) of the report's \(report.count) bytes")
                s.problem = failure.description
                return failure
            case .failure(let error):
                // The descriptor is shared with the coils and stays open; once the pad is gone (ENODEV) the node is
                // never written again, since its number goes to the next device.
                let failure = DeviceError(error, device: path)
                if failure.code == .removed {
                    s.isGone = true
                    node.markGone()
                }
                s.problem = failure.description
                return failure
            }
        }
        if let failure { throw failure }
    }

    /// The pad is gone: the node is closed and never opened again.
    public func disconnect() {
        node.markGone()
        state.withLock { s in
            s.isGone = true
            if s.readDescriptor >= 0 { try? Posix.close(s.readDescriptor) }
            s.readDescriptor = -1
        }
    }

    /// The pad's latest input report: the node is opened for reading with the first report written, or on the first
    /// call (and checked to be a DualSense); the reports queued since the last call are read and the newest kept.
    /// When none is queued and the last one read is over 50 ms old, or the queue was full (its reports stale), it
    /// waits up to 20 ms for a fresh one. `nil` when the node cannot be read or sends no report with trigger state;
    /// the last report read otherwise.
    public func latestInput() -> DualSenseTriggerFeedback? {
        state.withLock { s -> DualSenseTriggerFeedback? in
            guard !s.isGone else { return nil }
            guard openReaderIfNeeded(&s) else { return nil }
            let drained = drainInput(&s)
            let isStale = MonotonicClock.now() - s.lastInputTime > Self.inputFreshness
            if (drained == 0 && isStale) || drained >= 64 {
                var request = [pollfd(fd: s.readDescriptor, events: Int16(POLLIN), revents: 0)]
                if let ready = try? Posix.poll(&request, timeout: Self.inputWaitMilliseconds), ready > 0 { _ = drainInput(&s) }
            }
            return s.lastInput?.triggers
        }
    }

    /// Opens the node for reading (input reports queue from then on) unless it is open; `false` when it cannot be
    /// (no read access) or is not a DualSense.
    private func openReaderIfNeeded(_ s: inout State) -> Bool {
        guard s.readDescriptor < 0 else { return true }
        guard let descriptor = try? openReader(path) else { return false }
        if let id = try? identify(descriptor), HidrawNode.isDualSense(vendor: id.vendor, product: id.product) {
            s.readDescriptor = descriptor
            return true
        }
        try? Posix.close(descriptor)
        return false
    }

    /// Reads every queued input report (at most 80), keeping the newest with trigger state; returns how many were read.
    private func drainInput(_ s: inout State) -> Int {
        var buffer = [UInt8](repeating: 0, count: 128)
        let descriptor = s.readDescriptor
        for count in 0..<80 {
            let result = buffer.withUnsafeMutableBytes { bytes in
                Result { () throws(SystemCallError) in try Posix.read(descriptor, into: bytes) }
            }
            switch result {
            case .success(let size) where size > 0:
                if let report = try? DualSenseInputReport(decoding: Array(buffer[0..<size])) {
                    s.lastInput = report
                    s.lastInputTime = MonotonicClock.now()
                }
            case .success:
                return count
            case .failure(let error):
                if DeviceError(error, device: path).code == .removed { s.isGone = true }
                return count
            }
        }
        return 80
    }
}
#endif
