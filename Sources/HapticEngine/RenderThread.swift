import HapticSystem

/// The dedicated thread of one device output's render loop (not a Swift task: the loop blocks in the device), at
/// real-time priority where the system allows it.
///
/// A `SystemThread` (HapticSystem) named `haptic-render` that asks for `SCHED_FIFO` at a middle priority (40), as
/// audio engines do; without the privilege (`CAP_SYS_NICE` or an `rtprio` limit) the thread keeps normal
/// scheduling. The loop itself is ``DeviceOutput``'s; this type only starts it and waits for it to end.
final class RenderThread {
    /// The `SCHED_FIFO` priority the render thread asks for: above normal threads, below the devices' I/O threads
    /// (45), which must answer it at once.
    static let realTimePriority: Int32 = 40

    private let thread: SystemThread
    /// The thread's purpose, for diagnostics.
    var name: String { thread.name }

    /// Starts the thread at once.
    ///
    /// - Returns: `nil` when the system refuses to create a thread.
    init?(name: String, body: @escaping @Sendable () -> Void) {
        guard let thread = SystemThread.spawn(name: name, realTimePriority: Self.realTimePriority, body) else { return nil }
        self.thread = thread
    }

    /// Waits for the thread to end. Safe to call twice.
    func join() {
        thread.join()
    }
}
