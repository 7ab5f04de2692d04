import HapticSystem

extension WAVDevice {
    /// Checks that a recording to `path` can be created: its folder exists, is a folder and may be written, and
    /// `path` itself is a regular file or does not exist yet (not a folder, a named pipe, a device or a socket:
    /// ``WAVFileWriter`` refuses those, and opening a named pipe would wait for a reader). Device discovery calls it
    /// before making the device, so a `wav:` that cannot record is refused there (and `HAPTIC_DEVICE` falls back to
    /// the simulated actuator with a diagnostic) like a missing evdev node, instead of failing or hanging the
    /// engine's start.
    ///
    ///     try WAVDevice.checkFolder(of: "/tmp/out.wav")
    ///
    /// The corresponding C calls are `stat` and `access(W_OK)`.
    ///
    /// - Parameter path: the file to record to.
    /// - Throws: ``DeviceError/Code/notFound`` for a missing folder, a folder that is a file, or a `path` that is a
    ///   folder; ``DeviceError/Code/unsupported`` for a `path` that is a named pipe, a device or a socket;
    ///   ``DeviceError/Code/permissionDenied`` for a folder the process may not write.
    public static func checkFolder(of path: String) throws(DeviceError) {
        let id = "wav:\(path)"
        // The folder is the bytes before the last "/" ("/" itself for "/name"; "." for a bare name).
        let bytes = Array(path.utf8)
        let folder: String
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
            folder = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
        } else {
            folder = "."
        }
        if let status = try? Posix.stat(path), let problem = WAVFileWriter.problem(withFileMode: status.st_mode) {
            guard (status.st_mode & S_IFMT) != S_IFDIR else {
                throw DeviceError(.notFound, "\(id): is a folder; name a file to record to, e.g. wav:\(path)/out.wav")
            }
            throw WAVFileWriter.refusal(path, problem)
        }
        let status: stat
        do throws(SystemCallError) {
            status = try Posix.stat(folder)
        } catch {
            let code = error.errno
            throw DeviceError(
                .notFound,
                "\(id): cannot record: the folder '\(folder)' \(code == ENOENT ? "does not exist" : Posix.describe(errno: code))",
                errno: code)
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            throw DeviceError(.notFound, "\(id): cannot record: '\(folder)' is not a folder")
        }
        do throws(SystemCallError) {
            try Posix.access(folder, W_OK)
        } catch {
            throw DeviceError(
                .permissionDenied,
                "\(id): cannot record: the folder '\(folder)' may not be written (\(Posix.describe(errno: error.errno)))",
                errno: error.errno)
        }
    }
}
