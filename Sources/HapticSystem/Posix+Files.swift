#if os(Linux)
import CHapticSupport
#endif

/// Files and folders: opening, reading, writing, status, renaming. Paths are C strings, so a Swift `String` passes
/// as it is and a name held as bytes passes through `withUnsafeBufferPointer` (nothing compares paths as `String`).
extension Posix {
    /// How ``openat2(_:_:flags:mode:resolve:)`` may resolve a path (`RESOLVE_*` of `openat2(2)`).
    package struct Resolve: OptionSet, Sendable {
        /// The raw `RESOLVE_*` bits.
        package var rawValue: UInt64

        /// Creates the flags from their bits.
        package init(rawValue: UInt64) { self.rawValue = rawValue }

        #if os(Linux)
        /// `RESOLVE_BENEATH`: never out of the starting folder (`..` past it fails with `EXDEV`).
        package static let beneath = Resolve(rawValue: CHapticSupport_RESOLVE_BENEATH)
        /// `RESOLVE_NO_SYMLINKS`: no symbolic link anywhere on the path (`ELOOP`).
        package static let noSymlinks = Resolve(rawValue: CHapticSupport_RESOLVE_NO_SYMLINKS)
        /// `RESOLVE_NO_MAGICLINKS`: no `/proc` magic link (`ELOOP`).
        package static let noMagicLinks = Resolve(rawValue: CHapticSupport_RESOLVE_NO_MAGICLINKS)
        #else
        /// `RESOLVE_BENEATH` (Linux only: ``Posix/openat2(_:_:flags:mode:resolve:)`` fails with `ENOSYS` elsewhere).
        package static let beneath = Resolve(rawValue: 0x08)
        /// `RESOLVE_NO_SYMLINKS`.
        package static let noSymlinks = Resolve(rawValue: 0x04)
        /// `RESOLVE_NO_MAGICLINKS`.
        package static let noMagicLinks = Resolve(rawValue: 0x02)
        #endif
    }

    /// `O_PATH` where the system has it (a folder only passed through needs no read permission), else `O_RDONLY`.
    package static var openPathOnly: Int32 {
        #if os(Linux)
        CHapticSupport_O_PATH
        #else
        O_RDONLY
        #endif
    }

    /// `open(2)`: the new descriptor; the caller closes it. `mode` counts with `O_CREAT` only.
    package static func open(_ path: UnsafePointer<CChar>, _ flags: Int32, mode: mode_t = 0) throws(SystemCallError) -> Int32 {
        Int32(try syscall("open") { errnoResult(cOpen(path, flags, mode)) })
    }

