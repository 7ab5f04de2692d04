import HapticSystem

/// zlib loaded at run time (`dlopen("libz.so.1")`), for the deflate stream and CRC-32 checksums of PNG files.
///
/// zlib is on every Linux system (Foundation itself links it), but its development headers are not, so, like
/// ALSA in `HapticDevices`, the three functions used are declared here and looked up by name: building needs no
/// `zlib1g-dev`.
///
///     let stream = try Zlib.shared.compress(bytes)   // a zlib stream: header, deflate data, Adler-32
///
/// - Thread safety: the functions are reentrant; ``shared`` is loaded once.
package struct Zlib: @unchecked Sendable {
    // @unchecked: C function pointers are immutable after loading.

    /// Why zlib could not be used.
    package struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong.
        package var description: String
    }

    /// `int compress2(Bytef *dest, uLongf *destLen, const Bytef *source, uLong sourceLen, int level)`.
    private let compress2:
        @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt, Int32) -> Int32
    /// `uLong compressBound(uLong sourceLen)`.
    private let compressBound: @convention(c) (UInt) -> UInt
    /// `uLong crc32(uLong crc, const Bytef *buf, uInt len)`.
    private let crc32Function: @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    /// The library, or the reason it is missing.
    package static let shared: Result<Zlib, Unavailable> = load()

    /// The library's file names, most specific first.
    private static var names: [String] {
        #if canImport(Darwin)
        ["libz.1.dylib", "/usr/lib/libz.1.dylib"]
        #else
        ["libz.so.1", "libz.so"]
        #endif
    }

    private static func load() -> Result<Zlib, Unavailable> {
        typealias Compress2 =
            @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt, Int32) -> Int32
        let loaded = DynamicLibrary.load(names) { library throws(DynamicLibrary.LoadError) in
            try Zlib(
                compress2: library.symbol("compress2", as: Compress2.self),
                compressBound: library.symbol("compressBound", as: (@convention(c) (UInt) -> UInt).self),
                crc32Function: library.symbol("crc32", as: (@convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt).self))
        }
        return loaded.mapError { problem in Unavailable(description: "zlib (\(names[0])) could not be loaded: \(problem)") }
    }

    /// `bytes` as a zlib stream (RFC 1950: header, deflate data, Adler-32) at compression `level` 0 … 9.
    ///
    /// - Throws: ``Unavailable`` if zlib reports an error (it only does when out of memory).
    package func compress(_ bytes: [UInt8], level: Int32 = 9) throws(Unavailable) -> [UInt8] {
        var capacity = compressBound(UInt(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(capacity))
        let status = out.withUnsafeMutableBufferPointer { destination in
            bytes.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &capacity, source.baseAddress, UInt(source.count), level)
            }
        }
        guard status == 0 else { throw Unavailable(description: "zlib compress2 failed with status \(status)") }
        out.removeSubrange(Int(capacity)...)
        return out
    }

    /// The CRC-32 (ISO 3309, as PNG chunks and gzip use) of `bytes`.
    package func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt = 0
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            repeat {  // uInt lengths: feed at most 1 GiB at a time.
                let count = Swift.min(buffer.count - offset, 1 << 30)
                crc = crc32Function(crc, buffer.baseAddress.map { $0 + offset }, UInt32(count))
                offset += count
            } while offset < buffer.count
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
