import Foundation
import HapticLoading
import HapticStudio
import HapticTestSupport
import Synchronization
import Testing

extension StudioLoadTests {
    /// A request stops at its time limit and within the readers' bounds (issue 32): a 291-byte property list kept a
    /// worker allocating after its answer had timed out, until the whole server aborted.
    struct WorkerLimitTests {
        @Test func workGivenUpOnIsToldToStop() async throws {
            let worker = StudioWorker(threadCount: 1)
            defer { worker.shutDown() }
            let stopped = Atomic<Bool>(false)
            let outcome = await worker.perform(timeLimit: .milliseconds(100)) {
                // A loop as long as its input, checking as the loaders do; it gives up by itself after a minute.
                let started = ContinuousClock.now
                while ContinuousClock.now - started < .seconds(60) {
                    if WorkCancellation.current?.isCancelled == true {
                        stopped.store(true, ordering: .relaxed)
                        return "stopped"
                    }
                }
                return "ran to its end"
            }
            guard case .timedOut(let job) = outcome else {
                Issue.record("a minute of work finished within 100 ms")
                return
            }
            await job.waitUntilDone()
            let wasStopped = stopped.load(ordering: .relaxed)
            #expect(wasStopped, "the work ran on after its answer was given up")
            // Work that ends in time runs with a cancellation nobody cancels.
            let quick = await worker.perform(timeLimit: .seconds(60)) { WorkCancellation.current?.isCancelled }
            guard case .finished(let cancelled) = quick else {
                Issue.record("a quick request timed out")
                return
            }
            #expect(cancelled == false)
        }

        @Test func aPropertyListOfSharedReferencesIsAnsweredWithAnErrorAndTheServerStaysUp() async throws {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(SharedReferencePropertyList.crafted291).write(to: folder.appendingPathComponent("shared-291.plist"))
            try Data(SharedReferencePropertyList.crafted505).write(to: folder.appendingPathComponent("shared-505.plist"))
            var limits = RunningStudio.testLimits
            limits.requestTimeLimit = .seconds(60)
            let studio = try await RunningStudio(folder: folder, limits: limits)
            let socket = try await studio.webSocket()
            for (id, name) in [(1, "shared-291.plist"), (2, "shared-505.plist")] {
                let started = ContinuousClock.now
                try await socket.sendText(try json(["id": id, "type": "open", "path": name]))
                let reply = try await socket.reply(id: id, within: .seconds(60))
                let error = reply["error"] as? String ?? ""
                #expect(reply["ok"] as? Bool != true && error.contains("PatternLimits.maxValues"), "\(reply)")
                #expect(!error.contains("took longer than"), "answered by the reader's bound, not the time limit: \(error)")
                #expect(ContinuousClock.now - started < .seconds(60))
            }
            #expect(try await socket.request(["id": 3, "type": "hello"])["ok"] as? Bool == true)
            #expect(try await studio.stillServes())
        }

        @Test func anImportGivenUpOnStopsAndTheNextRequestIsServed() async throws {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("long.wav")
            try Data(CraftedWAV.pcm16(SyntheticAudio.hits(seconds: 120).audio.samples)).write(to: file)
            // What the whole import costs on this machine now.
            let analysisStarted = ContinuousClock.now
            _ = try AudioFileAnalysis.analyze(file)
            let whole = ContinuousClock.now - analysisStarted
            var limits = RunningStudio.testLimits
            limits.requestTimeLimit = .milliseconds(500)
            let studio = try await RunningStudio(folder: folder, limits: limits)
            let socket = try await studio.webSocket()
            let slow = try await socket.request(["id": 1, "type": "importAudio", "path": "long.wav"])
            #expect((slow["error"] as? String)?.contains("took longer than") == true, "\(slow)")
            let timedOut = ContinuousClock.now
            try await socket.sendText(try json(["id": 2, "type": "hello"]))
            #expect(try await socket.reply(id: 2, within: .seconds(300))["ok"] as? Bool == true, "served once the import stopped")
            let waited = ContinuousClock.now - timedOut
            print("studio-figures: the next request answered \(waited) after an import timed out (the whole import: \(whole))")
            // The import stopped at its next block, rather than running on to its end before the next request.
            #expect(waited * 4 < whole, "waited \(waited) for an import that takes \(whole)")
        }

        private func json(_ object: [String: Any]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
    }
}
