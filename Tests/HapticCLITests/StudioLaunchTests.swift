import Foundation
import HapticCommands
import HapticTestSupport
import Testing

/// `haptic studio` runs the studio's server, `haptic-studio`, a program of its own (issue 32: `haptic` must not
/// build the web stack): found beside `haptic`, built on first use in a checkout, else found on PATH, else explained.
@Suite(.offTheConcurrencyPool) struct StudioLaunchTests {
    /// A folder with an executable file `name` in it.
    private static func folder(withExecutable name: String?) throws -> URL {
        let folder = try Fixtures.temporaryDirectory()
        if let name {
            let file = folder.appendingPathComponent(name)
            try Data("#!/bin/sh\n".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return folder
    }

    @Test func theServerBesideHapticIsRun() throws {
        let bin = try Self.folder(withExecutable: "haptic-studio")
        defer { try? FileManager.default.removeItem(at: bin) }
        let plan = StudioServerProgram.plan(haptic: bin.appendingPathComponent("haptic"), path: "/nonexistent")
        #expect(plan == .run(bin.appendingPathComponent("haptic-studio")))
    }

    @Test func inACheckoutTheServerIsBuiltBesideHaptic() throws {
        let package = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: package) }
        try Data(#".executable(name: "haptic-studio", targets: ["haptic-studio"])"#.utf8)
            .write(to: package.appendingPathComponent("Package.swift"))
        let bin = package.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // Even with one on PATH: the checkout's own build matches this haptic.
        let elsewhere = try Self.folder(withExecutable: "haptic-studio")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let plan = StudioServerProgram.plan(haptic: bin.appendingPathComponent("haptic"), path: elsewhere.path)
        guard case .build(let build) = plan else {
            Issue.record("\(plan)")
            return
        }
        #expect(build.package.standardizedFileURL.path == package.standardizedFileURL.path)
        #expect(build.scratch.lastPathComponent == ".build" && build.configuration == "release")
        #expect(build.server.path == bin.appendingPathComponent("haptic-studio").path)
        #expect(build.arguments == ["build", "--product", "haptic-studio", "--scratch-path", build.scratch.path, "-c", "release"])
    }

    @Test func elsewhereThePathIsSearchedThenTheUserIsTold() throws {
        let bin = try Self.folder(withExecutable: nil)
        let onPath = try Self.folder(withExecutable: "haptic-studio")
        defer {
            try? FileManager.default.removeItem(at: bin)
            try? FileManager.default.removeItem(at: onPath)
        }
        let haptic = bin.appendingPathComponent("haptic")
        #expect(
            StudioServerProgram.plan(haptic: haptic, path: "/nonexistent:\(onPath.path)")
                == .run(onPath.appendingPathComponent("haptic-studio")))
        guard case .missing(let message) = StudioServerProgram.plan(haptic: haptic, path: "/nonexistent") else {
            Issue.record("expected a message")
            return
        }
        #expect(message.contains("neither beside haptic (\(bin.path)) nor on PATH"))
        #expect(message.contains("swift build --product haptic-studio"))
    }

    /// End to end: a `haptic` alone in a folder, with no server on PATH, says how to get one and exits 1 (before,
    /// `haptic` carried the server and the whole web stack in itself).
    @Test func hapticAloneExplainsHowToGetTheServer() throws {
        let bin = try Self.folder(withExecutable: nil)
        defer { try? FileManager.default.removeItem(at: bin) }
        let haptic = bin.appendingPathComponent("haptic")
        try FileManager.default.copyItem(at: try CommandRunner.hapticURL, to: haptic)
        let process = Process()
        process.executableURL = haptic
        process.arguments = ["studio", bin.path]
        process.environment = ["PATH": "/nonexistent"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // A haptic that serves the studio itself would never end: stop it after a generous deadline.
        let pid = process.processIdentifier
        let deadline = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: deadline)
        defer { deadline.cancel() }
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("haptic: error: `haptic studio` runs the studio server, haptic-studio"), "\(text)")
    }

    /// End to end: `haptic studio` becomes the `haptic-studio` beside it: the URL is the first line on standard
    /// output, and Ctrl-C ends it with 130 once the output is silent — the server's own behaviour, through `haptic`.
    @Test func hapticStudioBecomesTheServerBesideIt() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = try CommandRunner.hapticURL
        process.arguments = ["studio", folder.path, "--port", "0"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // A server that never prints would block the read below: end it after a generous deadline.
        let pid = process.processIdentifier
        let deadline = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: deadline)
        defer { deadline.cancel() }
        // The first line: read byte by byte up to the newline (the server keeps running, so no end of file).
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        let url = String(decoding: line, as: UTF8.self)
        #expect(url.hasPrefix("http://127.0.0.1:") && url.contains("/?token="), "first line: '\(url)'")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(text)")
        #expect(text.contains("haptic studio: stopped; output silent"), "\(text)")
    }
}
