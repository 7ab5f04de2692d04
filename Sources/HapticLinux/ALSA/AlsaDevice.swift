import HapticSystem

#if os(Linux)
import HapticDevices
import HapticRender
import Synchronization

/// An ALSA PCM: the 48 kHz audio bus for audio events, and a PCM haptic mode for voice-coil and audio-driven
/// actuators (the haptic drive signal on chosen channels, e.g. a DualSense's rear pair).
///
///     let device = try AlsaDevice(configuration: AlsaConfiguration(pcm: "default"))
///     try device.start(format: DeviceFormat(sampleRate: 48_000, maxBlockFrames: 256))
///
/// The blocking `snd_pcm_writei` is the pacing: the engine renders as fast as the sound card consumes. Underruns
/// (`-EPIPE`) and suspends (`-ESTRPIPE`) are recovered with `snd_pcm_recover`; `-ENODEV` (the card was unplugged)
/// reports `DeviceStatus.removed`.
///
/// The corresponding C calls are `snd_pcm_open`, `snd_pcm_set_params`, `snd_pcm_writei`, `snd_pcm_recover`,
/// `snd_pcm_drain`/`snd_pcm_drop` and `snd_pcm_close`, through `AlsaLibrary` (loaded with `dlopen`).
///
/// - Thread safety: ``start(format:)`` and ``stop()`` from one control thread; ``write(_:)`` from the render thread,
///   never concurrently with them.
/// - Real-time safety: ``write(_:)`` interleaves into memory allocated in ``start(format:)`` and blocks only in
///   `snd_pcm_writei` (alsa-lib itself may take its own locks for plugin PCMs).
public final class AlsaDevice: HapticDevice {
    /// The PCM's description.
    public let info: DeviceInfo
    /// The PCM and channel mapping.
    public let configuration: AlsaConfiguration
    private let library: AlsaLibrary
    nonisolated(unsafe) private var pcm: AlsaLibrary.PCM?
    nonisolated(unsafe) private var buffer: UnsafeMutableRawPointer?
    nonisolated(unsafe) private var bufferFrames = 0
    private let recoveries = Atomic<Int>(0)
    private let bufferedSeconds = Atomic<UInt64>(0)
    private let periodFrames = Atomic<Int>(0)
    private let bufferFrameCount = Atomic<Int>(0)
    nonisolated(unsafe) private var draining = true

    /// A device for `configuration`.
    ///
    /// - Throws: `DeviceError.Code.unsupported` when libasound is not installed.
    public init(configuration: AlsaConfiguration, name: String? = nil) throws(DeviceError) {
        guard let library = AlsaLibrary.shared else {
            throw DeviceError(.unsupported, AlsaLibrary.loadProblem ?? "libasound not available")
        }
        self.library = library
        self.configuration = configuration
        info = DeviceInfo(
            id: configuration.id, name: name ?? "ALSA PCM \(configuration.pcm)", kind: .alsa,
            supportsHaptics: !configuration.hapticChannels.isEmpty, supportsAudio: !configuration.audioChannels.isEmpty,
            isHardware: !configuration.hapticChannels.isEmpty, profile: configuration.profile)
    }

    /// Opens the PCM and closes it again, for choosing an output by its ID (`HAPTIC_DEVICE`): a PCM that cannot be
    /// opened — no such card, a name alsa-lib does not know — is reported where the output is chosen, as a missing
    /// evdev node is, instead of at the engine's start. A PCM that is busy (held by another program, or by an output
    /// of this process) counts as usable: it may be free by the time it is started.
    ///
    /// - Throws: `DeviceError` (`DeviceError.Code.notFound` with alsa-lib's explanation, or another code from errno).
    package func checkOpens() throws(DeviceError) {
        var handle: AlsaLibrary.PCM?
        _ = library.takeLastMessage()
        let openResult = library.open(&handle, configuration.pcm, AlsaLibrary.streamPlayback, AlsaLibrary.openNonBlocking)
        if openResult >= 0, let handle {
            _ = library.close(handle)
            return
        }
        let code = -openResult
        guard code != EBUSY, code != EAGAIN else { return }
        var error = DeviceError(SystemCallError(call: "snd_pcm_open(\(configuration.pcm))", errno: code), device: info.id)
        if let detail = library.takeLastMessage() { error.message += " (alsa-lib: \(detail))" }
        throw error
    }

