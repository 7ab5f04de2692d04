#if os(Linux)
import HapticSystem

/// libasound loaded at run time (`dlopen("libasound.so.2")`, falling back to `"libasound.so"`), with our own
/// declarations of the few types, constants and functions the ALSA back-end uses, so building needs no
/// `libasound2-dev`. A missing library means the back-end is absent, not an error.
///
/// - Thread safety: ``shared`` is loaded once; the function pointers may be called from any thread as alsa-lib
///   allows (one thread per `snd_pcm_t`).
package struct AlsaLibrary: @unchecked Sendable {
    // @unchecked: C function pointers are immutable after loading.

    /// `snd_pcm_t *`.
    package typealias PCM = OpaquePointer

    /// `SND_PCM_STREAM_PLAYBACK`.
    package static let streamPlayback: Int32 = 0
    /// `SND_PCM_NONBLOCK`: open without waiting for a device another program holds.
    package static let openNonBlocking: Int32 = 1
    /// `SND_PCM_ACCESS_RW_INTERLEAVED`.
    package static let accessReadWriteInterleaved: Int32 = 3
    /// `SND_PCM_FORMAT_S16_LE`.
    package static let formatS16LE: Int32 = 2
    /// `SND_PCM_FORMAT_FLOAT_LE`.
    package static let formatFloatLE: Int32 = 14

    /// `int snd_pcm_open(snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode)`.
    package let open: @convention(c) (UnsafeMutablePointer<PCM?>, UnsafePointer<CChar>, Int32, Int32) -> Int32
    /// `int snd_pcm_set_params(snd_pcm_t *, snd_pcm_format_t, snd_pcm_access_t, unsigned channels, unsigned rate,
    /// int soft_resample, unsigned latency_us)`.
    package let setParams: @convention(c) (PCM, Int32, Int32, UInt32, UInt32, Int32, UInt32) -> Int32
    /// `snd_pcm_sframes_t snd_pcm_writei(snd_pcm_t *, const void *buffer, snd_pcm_uframes_t frames)`.
    package let writei: @convention(c) (PCM, UnsafeRawPointer, UInt) -> Int
    /// `int snd_pcm_recover(snd_pcm_t *, int err, int silent)`.
    package let recover: @convention(c) (PCM, Int32, Int32) -> Int32
    /// `int snd_pcm_drain(snd_pcm_t *)`.
    package let drain: @convention(c) (PCM) -> Int32
    /// `int snd_pcm_drop(snd_pcm_t *)`.
    package let drop: @convention(c) (PCM) -> Int32
    /// `int snd_pcm_close(snd_pcm_t *)`.
    package let close: @convention(c) (PCM) -> Int32
    /// `int snd_pcm_nonblock(snd_pcm_t *pcm, int nonblock)`.
    package let nonblock: @convention(c) (PCM, Int32) -> Int32
    /// `int snd_pcm_get_params(snd_pcm_t *pcm, snd_pcm_uframes_t *buffer_size, snd_pcm_uframes_t *period_size)`.
    package let getParams: @convention(c) (PCM, UnsafeMutablePointer<UInt>, UnsafeMutablePointer<UInt>) -> Int32
    /// The `snd_pcm_hw_params_*` calls for an explicit period configuration, or `nil` when the library lacks one.
    package let hardware: AlsaHardwareParameters?
    /// `const char *snd_strerror(int errnum)`.
    package let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    /// The name the library was loaded under.
    package let loadedName: String

    /// The library, or `nil` (with the reason in ``loadProblem``) when it is not installed.
    package static var shared: AlsaLibrary? { try? loaded.get() }
    /// Why ``shared`` is `nil`.
    package static var loadProblem: String? {
        guard case .failure(let error) = loaded else { return nil }
        return "libasound.so.2 not found (\(error)): ALSA back-end absent"
    }
    private static let loaded = DynamicLibrary.load(["libasound.so.2", "libasound.so"]) { library throws(DynamicLibrary.LoadError) in
        let table = try AlsaLibrary(
            open: library.symbol(
                "snd_pcm_open", as: (@convention(c) (UnsafeMutablePointer<PCM?>, UnsafePointer<CChar>, Int32, Int32) -> Int32).self),
            setParams: library.symbol(
                "snd_pcm_set_params", as: (@convention(c) (PCM, Int32, Int32, UInt32, UInt32, Int32, UInt32) -> Int32).self),
            writei: library.symbol("snd_pcm_writei", as: (@convention(c) (PCM, UnsafeRawPointer, UInt) -> Int).self),
            recover: library.symbol("snd_pcm_recover", as: (@convention(c) (PCM, Int32, Int32) -> Int32).self),
            drain: library.symbol("snd_pcm_drain", as: (@convention(c) (PCM) -> Int32).self),
            drop: library.symbol("snd_pcm_drop", as: (@convention(c) (PCM) -> Int32).self),
            close: library.symbol("snd_pcm_close", as: (@convention(c) (PCM) -> Int32).self),
            nonblock: library.symbol("snd_pcm_nonblock", as: (@convention(c) (PCM, Int32) -> Int32).self),
            getParams: library.symbol(
                "snd_pcm_get_params", as: (@convention(c) (PCM, UnsafeMutablePointer<UInt>, UnsafeMutablePointer<UInt>) -> Int32).self),
            hardware: AlsaHardwareParameters { library.optionalSymbol($0, as: UnsafeMutableRawPointer.self) },
            strerror: library.symbol("snd_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
            loadedName: library.name)
        // alsa-lib prints its own errors ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM x") to standard
        // error; capture them instead, to put into our errors (takeLastMessage()).
        typealias ErrorHandlerSetter = @convention(c) (UnsafeMutableRawPointer?) -> Int32
        if let setHandler = library.optionalSymbol("snd_lib_error_set_handler", as: ErrorHandlerSetter.self) {
            _ = setHandler(ALSAErrorCapture.handler)
        }
        return table
    }

    /// The last message alsa-lib reported on this thread ("Unknown PCM nonexistent"), cleared by reading; `nil` when
    /// there was none.
    package func takeLastMessage() -> String? {
        ALSAErrorCapture.takeLast()
    }

    /// alsa-lib's text for a negative error code.
    package func describe(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "ALSA error \(code)"
    }
}
#endif
