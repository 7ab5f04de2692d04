import HapticSystem

/// libmpg123 loaded at run time (`dlopen("libmpg123.so.0")`), for MP3: the decoder libsndfile uses, called directly
/// so that it can be told to be quiet.
///
/// libsndfile opens its mpg123 handle without `MPG123_QUIET` and offers no way to set it, so a damaged or cut MP3
/// made libmpg123 print its own notes ("Note: Illegal Audio-MPEG-Header …", "Warning: Xing stream size off …")
/// to standard error around ours. Redirecting standard error while decoding would also swallow what other threads
/// write; setting the handle's `MPG123_QUIET` flag is the library's own switch. When libmpg123 is missing, MP3 goes
/// through libsndfile as before.
///
/// - Thread safety: ``shared`` is loaded once; one handle is used from one thread at a time.
package struct MPEGAudioLibrary: @unchecked Sendable {
    // @unchecked: C function pointers are immutable after loading.

    /// `mpg123_handle *`.
    package typealias Handle = OpaquePointer

    /// `MPG123_ADD_FLAGS` (a `mpg123_parms` value).
    static let addFlags: Int32 = 2
    /// `MPG123_QUIET | MPG123_FORCE_FLOAT`.
    static let quietFloatFlags = 0x20 | 0x400
    /// `MPG123_ENC_FLOAT_32`.
    static let encodingFloat32: Int32 = 0x200
    /// `MPG123_OK`, `MPG123_NEW_FORMAT`, `MPG123_DONE`.
    static let ok: Int32 = 0
    static let newFormat: Int32 = -11
    static let done: Int32 = -12

    /// `mpg123_handle *mpg123_new(const char *decoder, int *error)`.
    let new: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?) -> Handle?
    /// `int mpg123_param(mpg123_handle *, enum mpg123_parms, long, double)`.
    let param: @convention(c) (Handle, Int32, Int, Double) -> Int32
    /// `int mpg123_open_fd(mpg123_handle *, int fd)` (the descriptor stays open after `mpg123_close`).
    let openDescriptor: @convention(c) (Handle, Int32) -> Int32
    /// `int mpg123_getformat(mpg123_handle *, long *rate, int *channels, int *encoding)`.
    let getFormat: @convention(c) (Handle, UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Int32
    /// `int mpg123_format_none(mpg123_handle *)`.
    let formatNone: @convention(c) (Handle) -> Int32
    /// `int mpg123_format(mpg123_handle *, long rate, int channels, int encodings)`.
    let format: @convention(c) (Handle, Int, Int32, Int32) -> Int32
    /// `off_t mpg123_length(mpg123_handle *)`: the frames the stream announces (exact with a Xing header).
    let length: @convention(c) (Handle) -> Int
    /// `int mpg123_read(mpg123_handle *, void *out, size_t size, size_t *done)`.
    let read: @convention(c) (Handle, UnsafeMutableRawPointer, Int, UnsafeMutablePointer<Int>) -> Int32
    /// `const char *mpg123_strerror(mpg123_handle *)`.
    let strerror: @convention(c) (Handle) -> UnsafePointer<CChar>?
    /// `int mpg123_close(mpg123_handle *)`.
    let close: @convention(c) (Handle) -> Int32
    /// `void mpg123_delete(mpg123_handle *)`.
    let delete: @convention(c) (Handle) -> Void

    /// The library, or `nil` when it cannot be loaded (MP3 then goes through libsndfile).
    package static let shared: MPEGAudioLibrary? = load(name: "libmpg123.so.0")

    static func load(name: String) -> MPEGAudioLibrary? {
        typealias New = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?) -> Handle?
        typealias Open = @convention(c) (Handle, Int32) -> Int32
        typealias GetFormat =
            @convention(c) (
                Handle, UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>
            ) -> Int32
        typealias Read = @convention(c) (Handle, UnsafeMutableRawPointer, Int, UnsafeMutablePointer<Int>) -> Int32
        let loaded = DynamicLibrary.load([name]) { library throws(DynamicLibrary.LoadError) in
            try MPEGAudioLibrary(
                new: library.symbol("mpg123_new", as: New.self),
                param: library.symbol("mpg123_param", as: (@convention(c) (Handle, Int32, Int, Double) -> Int32).self),
                openDescriptor: library.symbol("mpg123_open_fd", as: Open.self),
                getFormat: library.symbol("mpg123_getformat", as: GetFormat.self),
                formatNone: library.symbol("mpg123_format_none", as: (@convention(c) (Handle) -> Int32).self),
                format: library.symbol("mpg123_format", as: (@convention(c) (Handle, Int, Int32, Int32) -> Int32).self),
                length: library.symbol("mpg123_length", as: (@convention(c) (Handle) -> Int).self),
                read: library.symbol("mpg123_read", as: Read.self),
                strerror: library.symbol("mpg123_strerror", as: (@convention(c) (Handle) -> UnsafePointer<CChar>?).self),
                close: library.symbol("mpg123_close", as: (@convention(c) (Handle) -> Int32).self),
                delete: library.symbol("mpg123_delete", as: (@convention(c) (Handle) -> Void).self))
        }
        return try? loaded.get()
    }

    /// The handle's last error, in words.
    func describe(_ handle: Handle) -> String { strerror(handle).map { String(cString: $0) } ?? "unknown libmpg123 error" }
}
