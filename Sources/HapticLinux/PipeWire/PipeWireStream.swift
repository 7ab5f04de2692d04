#if os(Linux)
import CHapticSupport
import HapticSystem

/// A PipeWire audio stream the bridge receives on: a sink of its own (a node games play into, `media.class`
/// `Audio/Sink`) or a capture of another node (an application's output, the default sink's monitor). Its `process`
/// callback runs on PipeWire's real-time data thread (`PW_STREAM_FLAG_RT_PROCESS`) and only hands each buffer's two
/// carried channels to ``fanOut`` (no allocation, no lock, no system call but the pads' wake-ups).
///
///     let sink = try PipeWireStream(
///         connection: connection, name: "haptic-sink",
///         properties: [("media.class", "Audio/Sink"), ("node.name", "my_sink")],
///         format: .init(positions: [.FL, .FR, .RL, .RR]), left: 2, right: 3, autoconnect: false) { state, error in … }
///     defer { sink.destroy() }
///
/// The format is fixed (32-bit float, interleaved, 48 kHz, the given channel positions): PipeWire's adapter converts
/// whatever is linked to it. The quantum the stream asks for is its `node.latency` property.
///
/// The corresponding calls are `pw_stream_new`, `pw_stream_add_listener`, `pw_stream_connect`,
/// `pw_stream_dequeue_buffer`, `pw_stream_queue_buffer`, `pw_stream_get_time_n` and `pw_stream_destroy`.
///
/// - Thread safety: ``destroy()`` and ``nodeID`` from any thread (they take the loop's lock); the state handler runs on
///   PipeWire's loop thread.
/// - Real-time safety: the `process` callback does not lock, allocate or free.
package final class PipeWireStream: @unchecked Sendable {
    // @unchecked: the stream pointer is touched under the loop's lock; the process context by the data thread only.

    /// `enum pw_stream_state`.
    package enum State: Int32, Sendable, Hashable {
        /// The stream failed (the daemon went away, the format was refused).
        case error = -1
        /// Not connected.
        case unconnected = 0
        /// Connecting.
        case connecting = 1
        /// Connected, not running (nothing linked, or the graph is idle).
        case paused = 2
        /// Running: `process` is called every cycle.
        case streaming = 3
    }

    /// The stream's fixed format.
    package struct Format: Sendable, Hashable {
        /// `SPA_AUDIO_CHANNEL_*` ids, one per channel.
        package var positions: [UInt32]
        /// Frames per second.
        package var sampleRate: Int

        /// A format of `positions.count` channels at `sampleRate`.
        package init(positions: [UInt32], sampleRate: Int = 48_000) {
            self.positions = positions
            self.sampleRate = sampleRate
        }

        /// Front left, front right, rear left, rear right: the DualSense's USB audio interface (`wChannelConfig`
        /// 0x0033 as the kernel's USB audio driver maps it).
        package static let dualSense = Format(positions: [FL, FR, RL, RR])
        /// Front left and right.
        package static let stereo = Format(positions: [FL, FR])

        /// `SPA_AUDIO_CHANNEL_FL`, `_FR`, `_RL`, `_RR`.
        package static let FL = CHapticSupport_SPA_AUDIO_CHANNEL_FL
        package static let FR = CHapticSupport_SPA_AUDIO_CHANNEL_FR
        package static let RL = CHapticSupport_SPA_AUDIO_CHANNEL_RL
        package static let RR = CHapticSupport_SPA_AUDIO_CHANNEL_RR
    }

    /// What the data thread needs, in one block of memory it reads without reference counting.
    private struct ProcessContext {
        var stream: OpaquePointer?
        let dequeue: @convention(c) (OpaquePointer) -> UnsafeMutablePointer<CHapticSupport_PWBuffer>?
        let queue: @convention(c) (OpaquePointer, UnsafeMutablePointer<CHapticSupport_PWBuffer>) -> Int32
        let timeNow: (@convention(c) (OpaquePointer, UnsafeMutablePointer<CHapticSupport_PWTime>, Int) -> Int32)?
        let fanOut: Unmanaged<FrameFanOut>
        let bytesPerFrame: Int
        let owner: UnsafeMutableRawPointer
    }

    /// Where the data thread hands the buffers' carried channels.
    package let fanOut: FrameFanOut
    /// The stream's name (`pw_stream_new`'s).
    package let name: String
    /// The stream's format.
    package let format: Format
    private let connection: PipeWireConnection
    private var stream: OpaquePointer?
    private let hook = UnsafeMutablePointer<CHapticSupport_SpaHook>.allocate(capacity: 1)
    private let events = UnsafeMutablePointer<CHapticSupport_PWStreamEvents>.allocate(capacity: 1)
    private let context = UnsafeMutablePointer<ProcessContext>.allocate(capacity: 1)
    private let onState: @Sendable (State, String?) -> Void
    /// The latest state (loop thread; read under the lock).
    private var current = State.unconnected

    /// Creates and connects a stream.
    ///
    /// - Parameters:
    ///   - connection: the connection to make it on.
    ///   - name: `pw_stream_new`'s name.
    ///   - properties: the node's properties (`media.class`, `node.name`, `node.latency`, `target.object`, …).
    ///   - format: the channels and rate the stream takes.
    ///   - left: the channel (0-based) carried as the left signal.
    ///   - right: the channel carried as the right signal.
    ///   - autoconnect: whether the session manager links the stream (a capture: yes; a sink others link to: no).
    ///   - onState: state changes, with PipeWire's error text, on PipeWire's loop thread.
    /// - Throws: ``PipeWireError`` `failed` naming the call.
    package init(
        connection: PipeWireConnection, name: String, properties: [(String, String)], format: Format, left: Int, right: Int,
        autoconnect: Bool, onState: @escaping @Sendable (State, String?) -> Void
    ) throws(PipeWireError) {
        let library = connection.library
        self.connection = connection
        self.name = name
        self.format = format
        self.onState = onState
        fanOut = FrameFanOut(channelCount: format.positions.count, left: left, right: right)
        hook.initialize(to: CHapticSupport_SpaHook())
        var table = CHapticSupport_PWStreamEvents()
        table.version = CHapticSupport_PW_VERSION_STREAM_EVENTS
        table.state_changed = { data, _, state, error in
            let context = data!.assumingMemoryBound(to: ProcessContext.self)
            let stream = Unmanaged<PipeWireStream>.fromOpaque(context.pointee.owner).takeUnretainedValue()
            let value = State(rawValue: state) ?? .error
            stream.current = value
            stream.onState(value, error.map { String(cString: $0) })
        }
        table.process = { data in
            let context = data!.assumingMemoryBound(to: ProcessContext.self)
            PipeWireStream.process(context)
        }
        events.initialize(to: table)
        context.initialize(
            to: ProcessContext(
                stream: nil, dequeue: library.dequeueBuffer, queue: library.queueBuffer, timeNow: library.timeNow,
                fanOut: Unmanaged.passUnretained(fanOut), bytesPerFrame: 4 * format.positions.count,
                owner: Unmanaged.passUnretained(self).toOpaque()))
        let failure: PipeWireError? = connection.locked {
            guard let core = connection.core else { return PipeWireError(.failed, "\(name): the PipeWire connection is closed") }
            guard let pwProperties = library.properties(properties) else { return PipeWireError(.failed, "pw_properties_new failed") }
            guard let created = name.withCString({ library.streamNew(core, $0, pwProperties) }) else {
                return PipeWireError(.failed, "pw_stream_new(\(name)) failed (errno \(errno))")
            }
            stream = created
            context.pointee.stream = created
            connection.register(self)
            library.streamAddListener(created, hook, events, UnsafeMutableRawPointer(context))
            var pod = [UInt8](repeating: 0, count: 1024)
            let result: Int32 = pod.withUnsafeMutableBytes { bytes in
                let size = format.positions.withUnsafeBufferPointer { positions in
                    CHapticSupport_pwBuildAudioFormat(
                        bytes.baseAddress, UInt32(bytes.count), CHapticSupport_SPA_PARAM_EnumFormat,
                        CHapticSupport_SPA_AUDIO_FORMAT_F32_LE, UInt32(format.sampleRate), UInt32(format.positions.count),
                        positions.baseAddress)
                }
                guard size > 0 else { return -EINVAL }
                var params: [UnsafeRawPointer?] = [UnsafeRawPointer(bytes.baseAddress)]
                var flags = CHapticSupport_PW_STREAM_FLAG_MAP_BUFFERS | CHapticSupport_PW_STREAM_FLAG_RT_PROCESS
                if autoconnect {
                    flags |= CHapticSupport_PW_STREAM_FLAG_AUTOCONNECT | CHapticSupport_PW_STREAM_FLAG_DONT_RECONNECT
                }
                return params.withUnsafeMutableBufferPointer { list in
                    library.streamConnect(created, CHapticSupport_SPA_DIRECTION_INPUT, CHapticSupport_PW_ID_ANY, flags, list.baseAddress, 1)
                }
            }
            guard result >= 0 else {
                destroyLocked()
                return PipeWireError(.failed, "pw_stream_connect(\(name)) failed: \(Posix.describe(errno: -result))")
            }
            return nil
        }
        if let failure { throw failure }
    }

    deinit {
        destroy()
        hook.deallocate()
        events.deallocate()
        // The data thread stopped calling `process` when the stream was destroyed; the context goes with the stream.
        context.deinitialize(count: 1)
        context.deallocate()
    }

    /// The data thread's work for one cycle: the buffer's frames into the fan-out, due at the cycle's time.
    private static func process(_ context: UnsafeMutablePointer<ProcessContext>) {
        guard let stream = context.pointee.stream, let buffer = context.pointee.dequeue(stream) else { return }
        defer { _ = context.pointee.queue(stream, buffer) }
        guard let spa = buffer.pointee.buffer, spa.pointee.n_datas > 0, let datas = spa.pointee.datas else { return }
        let data = datas[0]
        guard let base = data.data, let chunk = data.chunk else { return }
        let offset = Int(Swift.min(chunk.pointee.offset, data.maxsize))
        let size = Swift.min(Int(chunk.pointee.size), Int(data.maxsize) - offset)
        let frames = size / context.pointee.bytesPerFrame
        guard frames > 0 else { return }
        var time = MonotonicClock.now()
        if let timeNow = context.pointee.timeNow {
            var info = CHapticSupport_PWTime()
            if timeNow(stream, &info, MemoryLayout<CHapticSupport_PWTime>.size) == 0, info.now > 0 {
                time = Double(info.now) / 1e9
            }
        }
        let samples = (base + offset).assumingMemoryBound(to: Float.self)
        context.pointee.fanOut._withUnsafeGuaranteedRef { $0.deliver(samples, frames: frames, time: time) }
    }

    /// The stream's latest state.
    package var state: State { connection.locked { current } }

    /// The node's global id once PipeWire made it, else `nil`.
    package var nodeID: UInt32? {
        connection.locked {
            guard let stream else { return nil }
            let id = connection.library.streamGetNodeID(stream)
            return id == CHapticSupport_PW_ID_ANY ? nil : id
        }
    }

    /// Disconnects and destroys the stream (`pw_stream_destroy`): its node leaves the graph and `process` is not
    /// called again. Safe to call twice, and after the daemon went away.
    package func destroy() {
        connection.locked { destroyLocked() }
    }

    /// ``destroy()`` under the loop's lock (the connection's ``PipeWireConnection/close()`` holds it).
    func destroyLocked() {
        guard let stream else { return }
        connection.library.streamDestroy(stream)
        self.stream = nil
        context.pointee.stream = nil
        connection.unregister(self)
    }
}
#endif
