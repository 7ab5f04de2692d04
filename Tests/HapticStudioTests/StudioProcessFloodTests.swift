import Foundation
import HapticTestSupport
import Testing

extension StudioLoadTests {
    /// `haptic studio` as a process under the usual descriptor limit of 1 024 (soft and hard, so it cannot raise it),
    /// flooded with 1 100 connections that each send half a request head: it used to run out of descriptors and die
    /// (SIGILL in libdispatch); now it stays up and serves the page once the flood's heads time out.
    struct ProcessFloodTests {
        @Test(.enabled(if: !CommandRunner.sanitizerBuild, "a flood under a lowered descriptor limit is a plain build's test"))
        func theStudioSurvivesAFloodUnderTheUsualDescriptorLimit() async throws {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "ulimit -n 1024 && exec \"$0\" \"$@\"", try CommandRunner.hapticURL.path, "studio", folder.path, "--port", "0",
                "--device",
                "null",
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            defer {
                process.terminate()
                process.waitUntilExit()
            }
            let url = await Self.firstLine(of: output.fileHandleForReading)
            let components = try #require(url.flatMap { URLComponents(string: $0) }, "the studio printed its URL")
            let port = try #require(components.port)
            let token = try #require(components.queryItems?.first { $0.name == "token" }?.value)
            var flood: [RawConnection] = []
            for _ in 0..<1_100 {
                let connection = try RawConnection(port: port)
                try? await connection.send("GET /?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Half: ")
                flood.append(connection)
            }
            // Every one is closed: beyond the cap at once, the others by the 10 s deadline for request heads.
            var closed = 0
            for connection in flood where await connection.wasClosedWithoutAnswer() { closed += 1 }
            flood.removeAll()
            #expect(closed == 1_100)
            #expect(process.isRunning, "the studio is still running")
            #expect(try await RawConnection(port: port).get("/?token=\(token)", host: "127.0.0.1:\(port)") == 200)
        }

        /// The first line written to `handle`, read on a thread of its own (a read blocks).
        private static func firstLine(of handle: FileHandle) async -> String? {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    var bytes: [UInt8] = []
                    while true {
                        let chunk = handle.readData(ofLength: 1)
                        guard let byte = chunk.first, byte != UInt8(ascii: "\n") else { break }
                        bytes.append(byte)
                    }
                    continuation.resume(returning: bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self))
                }
            }
        }
    }
}