    /// Opens the PCM for playback and sets format, interleaved access, channels, rate and latency.
    ///
    /// The corresponding C calls are `snd_pcm_open` and `snd_pcm_set_params` (or, for an explicit
    /// `AlsaConfiguration.periods` layout, `snd_pcm_hw_params_*`).
    ///
    /// - Throws: `DeviceError` (`DeviceError.Code.notFound`, `DeviceError.Code.busy`,
    ///   `DeviceError.Code.unsupported` for a format the PCM refuses).
    public func start(format: DeviceFormat) throws(DeviceError) {
        stop()
        var handle: AlsaLibrary.PCM?
        _ = library.takeLastMessage()
        // Open without waiting: a PCM another program holds is EBUSY at once instead of hanging here (where Ctrl-C
        // could not reach us); writes then block as a device write should.
        let openResult = library.open(&handle, configuration.pcm, AlsaLibrary.streamPlayback, AlsaLibrary.openNonBlocking)
        guard openResult >= 0, let handle else {
            var error = DeviceError(SystemCallError(call: "snd_pcm_open(\(configuration.pcm))", errno: -openResult), device: info.id)
            // alsa-lib's own explanation ("Unknown PCM x", "Cannot get card index for 9") says more than errno.
            if let detail = library.takeLastMessage() { error.message += " (alsa-lib: \(detail))" }
            throw error
        }
        _ = library.nonblock(handle, 0)
        let sampleFormat = configuration.sampleFormat == .s16 ? AlsaLibrary.formatS16LE : AlsaLibrary.formatFloatLE
        let channels = UInt32(configuration.channelCount)
        let rate = UInt32(format.sampleRate.rounded())
        let (paramsResult, call): (Int32, String)
        if let periods = configuration.periods {
            guard let hardware = library.hardware else {
                _ = library.close(handle)
                throw DeviceError(.unsupported, "\(info.id): this alsa-lib lacks snd_pcm_hw_params_*: use latency= instead of period=")
            }
            (paramsResult, call) = hardware.configure(
                handle, format: sampleFormat, channels: channels, rate: rate, periodFrames: periods.frames, periodCount: periods.count)
        } else {
            paramsResult = library.setParams(
                handle, sampleFormat, AlsaLibrary.accessReadWriteInterleaved, channels, rate, 1, UInt32(configuration.latency * 1e6))
            call = "snd_pcm_set_params"
        }
        guard paramsResult >= 0 else {
            let detail = library.takeLastMessage().map { " (alsa-lib: \($0))" } ?? ""
            _ = library.close(handle)
            throw DeviceError(.unsupported, "\(info.id): \(call): \(library.describe(paramsResult))\(detail)", errno: -paramsResult)
        }
        var bufferSize: UInt = 0
        var periodSize: UInt = 0
        if library.getParams(handle, &bufferSize, &periodSize) == 0, format.sampleRate > 0 {
            bufferedSeconds.store((Double(bufferSize) / format.sampleRate).bitPattern, ordering: .relaxed)
            periodFrames.store(Int(periodSize), ordering: .relaxed)
            bufferFrameCount.store(Int(bufferSize), ordering: .relaxed)
        }
        let bytesPerSample = configuration.sampleFormat == .s16 ? 2 : 4
        bufferFrames = format.maxBlockFrames
        buffer = .allocate(byteCount: bufferFrames * configuration.channelCount * bytesPerSample, alignment: 16)
        pcm = handle
        recoveries.store(0, ordering: .relaxed)
    }

