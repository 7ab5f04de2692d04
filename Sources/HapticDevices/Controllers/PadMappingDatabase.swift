import HapticSystem

/// The SDL game controller mappings a process was given, by pad: read once from SDL2's own environment variables so
/// users' existing set-ups work, and looked up for each pad that connects.
///
///     SDL_GAMECONTROLLERCONFIG_FILE=~/gamecontrollerdb.txt              # a file of lines (platform:Linux only)
///     SDL_GAMECONTROLLERCONFIG='0300…0000,My Stick,a:b2,b:b1,…'         # lines, one per line of the variable
///
/// The file's lines are read first, then the variable's: as in SDL2, a later line for the same GUID and CRC (or both
/// without one) replaces an earlier one in its place, so the variable overrides the file. A line's `hint:` field is
/// read from the same environment (``PadMappingParser``). The file is read safely: a regular file only (a FIFO or device
/// is refused without waiting), at most ``maximumFileSize`` bytes (reading stops one byte past it), its bytes taken
/// as UTF-8. Every line that cannot be used is a ``PadMappingProblem``, and the other lines still load.
///
/// - Thread safety: a value type.
package struct PadMappingDatabase: Sendable {
    /// SDL2's variable of mapping lines (`SDL_HINT_GAMECONTROLLERCONFIG`).
    package static let linesVariable = "SDL_GAMECONTROLLERCONFIG"
    /// SDL2's variable naming a file of mapping lines (`SDL_HINT_GAMECONTROLLERCONFIG_FILE`).
    package static let fileVariable = "SDL_GAMECONTROLLERCONFIG_FILE"
    /// The largest mapping file read: 4 MiB (SDL's whole community database is well under 1 MiB).
    package static let maximumFileSize = 4 << 20
    /// The most problems ``messages`` lists one by one.
    package static let listedProblemLimit = 20

    /// The mappings, in SDL's list order: the order their GUID and CRC first came, each the last line for them.
    package private(set) var mappings: [PadMapping] = []
    /// The lines and sources that could not be used, in order.
    package private(set) var problems: [PadMappingProblem] = []
    /// How many lines were for other platforms (skipped).
    package private(set) var otherPlatformLines = 0
    /// How many lines their `hint:` field turned off (skipped).
    package private(set) var hintDisabledLines = 0
    /// Where in ``mappings`` each GUID's lines are, in order.
    private var indices: [PadMappingGUID: [Int]] = [:]

    /// An empty database.
    package init() {}

    /// A database of `mappings` (a later one for the same GUID replaces an earlier one).
    package init(_ mappings: [PadMapping]) { add(PadMappingParser.Result(mappings: mappings)) }

    /// The mappings of `environment`'s ``fileVariable`` and ``linesVariable``, in that order.
    ///
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - readFile: reads a file, bounded (tests replace it); by default ``readFile(_:)``.
    package static func load(
        environment: [String: String], readFile: (String) -> Swift.Result<String, PadMappingFileError> = { readFile($0) }
    ) -> PadMappingDatabase {
        var database = PadMappingDatabase()
        if let path = environment[fileVariable], !path.isEmpty {
            let source = "\(fileVariable)=\(path)"
            switch readFile(path) {
            case .success(let text):
                database.add(PadMappingParser.parse(text, source: source, requiresPlatform: true, environment: environment))
            case .failure(let error):
                database.problems.append(PadMappingProblem(source: source, line: 0, column: 0, message: error.message))
            }
        }
        if let lines = environment[linesVariable], !lines.isEmpty {
            database.add(PadMappingParser.parse(lines, source: linesVariable, requiresPlatform: false, environment: environment))
        }
        return database
    }

    /// Adds what a parse found (a later line replaces an earlier one of the same GUID and CRC, in its place).
    package mutating func add(_ result: PadMappingParser.Result) {
        for mapping in result.mappings {
            if let index = indices[mapping.guid]?.first(where: { mappings[$0].crc == mapping.crc }) {
                mappings[index] = mapping
            } else {
                indices[mapping.guid, default: []].append(mappings.count)
                mappings.append(mapping)
            }
        }
        problems += result.problems
        otherPlatformLines += result.otherPlatforms
        hintDisabledLines += result.hintDisabled
    }

    /// The mapping for `controller`, as SDL2 picks it: among the lines whose GUID is the pad's (bus, vendor, product,
    /// version), the one whose CRC is that of the pad's name, else the first without a CRC; if none, the same among
    /// the lines that differ only in the version (for a pad with a vendor and a product). A line with another CRC
    /// never applies. `nil` for a simulated pad, or when no line matches.
    package func mapping(for controller: ControllerInfo) -> PadMapping? {
        guard !controller.isSimulated else { return nil }
        return mapping(for: PadMappingGUID(controller))
    }

    /// The mapping for a pad whose GUID is `guid`, its ``PadMappingGUID/crc`` the pad's name's (as the
    /// `ControllerInfo` overload picks it).
    package func mapping(for guid: PadMappingGUID) -> PadMapping? {
        guard !mappings.isEmpty else { return nil }
        if let exact = Self.match(crc: guid.crc, among: (indices[guid] ?? []).lazy.map { mappings[$0] }) { return exact }
        guard guid.vendor != 0, guid.product != 0 else { return nil }
        let loose = guid.withoutVersion
        return Self.match(crc: guid.crc, among: mappings.lazy.filter { $0.guid.withoutVersion == loose })
    }

    /// SDL2's pick among the lines of one GUID, in list order: the first whose CRC is `crc`, else the first without one.
    private static func match(crc: UInt16, among candidates: some Sequence<PadMapping>) -> PadMapping? {
        var firstWithoutCRC: PadMapping?
        for candidate in candidates {
            guard let lineCRC = candidate.crc else {
                firstWithoutCRC = firstWithoutCRC ?? candidate
                continue
            }
            if lineCRC == crc { return candidate }
        }
        return firstWithoutCRC
    }

    /// Messages for a user: the first ``listedProblemLimit`` problems, then how many more there were.
    package var messages: [String] {
        var messages = problems.prefix(Self.listedProblemLimit).map(\.description)
        if problems.count > Self.listedProblemLimit {
            messages.append("\(problems.count - Self.listedProblemLimit) more mapping lines skipped")
        }
        return messages
    }

    /// Reads the file at `path` as text, bounded: a regular file of at most ``maximumFileSize`` bytes.
    ///
    /// The corresponding calls are `open(O_RDONLY | O_NONBLOCK)`, `fstat`, `read` and `close`.
    package static func readFile(_ path: String) -> Swift.Result<String, PadMappingFileError> {
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try Posix.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        } catch {
            return .failure(PadMappingFileError("cannot open the file: \(Posix.describe(errno: error.errno))"))
        }
        defer { try? Posix.close(descriptor) }
        guard let status = try? Posix.fstat(descriptor), status.st_mode & S_IFMT == S_IFREG else {
            return .failure(PadMappingFileError("not a regular file; only regular files are read"))
        }
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count: Int
            do throws(SystemCallError) {
                count = try Posix.read(descriptor, into: chunk)
            } catch {
                return .failure(PadMappingFileError("cannot read the file: \(Posix.describe(errno: error.errno))"))
            }
            if count == 0 { break }
            bytes += UnsafeRawBufferPointer(rebasing: chunk[0..<count])
            if bytes.count > maximumFileSize {
                return .failure(PadMappingFileError("larger than \(maximumFileSize) bytes (PadMappingDatabase.maximumFileSize); not read"))
            }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}

/// Why a mapping file could not be read.
package struct PadMappingFileError: Error, Sendable, Hashable {
    /// What went wrong.
    package var message: String

    /// An error saying `message`.
    package init(_ message: String) { self.message = message }
}
