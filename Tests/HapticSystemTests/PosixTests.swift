import HapticSystem
import Testing

/// ``Posix``: the one system-call namespace — its funnel (retries `EINTR`, names the call and its `errno` in errors,
/// never retries `close`) and its calls on real files.
@Suite struct PosixTests {
    @Test func theFunnelRetriesInterruptedCalls() throws {
        var calls = 0
        let result = try Posix.syscall("mock") { () -> Int in
            calls += 1
            return calls <= 2 ? -Int(EINTR) : 7
        }
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test func anErrorNamesTheCallAndTheErrno() {
        var calls = 0
        #expect(throws: SystemCallError(call: "EVIOCSFF", errno: ENOSPC)) {
            try Posix.syscall("EVIOCSFF") { () -> Int in
                calls += 1
                return -Int(ENOSPC)
            }
        }
        #expect(calls == 1)
        let error = SystemCallError("EVIOCSFF", errno: ENOSPC)
        #expect(error.description == "EVIOCSFF failed: No space left on device (errno \(ENOSPC))")
        #expect(error == SystemCallError(call: "EVIOCSFF", errno: ENOSPC))
    }

    @Test func anInterruptedCloseCountsAsClosedAndIsNotRetried() throws {
        var calls = 0
        try Posix.syscallClosing("close") { () -> Int in
            calls += 1
            return -Int(EINTR)
        }
        #expect(calls == 1)
        #expect(throws: SystemCallError(call: "close", errno: EIO)) { try Posix.syscallClosing("close") { -Int(EIO) } }
    }

    @Test func aMissingFileFailsWithItsErrno() {
        #expect(throws: SystemCallError(call: "open", errno: ENOENT)) {
            try Posix.open("/nonexistent-\(Posix.self)/file", O_RDONLY | O_CLOEXEC)
        }
        #expect(!Posix.exists("/nonexistent-posix-tests"))
        #expect(Posix.exists("/"))
    }

    @Test func writesReadsAndRewritesAFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/data"
        let descriptor = try Posix.open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        defer { try? Posix.close(descriptor) }
        let text = Array("hello, floor".utf8)
        try text.withUnsafeBytes { try Posix.writeAll(descriptor, $0) }
        _ = try [UInt8]("H".utf8).withUnsafeBytes { try Posix.pwrite(descriptor, $0, at: 0) }
        #expect(try Posix.fstat(descriptor).st_size == text.count)
        #expect(try Posix.lseek(descriptor, 0, SEEK_SET) == 0)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try buffer.withUnsafeMutableBytes { try Posix.read(descriptor, into: $0) }
        #expect(Array(buffer[..<count]) == Array("Hello, floor".utf8))
        let tail = try buffer.withUnsafeMutableBytes { try Posix.pread(descriptor, into: $0, at: 7) }
        #expect(Array(buffer[..<tail]) == Array("floor".utf8))
        #expect(try Posix.stat(path).st_mode & S_IFMT == S_IFREG)
    }

    @Test func renamesWithoutReplacingAndListsAFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = try Posix.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { try? Posix.close(directory) }
        for name in ["a", "b"] {
            try Posix.close(try Posix.openat(directory, name, O_WRONLY | O_CREAT | O_CLOEXEC, mode: 0o600))
        }
        do {
            try Posix.renameat2NoReplace(directory, "a", directory, "b")
            Issue.record("renameat2(RENAME_NOREPLACE) replaced an existing file")
        } catch let error where error.errno == EINVAL || error.errno == ENOSYS {
            // A file system (or system) without RENAME_NOREPLACE: nothing to check here.
        } catch {
            #expect(error.errno == EEXIST)
        }
        try Posix.renameat(directory, "a", directory, "c")
        let names = try Posix.directoryEntries(directory, ".").map { String(decoding: $0, as: UTF8.self) }.sorted()
        #expect(names == ["b", "c"])
        try Posix.unlinkat(directory, "c")
        #expect(try Posix.directoryEntries(AT_FDCWD, folder.path).count == 1)
    }

    #if os(Linux)
    @Test func openat2KeepsAPathBeneathItsFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = try Posix.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { try? Posix.close(directory) }
        do {
            _ = try Posix.openat2(directory, "../etc/passwd", flags: O_RDONLY | O_CLOEXEC, resolve: [.beneath, .noSymlinks])
            Issue.record("openat2(RESOLVE_BENEATH) opened a file outside its folder")
        } catch let error where error.errno == ENOSYS || error.errno == EPERM {
            // No openat2 here (an old kernel, a seccomp filter).
        } catch {
            #expect(error.errno == EXDEV)
        }
    }

    @Test func inotifyReportsANameThatAppears() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let watch = try Posix.inotifyInit()
        defer { try? Posix.close(watch) }
        try Posix.inotifyWatchDirectory(watch, folder.path)
        try Posix.close(try Posix.open(folder.path + "/event7", O_WRONLY | O_CREAT | O_CLOEXEC, mode: 0o600))
        var seen: [(String, Bool)] = []
        try Posix.inotifyDrain(watch) { seen.append(($0, $1)) }
        #expect(seen.contains { $0.0 == "event7" && $0.1 })
        #expect(try Posix.inotifyDrain(watch) { _, _ in } == 0)
    }

    @Test func aWaitForHangupOnAFileThatStaysTimesOut() throws {
        let descriptor = try Posix.open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { try? Posix.close(descriptor) }
        #expect(try Posix.waitForHangup(descriptor, timeoutNanoseconds: 1_000_000) == .timedOut)
    }
    #endif
}

/// A fresh folder under the temporary folder, removed (with what it holds, one level) by ``remove()``.
private struct TemporaryFolder {
    let path: String

    init() throws {
        var template =
            Array((ProcessEnvironment.current["TMPDIR"] ?? "/tmp").utf8CString.dropLast()) + Array("/posix-tests-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw SystemCallError("mkdtemp", errno: errno) }
        path = String(cString: made)
    }

    func remove() {
        for name in (try? Posix.directoryEntries(AT_FDCWD, path)) ?? [] {
            try? Posix.unlinkat(AT_FDCWD, path + "/" + String(decoding: name, as: UTF8.self))
        }
        try? Posix.unlinkat(AT_FDCWD, path, flags: AT_REMOVEDIR)
    }
}
