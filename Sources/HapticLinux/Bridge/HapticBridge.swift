#if os(Linux)
import HapticDevices
import HapticSystem
import Synchronization

/// The haptic bridge: PipeWire sinks and captures on one side, pads on the other, and a supervising thread that keeps
/// them matched as things come and go.
///
/// - **Bluetooth DualSense sinks**: for each DualSense on Bluetooth, a 4-channel 48 kHz sink shaped like its USB
///   audio device (front left/right, rear left/right; a name and identity games look for); channels 3 and 4 play on
///   its voice coils through the report-0x32 stream, channels 1 and 2 (the speaker) are dropped. The sink appears when
///   the pad connects and goes away with it. It may also feed other pads (``BridgeConfiguration/SinkSettings``).
/// - **Sound to touch**: each capture (``BridgeConfiguration/Capture``) listens to an application's playback stream,
///   a node or the default sink's monitor while it exists, and plays it on the pads it names.
/// - **Pads**: each has an output thread (``PadOutput``); a pad that goes away takes only its own routes with it.
/// - **PipeWire** may stop, restart or xrun: the pads write silence within 25 ms of the last frames (motors off), the
///   bridge reconnects every half second and rebuilds the streams.
///
///     let bridge = HapticBridge(configuration: configuration, environment: ProcessEnvironment.current)
///     bridge.start()
///     … bridge.status() …
///     bridge.stop()
///
/// The supervising thread sleeps until something happens (a PipeWire event, a pad's event, a hot-plug) or, while
/// PipeWire is away, until the next connection attempt; it also wakes four times a second while streams run, to
/// collect the pads' timing events.
///
/// - Thread safety: ``start()``, ``stop()`` and ``status()`` from any thread.
/// - Real-time safety: none here; the data threads and pad threads it sets up have their own guarantees.
package final class HapticBridge: @unchecked Sendable {
    // @unchecked: the supervisor's state is its thread's alone; what others read goes through `shared`.

    /// What the bridge was asked to do.
    package let configuration: BridgeConfiguration
    /// Where a line per timed event goes (``BridgeTimingLog``), if anywhere.
    package let timingLog: BridgeTimingLog?
    let environment: [String: String]
    let controllersFile: String?
    let extraPads: [BridgePad]
    let wake = WakeSignal()
    let running = Atomic<Bool>(false)
    let finished = LockedState<ThreadMilestone?>(nil)
    /// PipeWire events from its loop thread, for the supervisor.
    let pipeWireEvents = LockedState<[PipeWireConnection.Event]>([])
    /// What the supervisor shows the rest (status, levels).
    let shared = LockedState(BridgeStatus())
    let rescanRequested = Atomic<Bool>(true)
    /// A stream reported an error (set on PipeWire's loop thread).
    let streamTrouble = Atomic<Bool>(false)

    // The supervisor thread's state.
    var connection: PipeWireConnection?
    var nextConnectAttempt = 0.0
    var connectProblem: String?
    var pads: [String: PadEntry] = [:]
    var padOrder: [String] = []
    var lostSingleUse: Set<String> = []
    var padProblems: [String: String] = [:]
    var streams: [String: StreamEntry] = [:]
    var streamRetryAfter: [String: Double] = [:]
    var retired: [RetiredInput] = []
    var latencies: [String: [Double]] = [:]
    var lastInput: [String: (time: Double, route: String)] = [:]
    var controllersFileStamp: (Int, Int)?
    var monitor: DeviceMonitor?
    var discoveryProblems: [String] = []

    /// A pad the bridge plays.
    struct PadEntry {
        var pad: BridgePad
        var output: PadOutput
        var number: Int
    }

    /// A stream the bridge made, and the inputs it feeds (by pad id).
    struct StreamEntry {
        var stream: PipeWireStream
        var label: String
        var kind: Kind
        var inputs: [String: BridgeInput]

        /// What the stream is for.
        enum Kind: Equatable {
            /// A sink: its pad's id, or `nil` for the virtual sink.
            case sink(pad: String?)
            /// The capture of rule `rule` (an index into the configuration's captures).
            case capture(rule: Int)
        }
    }

    /// An input unpublished from a stream and a pad, kept until neither can still be using it.
    struct RetiredInput {
        var input: BridgeInput
        var stream: (epoch: ReaderEpoch, snapshot: (passes: Int, inPass: Bool))?
        var pad: (output: PadOutput, snapshot: (passes: Int, inPass: Bool))?
    }

    /// A bridge.
    ///
    /// - Parameters:
    ///   - configuration: the routes and shapes.
    ///   - environment: the process environment (`HAPTIC_CONTROLLERS` and the discovery overrides).
    ///   - controllersFile: a file of simulated controllers re-read when it changes (tests and demos).
    ///   - extraPads: pads besides the discovered ones (``BridgePad/reportPipe(path:number:)``).
    ///   - timingLog: where timed events go.
    package init(
        configuration: BridgeConfiguration, environment: [String: String], controllersFile: String? = nil, extraPads: [BridgePad] = [],
        timingLog: BridgeTimingLog? = nil
    ) {
        self.configuration = configuration
        self.environment = environment
        self.controllersFile = controllersFile
        self.extraPads = extraPads
        self.timingLog = timingLog
    }

    deinit { stop() }

    /// Starts the supervising thread (it connects to PipeWire and opens the pads).
    package func start() {
        guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let done = ThreadMilestone()
        finished.withLock { $0 = done }
        let monitor = DeviceMonitor()
        if (try? monitor.start({ [self] _ in
            rescanRequested.store(true, ordering: .releasing)
            wake.signal()
        })) != nil {
            self.monitor = monitor
        }
        SystemThread.detach(name: "haptic-bridge") { [self] in
            supervise()
            done.signal()
        }
    }

    /// Stops everything: the streams leave the graph, every pad is silenced and closed.
    package func stop() {
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        _ = finished.withLock { $0 }?.wait(until: MonotonicClock.now() + 5)
        monitor?.stop()
        monitor = nil
    }

    /// The bridge's state now.
    package func status() -> BridgeStatus {
        var status = shared.withLock { $0 }
        for index in status.pads.indices { status.pads[index].level = status.pads[index].output?.takePeak() ?? 0 }
        for index in status.sources.indices { status.sources[index].level = status.sources[index].fanOut?.takePeak() ?? 0 }
        return status
    }

    /// The supervising loop. It reconciles the streams when something changed (a PipeWire event, a pad, a stream's
    /// error) or every 5 s, and sleeps 2 s at a time while nothing plays (the pads wake it when one is lost).
    private func supervise() {
        timingLog?.write("bridge started quantum=\(configuration.quantum)")
        var lastReconcile = -Double.infinity
        var lastBlocks: [String: Int] = [:]
        while running.load(ordering: .acquiring) {
            let now = MonotonicClock.now()
            var changed = handlePipeWireEvents() || streamTrouble.exchange(false, ordering: .acquiringAndReleasing)
            if connection == nil, now >= nextConnectAttempt {
                connect()
                changed = changed || connection != nil
            }
            if rescanRequested.exchange(false, ordering: .acquiringAndReleasing) || controllersFileChanged() {
                rescanPads()
                changed = true
            }
            let collected = collectPadEvents()
            if changed || collected || now - lastReconcile >= 5 {
                reconcileStreams()
                lastReconcile = now
            }
            sweepRetired()
            // Playing: pads wrote blocks since the last pass.
            let blocks = pads.mapValues { $0.output.blockCount }
            let playing = blocks != lastBlocks
            lastBlocks = blocks
            if changed || collected || playing { publishStatus() }
            let pause = connection == nil ? Swift.max(0.05, nextConnectAttempt - now) : (playing ? 0.25 : 2.0)
            wake.wait(until: MonotonicClock.now() + pause)
        }
        teardownPipeWire(reason: nil)
        for id in Array(pads.keys) { removePad(id, reason: nil) }
        sweepRetired(final: true)
        publishStatus()
        timingLog?.write("bridge stopped")
    }

    // MARK: - PipeWire

    private func connect() {
        do throws(PipeWireError) {
            connection = try PipeWireConnection(name: "haptic-bridge") { [self] event in
                pipeWireEvents.withLock { $0.append(event) }
                wake.signal()
            }
            connectProblem = nil
            timingLog?.write("pipewire connected")
        } catch {
            if connectProblem != error.message { timingLog?.write("pipewire unavailable") }
            connectProblem = error.message
            nextConnectAttempt = MonotonicClock.now() + (error.code == .libraryMissing ? 3_600 : 0.5)
        }
    }

    /// Handles what PipeWire reported; `true` when anything did.
    private func handlePipeWireEvents() -> Bool {
        let events = pipeWireEvents.withLock { events -> [PipeWireConnection.Event] in
            defer { events = [] }
            return events
        }
        for event in events {
            if case .disconnected(let reason) = event {
                teardownPipeWire(reason: reason)
                break
            }
        }
        return !events.isEmpty
    }

    /// Destroys every stream (their pads stay and fall silent) and the connection.
    func teardownPipeWire(reason: String?) {
        guard let connection else { return }
        for key in Array(streams.keys) { destroyStream(key) }
        connection.close()
        self.connection = nil
        pipeWireEvents.withLock { $0 = [] }
        if let reason {
            connectProblem = "PipeWire went away (\(reason)); reconnecting"
            nextConnectAttempt = MonotonicClock.now() + 0.5
            timingLog?.write("pipewire disconnected")
        }
    }
}
#endif
