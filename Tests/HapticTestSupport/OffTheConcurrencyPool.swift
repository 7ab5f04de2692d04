import Dispatch
import HapticSystem
import Testing

/// Runs a suite's tests on two threads of their own instead of on Swift's concurrency pool.
///
/// The pool has one thread a core (two on CI's machine), and Swift Testing runs synchronous tests on it: a test that
/// waits for a `haptic` process (seconds, minutes on a loaded machine) holds a pool thread for that long. Two such
/// tests at once stop every asynchronous test in the process, and every server those tests run (the studio's): under
/// a CPU hog, studio tests waited more than 10 s for replies their server had not had a thread to send.
///
///     @Suite(.offTheConcurrencyPool) struct PlayCommandTests { … }
///
/// Suites that wait synchronously for a long time take this trait; two of their tests still run at once, as on the
/// pool of a two-core machine (each may start a process that takes hundreds of megabytes).
public struct OffTheConcurrencyPool: SuiteTrait, TestTrait, TestScoping {
    /// Applies to every test of the suite, nested suites included.
    public var isRecursive: Bool { true }

    /// A scope for each test (not for the suite as a whole).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { testCase == nil ? nil : self }

    /// Runs the test with ``BlockingTestExecutor/shared`` as its task executor.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(BlockingTestExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OffTheConcurrencyPool {
    /// Runs the suite's tests on threads of their own: see ``OffTheConcurrencyPool``.
    public static var offTheConcurrencyPool: Self { OffTheConcurrencyPool() }
}

/// A task executor with a fixed number of threads of its own, for tests that block while they wait.
public final class BlockingTestExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is touched only under its lock; the semaphore counts them.
    private let jobs = LockedState<[UnownedJob]>([])
    private let available = DispatchSemaphore(value: 0)

    /// The executor of ``OffTheConcurrencyPool``: two threads.
    public static let shared = BlockingTestExecutor(threads: 2)

    /// Starts `threads` threads that run the jobs enqueued, oldest first.
    public init(threads: Int) {
        for index in 0..<threads {
            SystemThread.detach(name: "blocking-test\(index)") { [self] in run() }
        }
    }

    /// Queues `job` for the next free thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        jobs.withLock { $0.append(unowned) }
        available.signal()
    }

    private func run() {
        while true {
            available.wait()
            guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