    /// `openat(2)`: `path` relative to the folder open as `directory`.
    package static func openat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, mode: mode_t = 0)
        throws(SystemCallError) -> Int32
    {
        Int32(try syscall("openat") { errnoResult(cOpenat(directory, path, flags, mode)) })
    }

    /// `openat2(2)` (Linux 5.6): `openat` with the kernel holding the path to `resolve`'s rules, on bytes, at the moment
    /// of the open.
    ///
    /// - Throws: ``SystemCallError``; `ENOSYS` where the kernel (or another system) has no `openat2`, `EPERM` from a
    ///   seccomp filter that does not know it, `EXDEV` for a way out of the folder, `ELOOP` for a link.
    package static func openat2(_ directory: Int32, _ path: UnsafePointer<CChar>, flags: Int32, mode: mode_t = 0, resolve: Resolve)
        throws(SystemCallError) -> Int32
    {
        #if os(Linux)
        let mode = flags & O_CREAT != 0 ? UInt32(mode) : 0
        return Int32(try syscall("openat2") { Int(CHapticSupport_openat2(directory, path, flags, mode, resolve.rawValue)) })
        #else
        throw SystemCallError("openat2", errno: ENOSYS)
        #endif
    }

    /// `read(2)` into `buffer`: how many bytes were read (0 at the end of the file).
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        try syscall("read") { errnoResult(cRead(descriptor, buffer.baseAddress, buffer.count)) }
    }

    /// `pread(2)` into `buffer` from `offset`, leaving the file's position alone.
    package static func pread(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemCallError)
        -> Int
    {
        try syscall("pread") { errnoResult(cPread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))) }
    }

    /// `write(2)` of `buffer`: how many bytes were written (fewer than `buffer.count` is not an error).
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        try syscall("write") { errnoResult(cWrite(descriptor, buffer.baseAddress, buffer.count)) }
    }

    /// Writes all of `buffer`, a `write(2)` after another until it is written.
    ///
    /// - Throws: ``SystemCallError`` of the `write` that failed; one that wrote nothing fails with `EIO`.
    package static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemCallError) {
        var done = 0
        while done < buffer.count {
            let count = try write(descriptor, UnsafeRawBufferPointer(rebasing: buffer[done...]))
            guard count > 0 else { throw SystemCallError("write", errno: EIO) }
            done += count
        }
    }

    /// `pwrite(2)` of `buffer` at `offset`, leaving the file's position alone.
    package static func pwrite(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int {
        try syscall("pwrite") { errnoResult(cPwrite(descriptor, buffer.baseAddress, buffer.count, off_t(offset))) }
    }

    /// `lseek(2)`: the new offset.
    @discardableResult
    package static func lseek(_ descriptor: Int32, _ offset: Int, _ whence: Int32) throws(SystemCallError) -> Int {
        try syscall("lseek") { errnoResult(cLseek(descriptor, off_t(offset), whence)) }
    }

    /// `fstat(2)`: what the open file is.
    package static func fstat(_ descriptor: Int32) throws(SystemCallError) -> stat {
        var status = CStat()
        _ = try syscall("fstat") { errnoResult(cFstat(descriptor, &status)) }
        return status
    }

    /// `fstatat(2)`: what `path` (relative to `directory`) is; `AT_SYMLINK_NOFOLLOW` in `flags` describes a link itself.
    package static func fstatat(_ directory: Int32, _ path: UnsafePointer<CChar>, flags: Int32) throws(SystemCallError) -> stat {
        var status = CStat()
        _ = try syscall("fstatat") { errnoResult(cFstatat(directory, path, &status, flags)) }
        return status
    }

    /// `stat(2)`: what `path` is, following links.
    package static func stat(_ path: UnsafePointer<CChar>) throws(SystemCallError) -> stat {
        var status = CStat()
        _ = try syscall("stat") { errnoResult(cStat(path, &status)) }
        return status
    }

    /// `access(2)`: whether the process may use `path` as `mode` says (`F_OK`, `R_OK`, `W_OK`, `X_OK`).
    ///
    /// - Throws: ``SystemCallError`` with the reason it may not (`ENOENT`, `EACCES`, `EROFS`, …).
    package static func access(_ path: UnsafePointer<CChar>, _ mode: Int32) throws(SystemCallError) {
        _ = try syscall("access") { errnoResult(cAccess(path, mode)) }
    }

    /// Whether `path` exists (`access(path, F_OK)`); a path that cannot be looked up counts as absent.
    package static func exists(_ path: UnsafePointer<CChar>) -> Bool {
        (try? access(path, F_OK)) != nil
    }

    /// `faccessat(2)`: ``access(_:_:)`` for `path` relative to `directory` (`AT_EACCESS` in `flags`: the effective
    /// user's rights).
    package static func faccessat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: Int32, flags: Int32) throws(SystemCallError) {
        _ = try syscall("faccessat") { errnoResult(cFaccessat(directory, path, mode, flags)) }
    }

    /// `fcntl(2)` with an integer argument (`F_GETFL`, `F_SETFL`): the call's result.
    @discardableResult
    package static func fcntl(_ descriptor: Int32, _ command: Int32, _ value: Int32 = 0) throws(SystemCallError) -> Int32 {
        Int32(try syscall("fcntl") { errnoResult(cFcntl(descriptor, command, value)) })
    }

    /// `fsync(2)`: the file's data and metadata on the disk.
    package static func fsync(_ descriptor: Int32) throws(SystemCallError) {
        _ = try syscall("fsync") { errnoResult(cFsync(descriptor)) }
    }

    /// `fchmod(2)`: the open file's permission bits.
    package static func fchmod(_ descriptor: Int32, _ mode: mode_t) throws(SystemCallError) {
        _ = try syscall("fchmod") { errnoResult(cFchmod(descriptor, mode)) }
    }

    /// `renameat(2)`: moves `old` over `new` (replacing it), both relative to their folders' descriptors.
    package static func renameat(_ oldDirectory: Int32, _ old: UnsafePointer<CChar>, _ newDirectory: Int32, _ new: UnsafePointer<CChar>)
        throws(SystemCallError)
    {
        _ = try syscall("renameat") { errnoResult(cRenameat(oldDirectory, old, newDirectory, new)) }
    }

    /// `renameat2(2)` with `RENAME_NOREPLACE`: moves `old` to `new` unless `new` exists, decided by the kernel.
    ///
    /// - Throws: ``SystemCallError``: `EEXIST` when `new` exists; `EINVAL` where the file system cannot refuse a
    ///   replacement, `ENOSYS` where the kernel (or another system) has no `renameat2`.
    package static func renameat2NoReplace(
        _ oldDirectory: Int32, _ old: UnsafePointer<CChar>, _ newDirectory: Int32, _ new: UnsafePointer<CChar>
    ) throws(SystemCallError) {
        #if os(Linux)
        _ = try syscall("renameat2") { Int(CHapticSupport_renameNoReplace(oldDirectory, old, newDirectory, new)) }
        #else
        throw SystemCallError("renameat2", errno: ENOSYS)
        #endif
    }

    /// `unlinkat(2)`: removes `path` (relative to `directory`; `AT_REMOVEDIR` in `flags` for a folder).
    package static func unlinkat(_ directory: Int32, _ path: UnsafePointer<CChar>, flags: Int32 = 0) throws(SystemCallError) {
        _ = try syscall("unlinkat") { errnoResult(cUnlinkat(directory, path, flags)) }
    }

    /// `realpath(3)`: `path` made absolute, every link on it resolved and every `.` and `..` taken out.
    ///
    /// - Throws: ``SystemCallError`` (`ENOENT` for a path that does not exist, `EACCES`, `ELOOP`).
    package static func realpath(_ path: UnsafePointer<CChar>) throws(SystemCallError) -> String {
        guard let resolved = cRealpath(path) else { throw SystemCallError("realpath", errno: errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in the folder `path` (relative to `directory`; `AT_FDCWD` for the working folder), `.` and `..` left
    /// out, as bytes in the order the file system gives them (`openat(O_DIRECTORY)`, `fdopendir`, `readdir`).
    ///
    ///     let names = try Posix.directoryEntries(AT_FDCWD, "/dev/input")
    ///
    /// - Throws: ``SystemCallError`` when the folder cannot be opened (`ENOENT`, `EACCES`, `ENOTDIR`).
    package static func directoryEntries(_ directory: Int32, _ path: UnsafePointer<CChar>) throws(SystemCallError) -> [[UInt8]] {
        let descriptor = try openat(directory, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard let stream = fdopendir(descriptor) else {
            let code = errno
            try? close(descriptor)
            throw SystemCallError("fdopendir", errno: code)
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name.isEmpty || name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return names
    }

    /// `execv(3)`: replaces the process with the program at `path`, `arguments` as its `argv` (the first being its
    /// name). Returns only by throwing.
    ///
    /// - Throws: ``SystemCallError`` with why the program could not be run (`ENOENT`, `EACCES`, `ENOEXEC`).
    package static func execv(_ path: String, arguments: [String]) throws(SystemCallError) -> Never {
        let program = strdup(path)!
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        defer {
            free(program)
            for argument in argv { free(argument) }
        }
        _ = try syscall("execv") { errnoResult(cExecv(program, &argv)) }
        // execv returns only when it fails.
        throw SystemCallError("execv", errno: EIO)
    }
}

// The C calls under names the `Posix` functions do not hide.
private func cOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func cOpenat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    openat(directory, path, flags, mode)
}
private func cRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }
private func cPread(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: off_t) -> Int {
    pread(descriptor, buffer, count, offset)
}
private func cWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func cPwrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ offset: off_t) -> Int {
    pwrite(descriptor, buffer, count, offset)
}
private func cLseek(_ descriptor: Int32, _ offset: off_t, _ whence: Int32) -> off_t { lseek(descriptor, offset, whence) }
private func cFstat(_ descriptor: Int32, _ status: UnsafeMutablePointer<stat>) -> Int32 { fstat(descriptor, status) }
private func cFstatat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ status: UnsafeMutablePointer<stat>, _ flags: Int32) -> Int32 {
    fstatat(directory, path, status, flags)
}
private func cStat(_ path: UnsafePointer<CChar>, _ status: UnsafeMutablePointer<stat>) -> Int32 { stat(path, status) }
private func cAccess(_ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32 { access(path, mode) }
private func cFaccessat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ mode: Int32, _ flags: Int32) -> Int32 {
    faccessat(directory, path, mode, flags)
}
private func cFcntl(_ descriptor: Int32, _ command: Int32, _ value: Int32) -> Int32 { fcntl(descriptor, command, value) }
private func cFsync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
private func cFchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32 { fchmod(descriptor, mode) }
private func cRenameat(_ oldDirectory: Int32, _ old: UnsafePointer<CChar>, _ newDirectory: Int32, _ new: UnsafePointer<CChar>) -> Int32 {
    renameat(oldDirectory, old, newDirectory, new)
}
private func cUnlinkat(_ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { unlinkat(directory, path, flags) }
private func cExecv(_ path: UnsafePointer<CChar>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    execv(path, argv)
}
private func cRealpath(_ path: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>? { realpath(path, nil) }
/// `struct stat`, under a name the `Posix.stat` function does not hide.
private typealias CStat = stat
