import Foundation
import HapticDevices
import HapticEngine
import HapticPattern
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 26: an idle engine's render thread waited for a command at its real-time policy, so the app's call that woke
/// it (`impactOccurred()` after `prepare()`) was preempted by it on the app's own CPU and lasted as long as its next
/// blocks (7 µs before wake on command, 36–94 µs after). It now waits at the normal policy and renders at the
/// real-time one.
@Suite struct IdlePausePolicyTests {
    /// The scheduling policy of every thread of this process by thread id, from `/proc/self/task/*/stat` (the
    /// policy is the 41st field; 1 is `SCHED_FIFO`, 2 `SCHED_RR`).
    static func policies() -> [Int: Int] {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return [:] }
        var result: [Int: Int] = [:]
        for task in tasks {
            guard let id = Int(task), let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { continue }
            // The fields after the command name (which may hold spaces) start with the state, field 3.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            guard fields.count > 38, let policy = Int(fields[38]) else { continue }
            result[id] = policy
        }
        return result
    }

    static func isRealTime(_ policy: Int?) -> Bool { policy == 1 || policy == 2 }

    /// Whether this process may run a thread at `SCHED_FIFO` (root, `CAP_SYS_NICE` or an `RLIMIT_RTPRIO`).
    static var canUseRealTime: Bool {
        #if os(Linux)
        let thread = pthread_self()
        var policy: Int32 = 0
        var saved = sched_param()
        guard pthread_getschedparam(thread, &policy, &saved) == 0 else { return false }
        var fifo = sched_param()
        fifo.sched_priority = 1
        guard pthread_setschedparam(thread, Int32(SCHED_FIFO), &fifo) == 0 else { return false }
        _ = pthread_setschedparam(thread, policy, &saved)
        return true
        #else
        return false
        #endif
    }

    @Test(.enabled(if: canUseRealTime, "the process may not use a real-time policy"))
    func anIdleEnginesRenderThreadWaitsAtTheNormalPolicyAndRendersAtTheRealTimeOne() throws {
        let before = Set(Self.policies().keys)
        let engine = EngineRuntime(device: SimulatedDevice(meter: .off))
        try engine.start()
        defer { engine.stop() }
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticContinuous, time: 0, duration: 0.4)]))
        try engine.makePlayer(program: program).start(atTime: 0)
        // Playing: the render thread (a thread that did not exist before the start) runs at its real-time policy.
        var renderThreads: [Int] = []
        #expect(
            EngineRuntimeRealTimeTests.wait(seconds: 2) {
                renderThreads = Self.policies().filter { !before.contains($0.key) && Self.isRealTime($0.value) }.map(\.key)
                return !renderThreads.isEmpty
            }, "the render thread of a playing engine runs at a real-time policy")
        // Idle once the event has ended: it waits for a command at the normal policy (real-time again only while it
        // writes the silence owed for a pause, a few microseconds every 25 ms).
        #expect(
            EngineRuntimeRealTimeTests.wait(seconds: 5) {
                let now = Self.policies()
                return renderThreads.allSatisfy { !Self.isRealTime(now[$0]) }
            }, "an idle engine's render thread waits at the normal policy")
    }
}
