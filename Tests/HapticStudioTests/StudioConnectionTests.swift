import Foundation
import Glibc
import HapticStudio
import HapticTestSupport
import Testing

extension StudioLoadTests {
    /// The studio under a flood of connections: a cap, a deadline for request heads, and the page served afterwards.
    struct ConnectionTests {
        @Test func aConnectionBeyondTheCapIsClosedAtOnce() async throws {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            var limits = RunningStudio.testLimits
            limits.maxConnections = 8
            limits.requestHeadTimeout = .seconds(3)
            let studio = try await RunningStudio(folder: folder, limits: limits)
            // Eight upgraded sockets hold the eight places (each was admitted: its upgrade was answered).
            var sockets: [RawConnection] = []
            for _ in 0..<8 { sockets.append(try await studio.webSocket()) }
            let started = ContinuousClock.now
            let beyond = try studio.connect()
            let closed = try #require(await beyond.closedWithoutAnswer(within: .seconds(60)), "closed without an answer")
            #expect(closed - started < .seconds(2), "closed at once, not by the head timeout")
            #expect(try await sockets[0].request(["id": 1, "type": "hello"])["ok"] as? Bool == true, "the admitted ones are served")
        }

        @Test func aHalfSentHeadIsClosedAfterTheHeadTimeout() async throws {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            var limits = RunningStudio.testLimits
            limits.requestHeadTimeout = .seconds(1)
            let studio = try await RunningStudio(folder: folder, limits: limits)
            let half = try studio.connect()
            let started = ContinuousClock.now
            try await half.send("GET /?token=\(studio.token) HTTP/1.1\r\nHo")
            // Timed by a thread that waits for the close, not by this task: it ran seconds late under a CPU hog, while
            // other tests held the concurrency pool, and measured 8 s for the 1 s timeout.
            let closed = try #require(await half.closedWithoutAnswer(within: .seconds(60)), "closed without an answer")
            let waited = closed - started
            #expect(waited >= .milliseconds(900) && waited < .seconds(8), "\(waited)")
            #expect(try await studio.stillServes())
        }

        @Test func aFloodOfHalfSentHeadsLeavesTheStudioServing() async throws {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            var limits = RunningStudio.testLimits
            limits.requestHeadTimeout = .seconds(2)
            let studio = try await RunningStudio(folder: folder, limits: limits)
            // More connections than the usual soft limit of 1 024 descriptors (the studio raises it at start).
            var flood: [RawConnection] = []
            for _ in 0..<1_100 {
                let connection = try studio.connect()
                // One beyond the cap may be closed before its bytes go out.
                try? await connection.send("GET /?token=\(studio.token) HTTP/1.1\r\nHost: \(studio.host)\r\nX-Half: ")
                flood.append(connection)
            }
            // The server holds at most the cap's descriptors: the test's own 1 100 client ends, the cap's 64, and a few
            // closes still under way (without the cap: 2 200, which is what exhausted the usual 1 024).
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
            print("studio-figures: \(descriptors) descriptors open in the process during a flood of 1 100 half-sent heads")
            #expect(descriptors < 1_100 + 64 + 150, "\(descriptors) descriptors open during the flood")
            var closed = 0
            for connection in flood where await connection.wasClosedWithoutAnswer() { closed += 1 }
            #expect(closed == 1_100, "each one is closed: beyond the cap at once, the rest by the head timeout")
            flood.removeAll()
            #expect(try await studio.stillServes())
            let socket = try await studio.webSocket()
            #expect(try await socket.request(["id": 1, "type": "hello"])["ok"] as? Bool == true)
        }

        @Test func theDescriptorSoftLimitIsRaisedToTheHardLimit() {
            var limit = rlimit()
            #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
            #expect(DescriptorLimit.raiseToHardLimit() == UInt64(limit.rlim_max))
        }
    }
}
