/// A shared library loaded at run time (`dlopen`), and its entry points looked up by name with their C types
/// (`dlsym`): the package's one loader, for every library it uses without linking it (libasound, libsndfile,
/// libmpg123, zlib), so building needs none of their development packages and a missing library is a clear error,
/// not a failed start.
///
/// Each library keeps its own file with its symbol table (a struct of typed function pointers) and loads it once,
/// in a `static let`:
///
///     static let shared = DynamicLibrary.load(["libz.so.1", "libz.so"]) { library throws(DynamicLibrary.LoadError) in
///         Zlib(crc32: try library.symbol("crc32", as: (@convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt).self))
///     }
///
/// The candidates are tried in order (a versioned soname first, then the development name or a path); a candidate
/// that opens but lacks an entry point is closed again and the next one tried. The library stays loaded for the
/// life of the process once its table is built (its function pointers are kept).
///
/// - Thread safety: loading takes the C library's loader lock; the returned table is immutable.
package struct DynamicLibrary: @unchecked Sendable {
    // @unchecked: the handle is an immutable token of the C loader.

    /// Why a library or one of its entry points could not be loaded.
    package struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The library's file name as asked for (`"libsndfile.so.1"`).
        package var library: String
        /// The missing entry point, or `nil` when the library itself did not open.
        package var symbol: String?
        /// The loader's reason (`dlerror`'s text), or what was missing.
        package var reason: String

        /// Creates an error.
        package init(library: String, symbol: String? = nil, reason: String) {
            self.library = library
            self.symbol = symbol
            self.reason = reason
        }

        /// `libfoo.so.1 lacks the entry point foo_open` or the loader's text, which names the file.
        package var description: String { reason }
    }

    /// The name the library was opened under (one of the candidates).
    package let name: String
    private let handle: UnsafeMutableRawPointer

    /// Opens the first of `candidates` that loads and has every entry point `table` asks for.
    ///
    /// - Parameters:
    ///   - candidates: file names or paths, most specific first (`["libasound.so.2", "libasound.so"]`).
    ///   - table: builds the library's table from the opened library with ``symbol(_:as:)``; a thrown
    ///     ``LoadError`` closes this candidate and tries the next.
    /// - Returns: the table, or the last candidate's error (a candidate list that is empty: "no library named").
    package static func load<Table>(
        _ candidates: [String], table: (DynamicLibrary) throws(LoadError) -> Table
    ) -> Result<Table, LoadError> {
        var failure = LoadError(library: candidates.first ?? "", reason: "no library named")
        for candidate in candidates {
            switch open(candidate) {
            case .failure(let error):
                failure = error
            case .success(let library):
                do throws(LoadError) {
                    return .success(try table(library))
                } catch {
                    failure = error
                    library.close()
                }
            }
        }
        return .failure(failure)
    }

    /// Opens one library file: `dlopen(name, RTLD_NOW | RTLD_LOCAL)`.
    ///
    /// - Returns: the library, or the loader's reason it did not open.
    package static func open(_ name: String) -> Result<DynamicLibrary, LoadError> {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "\(name) could not be loaded"
            return .failure(LoadError(library: name, reason: reason))
        }
        return .success(DynamicLibrary(name: name, handle: handle))
    }

    /// The entry point `symbolName`, as the C function type `type`.
    ///
    /// - Throws: ``LoadError`` naming the library and the symbol when the library does not export it.
    package func symbol<T>(_ symbolName: String, as type: T.Type) throws(LoadError) -> T {
        guard let pointer = optionalSymbol(symbolName, as: type) else {
            throw LoadError(library: name, symbol: symbolName, reason: "\(name) lacks the entry point \(symbolName)")
        }
        return pointer
    }

    /// The entry point `symbolName` as `type`, or `nil` when the library does not export it (an optional feature:
    /// newer calls an older library may lack).
    package func optionalSymbol<T>(_ symbolName: String, as type: T.Type) -> T? {
        guard let pointer = dlsym(handle, symbolName) else { return nil }
        return unsafeBitCast(pointer, to: type)
    }

    /// Unloads the library (`dlclose`); only for one whose table was not kept.
    package func close() {
        dlclose(handle)
    }
}
