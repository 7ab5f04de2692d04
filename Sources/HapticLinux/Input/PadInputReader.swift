import HapticSystem

#if os(Linux)
import CHapticSupport
import HapticDevices
import Logging

/// Reads the input events of game pads — never grabbing them — and reports which pad the player used: one thread
/// for every pad, waiting in `poll` on their event nodes and on a wake `eventfd`.
///
///     let reader = PadInputReader { path in print("the player used", path) }
///     reader.watch(path: "/dev/input/event5")
///     …
///     reader.stop()
///
/// Each node is opened read-only and non-blocking beside whatever else has it open: evdev gives every open
/// descriptor its own copy of the events, so the engine's force-feedback writer on the same node (its own
/// read-write descriptor) and other programs see everything as before; no `EVIOCGRAB` is ever issued. A button
/// pressed, or a stick, trigger or hat moved beyond its dead zone (``PadActivityFilter``), calls the handler with the
/// node's path, at most once per batch of events read. A node that hangs up (the pad unplugged) is closed; a path
/// watched again (the pad plugged in again on the same node) is opened afresh.
///
/// evdev sends only changes, so a button held when the node is opened (held while the pad was plugged in, or pressed
/// between its connection and the open) would read as released until it changes. ``watch(path:)`` therefore opens
/// the node itself and delivers its present state first, as SDL does: one batch of the buttons held
/// (`EVIOCGKEY`) and the axes away from their rest (the values `EVIOCGABS` gives), before it returns — so a caller
/// that announces the pad after `watch` (``ControllerSource``'s connection) announces a pad whose state is known. A
/// held button in that batch is a use, like any press; an axis is measured from where it was at the open, so it never
/// is. An axis is at rest, and left out, within the driver's flat band (or half a unit) of the middle of its range;
/// the other values are sent, so a trigger or hat at rest sends a value its element already has. Multi-touch axes are
/// left out (`EVIOCGABS` does not give the touches): a finger resting on a touchpad is read when it moves.
///
/// The corresponding calls are `open(O_RDONLY | O_NONBLOCK)`, `EVIOCGBIT(EV_ABS)`, `EVIOCGABS`, `EVIOCGKEY`, `poll`,
/// `read` and `close`, and an `eventfd` to wake the thread when the set of pads changes or the reader stops.
///
/// - Thread safety: ``watch(path:)``, ``forget(path:)`` and ``stop()`` from any thread; the handler runs on the
///   reader's thread (and on the thread of ``watch(path:)`` for a node's present state), one call at a time.
/// - Real-time safety: none (a background thread of its own).
package final class PadInputReader: Sendable {
    /// Reads the axes of a node just opened (tests replace it: a FIFO has none).
    package typealias AxisReader = @Sendable (Int32) -> [UInt16: PadAxisRange]
    /// Reads the codes of the buttons held on a node just opened (tests replace it: a FIFO has none).
    package typealias KeyReader = @Sendable (Int32) -> [UInt16]

    private struct Shared {
        /// The paths to read, each with the token of its latest ``watch(path:)``.
        var wanted: [String: UInt64] = [:]
        var nextToken: UInt64 = 0
        /// Nodes ``watch(path:)`` opened (and whose present state it delivered), for the thread to read from.
        var opened: [String: Node] = [:]
        var threadStarted = false
        var stopped = false
        var finished: ThreadMilestone?
    }

    /// A node the thread has open.
    private struct Node {
        var fd: Int32
        var token: UInt64
        var filter: PadActivityFilter
    }

    private let shared = LockedState(Shared())
    /// The thread's wake `eventfd` (negative when the system refused one: then nothing is read).
    private let wake: Int32
    private let onInput: @Sendable (String, [PadInputEvent], Bool, [UInt16: PadAxisRange]) -> Void
    private let axisReader: AxisReader
    private let keyReader: KeyReader
    /// Held while `onInput` runs: the thread and ``watch(path:)`` both call it.
    private let delivery = LockedState(())

    /// A reader that calls `onInput` with a node's path, the buttons and axes of each batch of events read from it,
    /// whether the batch is the player using the pad (a press, or an axis beyond its dead zone), and the ranges of
    /// the node's axes.
    package init(
        axisReader: @escaping AxisReader = { fd in EvdevAxisRanges.read(fd: fd) },
        keyReader: @escaping KeyReader = { fd in EvdevKeyState.read(fd: fd) },
        onInput: @escaping @Sendable (_ path: String, _ events: [PadInputEvent], _ isUse: Bool, _ axes: [UInt16: PadAxisRange]) -> Void
    ) {
        self.axisReader = axisReader
        self.keyReader = keyReader
        self.onInput = onInput
        wake = WakeSignal.makeEventDescriptor()
    }

    /// A reader that calls `onActivity` with a node's path when the player uses that pad.
    package convenience init(
        axisReader: @escaping AxisReader = { fd in EvdevAxisRanges.read(fd: fd) },
        keyReader: @escaping KeyReader = { fd in EvdevKeyState.read(fd: fd) }, onActivity: @escaping @Sendable (String) -> Void
    ) {
        self.init(axisReader: axisReader, keyReader: keyReader) { path, _, isUse, _ in if isUse { onActivity(path) } }
    }

    deinit {
        for node in shared.withLock({ $0.opened.values }) { try? Posix.close(node.fd) }
        if wake >= 0 { try? Posix.close(wake) }
    }

    /// Starts reading the event node `path` (again, if it was read before): opens it, delivers its present state
    /// (the buttons held, the axes away from their rest) through the handler, then hands it to the thread, which reads
    /// its events from then on; the first call starts the thread. A node that cannot be opened is not read (logged).
    package func watch(path: String) {
        guard wake >= 0 else { return }
        let claimed = shared.withLock { s -> UInt64? in
            guard !s.stopped else { return nil }
            s.nextToken += 1
            s.wanted[path] = s.nextToken
            return s.nextToken
        }
        guard let token = claimed else { return }
        guard var node = open(path, token: token) else {
            shared.withLock { s in if s.wanted[path] == token { s.wanted[path] = nil } }
            _ = WakeSignal.signalEventDescriptor(wake)
            return
        }
        let (state, isUse) = Self.presentState(keys: keyReader(node.fd), filter: &node.filter)
        if !state.isEmpty { delivery.withLock { _ in onInput(path, state, isUse, node.filter.ranges) } }
        let (startThread, unused) = shared.withLock { s -> (ThreadMilestone?, Node?) in
            guard !s.stopped, s.wanted[path] == token else { return (nil, node) }
            let replaced = s.opened.updateValue(node, forKey: path)
            guard !s.threadStarted else { return (nil, replaced) }
            s.threadStarted = true
            let finished = ThreadMilestone()
            s.finished = finished
            return (finished, replaced)
        }
        if let unused { try? Posix.close(unused.fd) }
        if let finished = startThread {
            // A strong capture: the thread keeps the reader (and its wake descriptor) until it returns.
            let started = SystemThread.detach(name: "pad-input") { [self] in
                run()
                finished.signal()
            }
            if !started {
                DeviceLog.logger.notice("game controllers: could not start the input thread; GCController.current follows connections only")
                finished.signal()
            }
        }
        _ = WakeSignal.signalEventDescriptor(wake)
    }

    /// Opens the node `path` for the watch `token`, with its axes; `nil` when it cannot be opened (logged).
    private func open(_ path: String, token: UInt64) -> Node? {
        let fd: Int32
        do throws(SystemCallError) {
            fd = try Posix.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        } catch {
            let code = error.errno
            let level: Logger.Level = code == EACCES || code == EPERM ? .notice : .debug
            DeviceLog.logger.log(
                level: level,
                "game controllers: cannot read the input of \(path) (open O_RDONLY: \(Posix.describe(errno: code))); GCController.current will not follow this pad"
            )
            return nil
        }
        return Node(fd: fd, token: token, filter: PadActivityFilter(axes: axisReader(fd)))
    }

    /// `ABS_MT_SLOT` … `ABS_MT_TOOL_Y`: `EVIOCGABS` gives no touch's state for these (the slots are apart; a touchpad's
    /// `ABS_MT_TRACKING_ID` reads 0, a finger down, with none), so a finger resting on a touchpad is read when it moves.
    private static let multitouch: ClosedRange<UInt16> = 0x2F...0x3D

    /// The present state of a node just opened, as one report: a press of each button in `keys` (the buttons held),
    /// then each axis of `filter`'s ranges at its value unless it is at rest (within the driver's flat band, or half a
    /// unit, of the middle of its range) or a multi-touch axis; and whether it is a use, judged by `filter` (a held
    /// button is; an axis, measured from its value at the open, is not).
    package static func presentState(keys: [UInt16], filter: inout PadActivityFilter) -> (events: [PadInputEvent], isUse: Bool) {
        var events = keys.map { PadInputEvent.button($0, pressed: true) }
        for (code, range) in filter.ranges.sorted(by: { $0.key < $1.key }) where range.maximum > range.minimum && !multitouch.contains(code)
        {
            let offset = 2 * Int64(range.value) - Int64(range.minimum) - Int64(range.maximum)  // twice the distance from the middle
            guard abs(offset) > Swift.max(2 * Int64(Swift.max(range.flat, 0)), 1) else { continue }
            events.append(.axis(code, value: range.value))
        }
        guard !events.isEmpty else { return ([], false) }
        var isUse = false
        for event in events where filter.isActivity(event) { isUse = true }
        return (events + [.report], isUse)
    }

    /// Stops reading `path` (the pad was unplugged).
    package func forget(path: String) {
        guard wake >= 0 else { return }
        shared.withLock { _ = $0.wanted.removeValue(forKey: path) }
        _ = WakeSignal.signalEventDescriptor(wake)
    }

    /// Stops the thread and closes every node; waits up to 2 s for the thread to return. Later calls to
    /// ``watch(path:)`` do nothing.
    package func stop() {
        guard wake >= 0 else { return }
        let finished = shared.withLock { s -> ThreadMilestone? in
            s.stopped = true
            return s.finished
        }
        _ = WakeSignal.signalEventDescriptor(wake)
        finished?.wait(until: MonotonicClock.now() + 2)
    }

    // MARK: The thread

    private func run() {
        // A node that hangs up is closed and not read again until a new ``watch(path:)`` opens it afresh.
        var nodes: [String: Node] = [:]
        var descriptors: [pollfd] = []
        var paths: [String] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: MemoryLayout<input_event>.stride * 64, alignment: 8)
        defer {
            buffer.deallocate()
            for node in nodes.values { try? Posix.close(node.fd) }
        }
        while true {
            let (wanted, opened, stopped) = shared.withLock { s in
                defer { s.opened = [:] }
                return (s.wanted, s.opened, s.stopped)
            }
            nodes.merge(opened) { old, new in
                try? Posix.close(old.fd)
                return new
            }
            if stopped { return }
            reconcile(&nodes, wanted: wanted)
            paths = Array(nodes.keys)
            descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            descriptors += paths.map { pollfd(fd: nodes[$0]!.fd, events: Int16(POLLIN), revents: 0) }
            // No timeout: a change of the pads or stop() writes the wake descriptor.
            do throws(SystemCallError) {
                _ = try Posix.poll(&descriptors, timeout: -1)
            } catch {
                DeviceLog.logger.notice("game controllers: input \(error); GCController.current follows connections only")
                return
            }
            if descriptors[0].revents != 0 { WakeSignal.drainEventDescriptor(wake) }
            for (index, path) in paths.enumerated() where descriptors[index + 1].revents != 0 {
                guard var node = nodes[path] else { continue }
                if readEvents(&node, buffer: buffer, path: path) {
                    nodes[path] = node
                } else {
                    try? Posix.close(node.fd)
                    nodes[path] = nil
                }
            }
        }
    }

    /// Closes the nodes no longer wanted (or watched again since they were opened).
    private func reconcile(_ nodes: inout [String: Node], wanted: [String: UInt64]) {
        for (path, node) in nodes where wanted[path] != node.token {
            try? Posix.close(node.fd)
            nodes[path] = nil
        }
    }

    /// Reads what `node` has; reports its events once. Returns `false` when the node is gone (hang-up, end of file,
    /// `ENODEV`).
    private func readEvents(_ node: inout Node, buffer: UnsafeMutableRawBufferPointer, path: String) -> Bool {
        let size = MemoryLayout<input_event>.stride
        var active = false
        var events: [PadInputEvent] = []
        defer { if !events.isEmpty { delivery.withLock { _ in onInput(path, events, active, node.filter.ranges) } } }
        while true {
            let count: Int
            do throws(SystemCallError) {
                count = try Posix.read(node.fd, into: buffer)
            } catch {
                return error.errno == EAGAIN
            }
            if count == 0 { return false }
            for offset in stride(from: 0, to: count - count % size, by: size) {
                let event = buffer.load(fromByteOffset: offset, as: input_event.self)
                let kind: PadInputEvent.Kind
                switch Int32(event.type) {
                case EV_KEY: kind = .button
                case EV_ABS: kind = .axis
                // Kept: one read can hold several reports, and a profile moves a stick once per report.
                case EV_SYN where Int32(event.code) == SYN_REPORT: kind = .report
                default: continue
                }
                let padEvent = PadInputEvent(kind: kind, code: event.code, value: event.value)
                events.append(padEvent)
                if node.filter.isActivity(padEvent) { active = true }
            }
            if count < buffer.count { return true }
        }
    }
}
#endif
