import Dispatch
import Foundation
import HapticLoading
import HapticRender
import HapticSystem

/// The threads the studio's requests run on: a few threads of its own, outside Swift's concurrency pool.
///
/// An analysis or a take of a 20 000-event pattern takes seconds of CPU. Run on the concurrency pool (a thread per
/// core), two of them left nothing to answer the page's HTTP requests, the other pages, or WebSocket pings with.
/// Here a request runs on one of ``StudioLimits/workerThreads`` threads while the awaiting task is suspended (a
/// continuation, no pool thread blocked), and the answer is bounded in time: ``perform(timeLimit:_:)`` resumes with
/// ``Outcome/timedOut(_:)`` once the limit passes, and the work is told to stop at the same moment: it runs with a
/// ``HapticLoading/WorkCancellation`` that the loaders check as they go (property-list values, audio blocks, render
/// blocks, custom-audio files), so it ends soon after its answer was given up, instead of running on, allocating,
/// after it (a property list that expanded until the process aborted, issue 32). What a check cannot interrupt is
/// bounded by the input's limits (an AHAP text of at most 16 MiB, one audio file of at most 32 MiB, a pattern of at
/// most ``StudioLimits/maxPatternEntries`` entries); the session waits for the end (``Job/waitUntilDone()``) before
/// it touches its state again.
///
///     let worker = StudioWorker(threadCount: 2)
///     switch await worker.perform(timeLimit: .seconds(60)) { expensiveAnalysis() } {
///     case .finished(let analysis): use(analysis)
///     case .timedOut(let job): await job.waitUntilDone()
///     }
///     worker.shutDown()
package final class StudioWorker: Sendable {
    /// What became of a request.
    package enum Outcome<Value: Sendable>: Sendable {
        /// It finished in time, with its value.
        case finished(Value)
        /// The time limit passed first; the work was told to stop, and `job` says when it has.
        case timedOut(Job)
    }

    /// One piece of work, for waiting on its end after its answer timed out.
    package final class Job: Sendable {
        private struct State {
            var isDone = false
            var waiters: [CheckedContinuation<Void, Never>] = []
        }

        private let state = LockedState(State())

        fileprivate init() {}

        /// Returns once the work has ended.
        package func waitUntilDone() async {
            await withCheckedContinuation { continuation in
                let done = state.withLock { state in
                    if !state.isDone { state.waiters.append(continuation) }
                    return state.isDone
                }
                if done { continuation.resume() }
            }
        }

        fileprivate func markDone() {
            let waiters = state.withLock { state in
                state.isDone = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        var head = 0
        var isShutDown = false
    }

    private let queue = LockedState(Queue())
    private let available = DispatchSemaphore(value: 0)
    private let threadCount: Int

    /// Starts `threadCount` threads (at least one).
    package init(threadCount: Int) {
        self.threadCount = Swift.max(1, threadCount)
        for index in 0..<self.threadCount {
            let thread = Thread { [queue, available] in Self.serve(queue, available) }
            thread.name = "haptic-studio-\(index)"
            thread.start()
        }
    }

    /// Ends the threads once the work already submitted has run.
    package func shutDown() {
        let alreadyDown = queue.withLock { queue in
            defer { queue.isShutDown = true }
            return queue.isShutDown
        }
        guard !alreadyDown else { return }
        // One wake-up more than there are jobs per thread: each thread finds the queue empty and ends.
        for _ in 0..<threadCount { available.signal() }
    }

    /// Runs `work` on one of the threads and returns its value, or ``Outcome/timedOut(_:)`` when `timeLimit` passes
    /// first (`nil`: work bounded otherwise, by the size of its input). When the limit passes, `work`'s
    /// ``HapticLoading/WorkCancellation`` (``HapticLoading/WorkCancellation/current`` while it runs) is cancelled, so
    /// the loaders it calls stop at their next check.
    package func perform<Value: Sendable>(timeLimit: Duration?, _ work: @escaping @Sendable () -> Value) async -> Outcome<Value> {
        let job = Job()
        let cancellation = WorkCancellation()
        let answer = LockedState<CheckedContinuation<Outcome<Value>, Never>?>(nil)
        return await withCheckedContinuation { continuation in
            answer.withLock { $0 = continuation }
            submit {
                let value = cancellation.run(work)
                answer.withLock { $0.take() }?.resume(returning: .finished(value))
                job.markDone()
            }
            if let timeLimit {
                DispatchQueue.global().asyncAfter(deadline: .now() + Self.interval(timeLimit)) {
                    guard let waiting = answer.withLock({ $0.take() }) else { return }
                    cancellation.cancel(reason: "the time limit of \(timeLimit) passed (StudioLimits.requestTimeLimit)")
                    waiting.resume(returning: .timedOut(job))
                }
            }
        }
    }

    private func submit(_ work: @escaping @Sendable () -> Void) {
        let accepted = queue.withLock { queue in
            guard !queue.isShutDown else { return false }
            queue.jobs.append(work)
            return true
        }
        if accepted {
            available.signal()
        } else {
            // A request that arrives while the server stops still gets its answer.
            Thread.detachNewThread(work)
        }
    }

    private static func serve(_ queue: LockedState<Queue>, _ available: DispatchSemaphore) {
        while true {
            available.wait()
            let job: (@Sendable () -> Void)? = queue.withLock { queue in
                guard queue.head < queue.jobs.count else { return nil }
                let job = queue.jobs[queue.head]
                queue.head += 1
                if queue.head == queue.jobs.count {
                    queue.jobs.removeAll(keepingCapacity: true)
                    queue.head = 0
                }
                return job
            }
            // A wake-up without a job is shutDown's.
            guard let job else { return }
            job()
        }
    }

    /// `duration` for Dispatch.
    package static func interval(_ duration: Duration) -> DispatchTimeInterval {
        .nanoseconds(Int(duration.clampedNanoseconds))
    }
}
