import Foundation
import HapticStudio
import HapticTestSupport
import Testing

extension StudioLoadTests {
    /// A session's work runs off the concurrency pool and its replies are bounded: other clients, the page and pings
    /// are answered while large patterns are analyzed, and a client that never reads cannot grow the server.
    struct SessionFlowTests {
        @Test func thePageAndPingsAreAnsweredWhileTwoSessionsAnalyzeLargePatterns() async throws {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            var limits = RunningStudio.testLimits
            limits.maxMessageBytes = 8 << 20
            limits.requestTimeLimit = .seconds(300)
            let studio = try await RunningStudio(folder: folder, limits: limits)
            let ahap = transients(20_000)
            let first = try await studio.webSocket()
            let second = try await studio.webSocket()
            // Each answers the other's pings while the test waits on it, as a browser's sockets would: waiting
            // minutes (a loaded machine) on one analysis left the other socket's pings unanswered, and the server
            // closed it ("Ping timeout").
            first.companions = [second]
            second.companions = [first]
            let started = ContinuousClock.now
            for socket in [first, second] {
                try await socket.sendText(try json(["id": 1, "type": "analyze", "ahap": ahap, "columns": 1_000]))
            }
            // Queued behind the analysis on the same socket: answered after it (one request at a time, in order).
            try await first.sendText(try json(["id": 2, "type": "hello"]))
            let pageStarted = ContinuousClock.now
            #expect(try await studio.stillServes())
            let page = ContinuousClock.now - pageStarted
            let pingStarted = ContinuousClock.now
            try await second.ping()
            let pong = ContinuousClock.now - pingStarted
            let otherStarted = ContinuousClock.now
            let third = try await studio.webSocket()
            #expect(try await third.request(["id": 1, "type": "hello"])["ok"] as? Bool == true)
            let other = ContinuousClock.now - otherStarted
            // Answered while the analyses ran: neither has replied yet (without the worker, the page waited for them).
            let firstReplied = try await first.hasReply(id: 1)
            let secondReplied = try await second.hasReply(id: 1)
            let analysesReplied = firstReplied || secondReplied
            let analysis = try await first.reply(id: 1, within: .seconds(300))
            let analyzed = ContinuousClock.now - started
            #expect(analysis["ok"] as? Bool == true, "\(analysis["error"] ?? "")")
            #expect(try await first.reply(id: 2, within: .seconds(30))["ok"] as? Bool == true)
            #expect(try await second.reply(id: 1, within: .seconds(300))["ok"] as? Bool == true)
            print(
                "studio-figures: page \(page), pong \(pong), another session's hello \(other), while analyzing 2 × 20 000 events (\(analyzed))"
            )
            // Without the worker the page waited for the analyses (9.4 s of 16 s here); with it, milliseconds. Asked
            // as "before the analyses replied?", not timed: with both cores busy the pong took 1.8–5.9 s (< 5 s
            // expected) of analyses that took 31–42 s.
            #expect(!analysesReplied, "answered while the analyses ran: page \(page), pong \(pong), hello \(other)")
        }

        @Test func aClientThatReadsNothingIsPausedThenClosedAndTheServerStaysBounded() async throws {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            var limits = RunningStudio.testLimits
            limits.stuckClientTimeout = .seconds(2)
            let studio = try await RunningStudio(folder: folder, limits: limits)
            // A small request with a large reply, as the page's analysis at full width.
            let request = try json(["id": 1, "type": "analyze", "ahap": transients(1), "columns": 8_192])
            let probe = try await studio.webSocket()
            try await probe.sendText(request)
            let replyBytes = try await probe.readFrame().payload.count
            probe.drop()
            let before = residentBytes()
            let socket = try await studio.webSocket()
            var sent = 0
            do {
                for _ in 0..<2_000 {
                    try await socket.sendText(request)
                    sent += 1
                }
            } catch {
                // The server stopped reading and then closed the client that never read: sends fail from then on.
            }
            var peak = residentBytes()
            // The session stops reading once its queue is full, and is closed once a write has waited 2 s. The wait
            // is generous (it ends as soon as the session does): under AddressSanitizer on a loaded machine the
            // session's last replies took over a minute to be dropped.
            let deadline = ContinuousClock.now + .seconds(300)
            while studio.server.playbacks.count > 0, ContinuousClock.now < deadline {
                peak = max(peak, residentBytes())
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(studio.server.playbacks.count == 0, "the session that never read was closed")
            let after = residentBytes()
            print(
                "studio-figures: \(sent) of 2 000 requests sent, none read, reply \(replyBytes) bytes each: resident \(before >> 20) MiB before, peak \(peak >> 20) MiB, \(after >> 20) MiB after the close"
            )
            // AddressSanitizer keeps freed memory in quarantine (256 MiB), so resident memory says nothing there.
            #expect(CommandRunner.sanitizerBuild || peak - before < 64 << 20, "bounded: not a reply per request")
            #expect(try await studio.stillServes())
        }

        @Test func aRequestOverItsLimitsIsAnsweredWithAnError() async throws {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            var limits = RunningStudio.testLimits
            limits.maxMessageBytes = 8 << 20
            limits.requestTimeLimit = .milliseconds(50)
            let studio = try await RunningStudio(folder: folder, limits: limits)
            let socket = try await studio.webSocket()
            let slow = try await socket.request(["id": 1, "type": "analyze", "ahap": transients(20_000)])
            #expect((slow["error"] as? String)?.contains("took longer than") == true, "\(slow)")
            try await socket.sendText(try json(["id": 2, "type": "hello"]))
            #expect(try await socket.reply(id: 2, within: .seconds(300))["ok"] as? Bool == true, "served once the overrun ended")
            limits.requestTimeLimit = .seconds(300)
            limits.maxPatternEntries = 2_000
            let other = try await RunningStudio(folder: folder, limits: limits)
            let large = try await other.webSocket().request(["id": 1, "type": "play", "ahap": transients(2_001)])
            #expect((large["error"] as? String)?.contains("at most 2000") == true, "\(large)")
        }

        private func json(_ object: [String: Any]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
    }
}
