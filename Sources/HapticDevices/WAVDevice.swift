#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("unsupported platform")
#endif
import HapticRender

/// Streams chosen bus channels into a 32-bit float WAV file (`WAVE_FORMAT_IEEE_FLOAT`), in real time or as fast as
/// the engine renders.
///
///     let device = WAVDevice(path: "out.wav", channels: [.drive, .audioLeft, .audioRight], paced: false)
///
/// The header is written at ``start(format:)`` with placeholder sizes and completed at ``stop()``. Selected with
/// `HAPTIC_DEVICE=wav:<path>` (unpaced; the channels are drive, audio left, audio right).
///
/// The corresponding C calls are `open`, `write`, `pwrite` and `close`.
///
/// - Thread safety: ``start(format:)`` and ``stop()`` from one control thread; ``write(_:)`` from the render thread,
///   never concurrently with them.
/// - Real-time safety: ``write(_:)`` converts into memory allocated at start and makes one `write` call (the file is
///   the device); when paced it also sleeps until the block is due.
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
    /// The file.
    public let path: String
    /// The channels, in file order.
    public let channels: [Channel]
    /// Whether writes wait for real time.
    public let paced: Bool
    nonisolated(unsafe) private var fd: Int32 = -1
    nonisolated(unsafe) private var buffer: UnsafeMutableBufferPointer<Float>?
    nonisolated(unsafe) private var dataBytes = 0
    nonisolated(unsafe) private var failed: Int32 = 0
    nonisolated(unsafe) private var pacer: RealTimePacer?
    nonisolated(unsafe) private var sampleRate = 0

    /// A WAV device writing `channels` to `path`.
    public init(path: String, channels: [Channel] = [.drive, .audioLeft, .audioRight], paced: Bool = false, profile: ActuatorProfile = .simulatedTapticLRA) {
        self.path = path
        self.channels = channels.isEmpty ? [.drive] : channels
        self.paced = paced
        info = DeviceInfo(
            id: "wav:\(path)", name: "WAV file \(path)", kind: .wav, supportsHaptics: true, supportsAudio: true,
            isHardware: false, profile: profile)
    }

    /// Creates (truncates) the file and writes a header with placeholder sizes.
    ///
    /// - Throws: ``DeviceError`` when the file cannot be created.
    public func start(format: DeviceFormat) throws(DeviceError) {
        stop()
        let result = SystemCall.retryingInterrupts("open") {
            SystemCall.kernelStyle(Int(open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)))
        }
        switch result {
        case .success(let descriptor): fd = Int32(descriptor)
        case .failure(let error): throw DeviceError(error, device: info.id)
        }
        sampleRate = Int(format.sampleRate.rounded())
        buffer = .allocate(capacity: format.maxBlockFrames * channels.count)
        dataBytes = 0
        failed = 0
        pacer = paced ? RealTimePacer(sampleRate: format.sampleRate) : nil
        var header = header(dataBytes: 0)
        if !writeAll(&header, count: header.count) {
            let code = failed
            stop()
            throw DeviceError(SystemCallError(call: "write", errno: code), device: info.id)
        }
    }

    private func header(dataBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { bytes += $0 } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { bytes += $0 } }
        let blockAlign = channels.count * 4
        bytes += Array("RIFF".utf8); u32(36 + dataBytes); bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8); u32(16); u16(3); u16(channels.count); u32(sampleRate); u32(sampleRate * blockAlign)
        u16(blockAlign); u16(32)
        bytes += Array("data".utf8); u32(dataBytes)
        return bytes
    }

    private func writeAll(_ pointer: UnsafeRawPointer, count: Int) -> Bool {
        var done = 0
        while done < count {
            switch SystemCall.retryingInterrupts("write", { SystemCall.kernelStyle(posixWrite(fd, pointer + done, count - done)) }) {
            case .success(let n): done += n
            case .failure(let error):
                failed = error.errno
                return false
            }
        }
        return true
    }

    /// Appends the block's channels, interleaved.
    ///
    /// - Returns: `.failed(errno:)` when the file cannot be written (disk full), else `.ok`.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        guard fd >= 0, let buffer else { return .failed(errno: EBADF) }
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
        let bytes = frames * count * 4
        guard writeAll(UnsafeRawPointer(buffer.baseAddress!), count: bytes) else { return .failed(errno: failed) }
        dataBytes += bytes
        return .ok
    }

    /// Completes the header's sizes and closes the file. Safe to call twice.
    public func stop() {
        if fd >= 0 {
            let header = header(dataBytes: dataBytes)
            _ = header.withUnsafeBytes { raw in
                SystemCall.retryingInterrupts("pwrite") { SystemCall.kernelStyle(pwrite(fd, raw.baseAddress!, raw.count, 0)) }
            }
            _ = SystemCall.once("close") { SystemCall.kernelStyle(Int(close(fd))) }
            fd = -1
        }
        buffer?.deallocate()
        buffer = nil
        pacer = nil
    }

    /// Frames written since ``start(format:)``.
    public var writtenFrameCount: Int { dataBytes / (channels.count * 4) }
}

/// `write(2)`, outside ``WAVDevice`` whose own `write(_:)` would shadow it.
private func posixWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, pointer, count) }
