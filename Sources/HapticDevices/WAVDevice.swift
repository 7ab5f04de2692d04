import HapticRender
import HapticSystem

/// Records chosen bus channels into a 32-bit float WAV file (`WAVE_FORMAT_IEEE_FLOAT`): the output of
/// `HAPTIC_DEVICE=wav:<path>`, a true recording of what an app plays.
///
///     let device = WAVDevice(path: "out.wav", channels: [.drive, .audioLeft, .audioRight])
///
/// - **Real time.** A real-time engine's blocks are paced to wall-clock time (the file has no clock of its own), so
///   times in the file are the times the app played them; an engine on a manual clock (tests, offline) writes as
///   fast as it renders. `paced` overrides this.
/// - **Always readable.** The header's sizes are updated after every block (``WAVFileWriter``), so a process that is
///   killed, or an engine that is never stopped, leaves a valid file up to its last block.
/// - **One file per engine.** When several engines of a process record to the same path at once, the first gets
///   the path and the others `name-2.wav`, `name-3.wav`, … (``recordingPath`` says which), rather than writing over
///   each other.
///
/// The corresponding C calls are `open`, `write`, `pwrite` and `close`.
///
/// - Thread safety: ``start(format:)`` and ``stop()`` from one control thread; ``write(_:)`` from the render thread,
///   never concurrently with them.
/// - Real-time safety: ``write(_:)`` converts into memory allocated at start and makes one `write` and two small
///   `pwrite` calls (the file is the device); when paced it also sleeps until the block is due.
public final class WAVDevice: HapticDevice {
    /// Which bus channel goes into a WAV channel.
    public enum Channel: String, Sendable, Hashable, CaseIterable {
        /// Haptic amplitude.
        case amplitude
        /// Haptic sharpness.
        case sharpness
        /// The profile's drive signal.
        case drive
        /// Strong motor level.
        case strong
        /// Weak motor level.
        case weak
        /// Audio left.
        case audioLeft
        /// Audio right.
        case audioRight
    }

    /// The file's description.
    public let info: DeviceInfo
    /// The path asked for.
    public let path: String
    /// The channels, in file order.
    public let channels: [Channel]
    /// Whether writes wait for real time: `true` or `false` when forced, `nil` to follow the engine
    /// (``DeviceFormat/isRealTime``).
    public let paced: Bool?
    nonisolated(unsafe) private var file: WAVFileWriter?
    nonisolated(unsafe) private var claimedPath: String?
    nonisolated(unsafe) private var buffer: UnsafeMutableBufferPointer<Float>?
    nonisolated(unsafe) private var failed: Int32 = 0
    nonisolated(unsafe) private var pacer: RealTimePacer?
    nonisolated(unsafe) private var recordedBytes = 0

    /// Paths being recorded by a started device of this process.
    private static let pathsInUse = LockedState<Set<String>>([])

    /// A WAV device writing `channels` to `path`.
    ///
    /// - Parameters:
    ///   - path: The file to write (replaced when the device starts).
    ///   - channels: The bus channels to record, one WAV channel each (at most 64; empty means `[.drive]`).
    ///   - paced: `nil` (default) paces the recording when the engine runs in real time; `true`/`false` force it.
    ///   - profile: The actuator the recorded drive is shaped for.
    public init(
        path: String, channels: [Channel] = [.drive, .audioLeft, .audioRight], paced: Bool? = nil,
        profile: ActuatorProfile = .simulatedTapticLRA
    ) {
        self.path = path
        self.channels = channels.isEmpty ? [.drive] : Array(channels.prefix(64))
        self.paced = paced
        info = DeviceInfo(
            id: "wav:\(path)", name: "WAV file \(path)", kind: .wav, supportsHaptics: true, supportsAudio: true,
            isHardware: false, profile: profile)
    }

    deinit { stop() }

    /// The file being written since ``start(format:)``: ``path``, or `name-N.wav` when another engine of this process
    /// was already recording to ``path``. `nil` when stopped.
    public var recordingPath: String? { claimedPath }

    /// Creates (truncates) the file and writes a header describing no samples yet.
    ///
    /// - Throws: ``DeviceError`` when the file cannot be created or written (a missing folder is `notFound`, a full
    ///   disk `ioError` with "No space left on device").
    public func start(format: DeviceFormat) throws(DeviceError) {
        stop()
        let target = Self.claim(path)
        do {
            file = try WAVFileWriter(
                path: target, channelCount: channels.count, sampleRate: Int(format.sampleRate.rounded()), format: .float32)
        } catch {
            Self.release(target)
            throw error
        }
        claimedPath = target
        recordedBytes = 0
        buffer = .allocate(capacity: format.maxBlockFrames * channels.count)
        failed = 0
        pacer = (paced ?? format.isRealTime) ? RealTimePacer(format: format) : nil
    }

    /// Appends the block's channels, interleaved, and updates the header.
    ///
    /// - Returns: `.failed(errno:)` when the file cannot be written (a full disk: `ENOSPC`; past 4 GiB: `EFBIG`),
    ///   else `.ok`.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        guard let file, let buffer else { return .failed(errno: EBADF) }
        if failed != 0 { return .failed(errno: failed) }
        pacer?.wait(forBlockStartingAt: block.startFrame)
        let count = channels.count
        let frames = Swift.min(block.frameCount, buffer.count / count)
        for (c, channel) in channels.enumerated() {
            let source: UnsafeMutableBufferPointer<Float>
            switch channel {
            case .amplitude: source = block.haptic.amplitude
            case .sharpness: source = block.haptic.sharpness
            case .drive: source = block.haptic.drive
            case .strong: source = block.haptic.strong
            case .weak: source = block.haptic.weak
            case .audioLeft: source = block.audio.left
            case .audioRight: source = block.audio.right
            }
            for i in 0..<frames { buffer[i * count + c] = source[i] }
        }
        if let errno = file.append(UnsafeRawBufferPointer(start: buffer.baseAddress, count: frames * count * 4)) {
            failed = errno
            return .failed(errno: errno)
        }
        return .ok
    }

    /// Closes the file (its header is already complete). Safe to call twice.
    public func stop() {
        if let file { recordedBytes = file.dataBytes }
        file?.close()
        file = nil
        if let claimedPath { Self.release(claimedPath) }
        claimedPath = nil
        buffer?.deallocate()
        buffer = nil
        pacer = nil
    }

    /// Frames written since the last ``start(format:)`` (still known after ``stop()``).
    public var writtenFrameCount: Int { (file?.dataBytes ?? recordedBytes) / (channels.count * 4) }

    /// Takes `path` for this process's recording, or the first free `name-N.ext` beside it.
    private static func claim(_ path: String) -> String {
        pathsInUse.withLock { inUse in
            var candidate = path
            var n = 2
            while inUse.contains(candidate) {
                candidate = numbered(path, n)
                n += 1
            }
            inUse.insert(candidate)
            return candidate
        }
    }

    private static func release(_ path: String) {
        _ = pathsInUse.withLock { $0.remove(path) }
    }

    /// `out.wav` → `out-2.wav`; `take` → `take-2`.
    static func numbered(_ path: String, _ n: Int) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        if let dot = path[slash...].lastIndex(of: "."), dot > slash {
            return "\(path[..<dot])-\(n)\(path[dot...])"
        }
        return "\(path)-\(n)"
    }
}
