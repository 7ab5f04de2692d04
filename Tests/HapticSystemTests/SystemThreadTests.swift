#if os(Linux)
import Dispatch
import Foundation
import HapticSystem
import Testing

/// ``SystemThread``: named threads, real-time priority where allowed, normal scheduling where not.
@Suite struct SystemThreadTests {
    /// The names of this process's threads, as the kernel shows them.
    private static func threadNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap { task in
            try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
        }
    }

    @Test func namesTheThreadBeforeItsBodyRuns() throws {
        let running = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let ownName = LockedState<String?>(nil)
        let thread = try #require(
            SystemThread.spawn(name: "floor-named-thread") {
                ownName.withLock { $0 = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8) }
                running.signal()
                release.wait()
            })
        running.wait()
        let names = try Self.threadNames()
        release.signal()
        thread.join()
        // Linux keeps 15 bytes of a name.
        #expect(names.contains("floor-named-thr"), "\(names)")
        #expect(ownName.withLock { $0 } == "floor-named-thr\n")
        #expect(thread.name == "floor-named-thread")
    }

    @Test func runsWithNormalSchedulingWhenRealTimeIsRefused() throws {
        // Priority 200 is outside SCHED_FIFO's 1 … 99: refused as it is without the privilege (CAP_SYS_NICE or an
        // rtprio limit); the thread must run all the same, with normal scheduling.
        let policy = LockedState<Int32>(-1)
        let thread = try #require(
            SystemThread.spawn(name: "floor-fallback", realTimePriority: 200) {
                let current = sched_getscheduler(0)
                policy.withLock { $0 = current }
            })
        thread.join()
        #expect(policy.withLock { $0 } == Int32(SCHED_OTHER))
    }

    @Test func aDetachedThreadRunsItsBody() {
        let ran = DispatchSemaphore(value: 0)
        #expect(SystemThread.detach(name: "floor-detached") { ran.signal() })
        #expect(ran.wait(timeout: .now() + 10) == .success)
    }
}
#endif
