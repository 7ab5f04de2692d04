import CHapticSupport
import HapticSystem

/// libsndfile loaded at run time (`dlopen("libsndfile.so.1")`), for the compressed audio `haptic from-audio` reads:
/// FLAC, Ogg/Vorbis and, from libsndfile 1.1, MP3.
///
/// Like ALSA in `HapticDevices`, the few functions used are declared here (and `SF_INFO` in the C shim) and looked
/// up by name, so building needs no `libsndfile1-dev`. When the library is missing, WAV still works (our own
/// decoder) and the other formats fail with an error naming the library and the package to install.
///
/// `OPENCOREHAPTICS_LIBSNDFILE` names another file to load instead (a path or a library name); tests set it to a
/// file that does not exist to see the error a machine without libsndfile gives.
///
/// - Thread safety: ``shared`` is loaded once; one `SNDFILE` handle is used from one thread at a time.
package struct SoundFileLibrary: @unchecked Sendable {
    // @unchecked: C function pointers are immutable after loading.

    /// `SNDFILE *`.
    package typealias Handle = OpaquePointer
    /// `SF_INFO`.
    package typealias Info = CHapticSupport_SoundFileInfo

    /// Why libsndfile could not be used.
    package struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong, naming the library and how to install it.
        package var description: String
    }

    /// `SFM_READ`.
    package static let modeRead: Int32 = 0x10
    /// `SFM_WRITE`.
    package static let modeWrite: Int32 = 0x20
    /// `SF_FORMAT_WAV`, `SF_FORMAT_FLAC`, `SF_FORMAT_OGG`, `SF_FORMAT_MPEG` (major formats).
    package static let formatWAV: Int32 = 0x01_0000
    package static let formatFLAC: Int32 = 0x17_0000
    package static let formatOgg: Int32 = 0x20_0000
    package static let formatMPEG: Int32 = 0x23_0000
    /// `SF_FORMAT_PCM_16`, `SF_FORMAT_VORBIS`, `SF_FORMAT_MPEG_LAYER_III` (subtypes).
    package static let subtypePCM16: Int32 = 0x0002
    package static let subtypeVorbis: Int32 = 0x0060
    package static let subtypeMPEGLayer3: Int32 = 0x0082
    /// `SF_FORMAT_TYPEMASK`.
    package static let typeMask: Int32 = 0x0FFF_0000

    /// `SNDFILE *sf_open_fd(int fd, int mode, SF_INFO *sfinfo, int close_desc)`.
    package let openDescriptor: @convention(c) (Int32, Int32, UnsafeMutablePointer<Info>, Int32) -> Handle?
    /// `SNDFILE *sf_open(const char *path, int mode, SF_INFO *sfinfo)` (tests write fixtures with it).
    package let open: @convention(c) (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<Info>) -> Handle?
    /// `sf_count_t sf_readf_float(SNDFILE *, float *ptr, sf_count_t frames)`.
    package let readFrames: @convention(c) (Handle, UnsafeMutablePointer<Float>, Int64) -> Int64
    /// `sf_count_t sf_writef_float(SNDFILE *, const float *ptr, sf_count_t frames)`.
    package let writeFrames: @convention(c) (Handle, UnsafePointer<Float>, Int64) -> Int64
    /// `int sf_close(SNDFILE *)`.
    package let close: @convention(c) (Handle) -> Int32
    /// `int sf_error(SNDFILE *)`: the handle's last error number, 0 for none. A read that returns 0 frames is the
    /// end of the stream only when this is 0; otherwise the decoder stopped on damaged or missing data.
    package let error: @convention(c) (Handle) -> Int32
    /// `const char *sf_strerror(SNDFILE *)`: the handle's last error, or with `nil` the last `sf_open` error.
    package let strerror: @convention(c) (Handle?) -> UnsafePointer<CChar>?
    /// `const char *sf_version_string(void)`.
    package let versionString: @convention(c) () -> UnsafePointer<CChar>?
    /// The name the library was loaded under.
    package let loadedName: String

    /// The environment variable that names another library file to load.
    package static let overrideVariable = "OPENCOREHAPTICS_LIBSNDFILE"
    /// The library, or the reason it is missing.
    package static let shared: Result<SoundFileLibrary, Unavailable> = {
        if let override = ProcessEnvironment.current[overrideVariable], !override.isEmpty {
            return load(names: [override])
        }
        return load(names: ["libsndfile.so.1", "libsndfile.so"])
    }()

    /// Loads the first of `names` that opens and has every function.
    package static func load(names: [String]) -> Result<SoundFileLibrary, Unavailable> {
        let loaded = DynamicLibrary.load(names) { library throws(DynamicLibrary.LoadError) in
            try SoundFileLibrary(
                openDescriptor: library.symbol(
                    "sf_open_fd", as: (@convention(c) (Int32, Int32, UnsafeMutablePointer<Info>, Int32) -> Handle?).self),
                open: library.symbol(
                    "sf_open", as: (@convention(c) (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<Info>) -> Handle?).self),
                readFrames: library.symbol(
                    "sf_readf_float", as: (@convention(c) (Handle, UnsafeMutablePointer<Float>, Int64) -> Int64).self),
                writeFrames: library.symbol(
                    "sf_writef_float", as: (@convention(c) (Handle, UnsafePointer<Float>, Int64) -> Int64).self),
                close: library.symbol("sf_close", as: (@convention(c) (Handle) -> Int32).self),
                error: library.symbol("sf_error", as: (@convention(c) (Handle) -> Int32).self),
                strerror: library.symbol("sf_strerror", as: (@convention(c) (Handle?) -> UnsafePointer<CChar>?).self),
                versionString: library.symbol("sf_version_string", as: (@convention(c) () -> UnsafePointer<CChar>?).self),
                loadedName: library.name)
        }
        return loaded.mapError { problem in
            Unavailable(
                description:
                    "FLAC, Ogg/Vorbis and MP3 are read with libsndfile (\(names.first ?? "libsndfile.so.1")), which could not be loaded: \(problem); install it (Debian and Ubuntu: apt-get install libsndfile1), or convert the audio to WAV"
            )
        }
    }

    /// libsndfile's message for `handle`'s last error (or the last failed open with `nil`).
    package func describe(_ handle: Handle?) -> String {
        strerror(handle).map { String(cString: $0) } ?? "unknown libsndfile error"
    }

    /// libsndfile's version ("libsndfile-1.2.0").
    package var version: String { versionString().map { String(cString: $0) } ?? "libsndfile" }
}