    /// Interleaves the block (audio bus and haptic drive onto their channels, silence elsewhere) and writes it. With
    /// two haptic channels (a DualSense's left and right voice coils) each takes its own side of the bus (`strong`,
    /// `weak`), so a left-handle engine plays on the left coil only; with one or more than two, each takes the drive.
    ///
    /// - Returns: `.removed` on `-ENODEV`, `.failed(errno:)` when recovery fails, else `.ok`.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        guard let pcm, let buffer else { return .failed(errno: EBADF) }
        let channels = configuration.channelCount
        let frames = Swift.min(block.frameCount, bufferFrames)
        let audio = configuration.audioChannels
        let haptic = configuration.hapticChannels
        if configuration.sampleFormat == .s16 {
            let out = buffer.assumingMemoryBound(to: Int16.self)
            out.update(repeating: 0, count: frames * channels)
            for i in 0..<frames {
                let base = i * channels
                if audio.count == 1 {
                    out[base + audio[0]] = Self.s16(0.5 * (block.audio.left[i] + block.audio.right[i]))
                } else if audio.count >= 2 {
                    out[base + audio[0]] = Self.s16(block.audio.left[i])
                    out[base + audio[1]] = Self.s16(block.audio.right[i])
                }
                if haptic.count == 2 {
                    out[base + haptic[0]] = Self.s16(block.haptic.strong[i])
                    out[base + haptic[1]] = Self.s16(block.haptic.weak[i])
                } else {
                    for c in haptic { out[base + c] = Self.s16(block.haptic.drive[i]) }
                }
            }
        } else {
            let out = buffer.assumingMemoryBound(to: Float.self)
            out.update(repeating: 0, count: frames * channels)
            for i in 0..<frames {
                let base = i * channels
                if audio.count == 1 {
                    out[base + audio[0]] = 0.5 * (block.audio.left[i] + block.audio.right[i])
                } else if audio.count >= 2 {
                    out[base + audio[0]] = block.audio.left[i]
                    out[base + audio[1]] = block.audio.right[i]
                }
                if haptic.count == 2 {
                    out[base + haptic[0]] = block.haptic.strong[i]
                    out[base + haptic[1]] = block.haptic.weak[i]
                } else {
                    for c in haptic { out[base + c] = block.haptic.drive[i] }
                }
            }
        }
        let bytesPerFrame = channels * (configuration.sampleFormat == .s16 ? 2 : 4)
        var written = 0
        while written < frames {
            let result = library.writei(pcm, buffer + written * bytesPerFrame, UInt(frames - written))
            if result >= 0 {
                written += result
                continue
            }
            let code = Int32(truncatingIfNeeded: result)
            if code == -ENODEV { return .removed }
            // -EPIPE (underrun), -ESTRPIPE (suspend), -EINTR: alsa-lib's recovery, then retry.
            let recovered = library.recover(pcm, code, 1)
            if recovered < 0 { return recovered == -ENODEV ? .removed : .failed(errno: -recovered) }
            recoveries.add(1, ordering: .relaxed)
        }
        return .ok
    }

    @inline(__always)
    private static func s16(_ value: Float) -> Int16 {
        let clamped = Swift.min(Swift.max(value, -1), 1)
        return Int16((clamped * 32767).rounded())
    }

    /// The buffer alsa-lib gave the PCM since ``start(format:)``: its size and period in frames (0 before a start).
    public var bufferConfiguration: (bufferFrames: Int, periodFrames: Int) {
        (bufferFrameCount.load(ordering: .relaxed), periodFrames.load(ordering: .relaxed))
    }

    /// The time a sample waits in the PCM's buffer before it plays, at most: the buffer's length.
    public var reportedLatency: Double? {
        let seconds = Double(bitPattern: bufferedSeconds.load(ordering: .relaxed))
        return seconds > 0 ? seconds : nil
    }

    /// False: an ALSA stream underruns when it is not fed, so the render thread keeps writing (silence) while idle.
    public var toleratesIdlePauses: Bool { false }

    /// Underruns and suspends recovered since ``start(format:)`` (readable from any thread).
    public var recoveredErrorCount: Int { recoveries.load(ordering: .relaxed) }

    /// Plays out what is queued (`snd_pcm_drain`) and closes the PCM. Safe to call twice.
    ///
    /// The corresponding C calls are `snd_pcm_drain` and `snd_pcm_close`.
    public func stop() {
        if let pcm {
            _ = library.drain(pcm)
            _ = library.close(pcm)
        }
        pcm = nil
        buffer?.deallocate()
        buffer = nil
    }
}
#endif
