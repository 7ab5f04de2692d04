import HapticPattern
import HapticSystem
import Synchronization

/// A request to stop a piece of work, honoured by the loaders: the studio's answer to a request that outlived its
/// time limit.
///
/// A server that gives up on a request must not leave its work running: the studio answered "took longer than …"
/// while a property list kept expanding on the worker thread until the process could allocate no more (issue 32).
/// So the work runs with a cancellation bound to its thread (``run(_:)``), and every loop of the loaders whose
/// length depends on the input asks ``check()`` as it goes: the property-list conversion every 4 096 values, audio
/// analysis and decoding every block, the offline render every block, custom audio before each file. Once
/// ``cancel(reason:)`` is called, the next check throws and the work unwinds as from any other error.
///
///     let cancellation = WorkCancellation()
///     timer.fire { cancellation.cancel(reason: "the time limit of 60 s passed") }
///     let result = cancellation.run { PatternLoader.check(path) }   // ends soon after the timer fires
///
/// Work that is not run inside ``run(_:)`` (the CLI, apps) sees no cancellation and is bounded by its input's limits
/// alone (``HapticPattern/PatternLimits``).
///
/// - Thread safety: ``cancel(reason:)`` from any thread; ``check()`` from the thread running the work.
package final class WorkCancellation: Sendable {
    /// The cancellation of the work running on this thread (or task), if any.
    @TaskLocal package static var current: WorkCancellation?

    private let cancelled = Atomic<Bool>(false)
    private let reason = LockedState<String>("")

    /// Creates a cancellation that is not cancelled.
    package init() {}

    /// Whether ``cancel(reason:)`` was called.
    package var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Asks the work to stop at its next ``check()``; `reason` ends up in the error it throws.
    package func cancel(reason: String) {
        self.reason.withLock { $0 = reason }
        cancelled.store(true, ordering: .releasing)
    }

    /// Runs `work` on the calling thread with this cancellation as ``current``.
    ///
    /// - Throws: What `work` throws.
    package func run<Value, Failure: Error>(_ work: () throws(Failure) -> Value) throws(Failure) -> Value {
        let result = Self.$current.withValue(self) { Result { () throws(Failure) in try work() } }
        return try result.get()
    }

    /// Throws once the work has been cancelled.
    ///
    /// - Throws: ``HapticPattern/PatternError`` with ``HapticPattern/HapticErrorCode/operationNotPermitted`` and
    ///   the reason given to ``cancel(reason:)``.
    package func check() throws(PatternError) {
        guard isCancelled else { return }
        throw PatternError(.operationNotPermitted, "stopped: \(reason.withLock { $0 })")
    }

    /// ``check()`` on the current cancellation, if there is one.
    ///
    /// - Throws: ``HapticPattern/PatternError`` as ``check()`` does.
    package static func checkCurrent() throws(PatternError) {
        try current?.check()
    }
}
