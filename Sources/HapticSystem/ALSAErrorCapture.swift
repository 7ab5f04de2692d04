#if os(Linux)
import CHapticSupport

/// Catches alsa-lib's own error messages ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM x"), which it
/// would print to standard error, so the ALSA back-end can put them into its errors instead.
///
///     _ = setHandler(ALSAErrorCapture.handler)     // snd_lib_error_set_handler, found with DynamicLibrary
///     …
///     let message = ALSAErrorCapture.takeLast()    // "Unknown PCM nonexistent"
///
/// alsa-lib's handler is variadic, which Swift cannot write: the C shim formats the message into a per-thread buffer.
///
/// - Thread safety: each thread has its own last message.
package enum ALSAErrorCapture {
    /// The handler to pass to `snd_lib_error_set_handler`.
    package static var handler: UnsafeMutableRawPointer? { CHapticSupport_alsaErrorHandlerPointer() }

    /// The last message alsa-lib reported on this thread, cleared by reading; `nil` when there was none.
    package static func takeLast() -> String? {
        let text = String(cString: CHapticSupport_alsaTakeLastError())
        return text.isEmpty ? nil : text
    }
}
#endif
